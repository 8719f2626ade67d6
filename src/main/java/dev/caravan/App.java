package dev.caravan;

import org.apache.camel.main.Main;

/**
 * Starts Caravan: reads {@code application.properties} from the working directory and loads {@code routes/*.yaml}.
 * The configuration classes are named in {@code camel.main.configuration-classes}; there is no classpath scan, so
 * each runs exactly once.
 */
public final class App {

    private App() {}

    public static void main(String[] args) throws Exception {
        Main main = new Main();
        if (System.getProperty("camel.main.property-placeholder-location") == null) {
            main.setPropertyPlaceholderLocations("file:application.properties");
        }
        main.run(args);
    }
}

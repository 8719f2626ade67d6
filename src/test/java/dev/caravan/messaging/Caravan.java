package dev.caravan.messaging;

import dev.caravan.testing.LiveFolder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.camel.CamelContext;
import org.apache.camel.main.Main;

/**
 * One Caravan instance in this JVM: the real application (root application.properties, routes/*.yaml) with its own
 * temp folders and the given overrides, networked to loopback stubs only.
 */
final class Caravan implements AutoCloseable {

    final Path work;
    private final Main main;

    private Caravan(Path work, Main main) {
        this.work = work;
        this.main = main;
    }

    /** Starts an instance with JMS enabled; {@code extra} wins over the defaults set here. */
    static Caravan start(String tavilyUrl, Properties extra) throws Exception {
        Path work = Files.createTempDirectory("caravan-jms");
        Properties p = new Properties();
        p.put("camel.main.name", "caravan-" + work.getFileName());
        p.put("research.input.dir", work.resolve("input").toString());
        p.put("research.output.dir", work.resolve("output").toString());
        p.put("research.cache.dir", work.resolve("cache").toString());
        p.put("research.input.poll-delay-ms", "100");
        p.put("research.input.settle-ms", "200");
        p.put("research.tavily.base-url", tavilyUrl);
        p.put("research.tavily.api-key", dev.caravan.testing.TavilyStub.KEY);
        p.put("research.search.retry-delay-ms", "50");
        p.put("research.fetch.host-delay-ms", "50");
        p.put("research.fetch.timeout-ms", "3000");
        p.put("research.guard.allowed-addresses", "127.0.0.1/32");
        p.put("research.jobs.warm-up-rounds", "0"); // many contexts in one JVM: the first warms it for all
        p.put("research.jms.enabled", "true");
        p.put("research.jms.data-dir", work.resolve("artemis").toString());
        p.put("camel.main.shutdown-timeout", "10");
        p.putAll(extra);
        Main main = new Main();
        main.setPropertyPlaceholderLocations("file:application.properties");
        main.setOverrideProperties(p);
        main.start();
        return new Caravan(work, main);
    }

    CamelContext context() {
        return main.getCamelContext();
    }

    Path output() {
        return work.resolve("output");
    }

    /**
     * Every report this instance wrote ({@code output/<job>/<run>/<file>.md}), as {@code <job>/<file>.md}: one entry per
     * report of every run.
     */
    List<String> reports() throws IOException {
        List<String> reports = new ArrayList<>();
        for (Path f : LiveFolder.files(output(), 3, name -> name.endsWith(".md"))) {
            Path relative = output().relativize(f);
            if (relative.getNameCount() == 3)
                reports.add(relative.getName(0).resolve(relative.getName(2)).toString());
        }
        return reports;
    }

    /** The report {@code file} of the job's first run, {@code output/<job>/<run>/<file>}, or a path that does not exist. */
    Path report(String job, String file) throws IOException {
        for (Path f : LiveFolder.files(output().resolve(job), 2, name -> name.equals(file))) return f;
        return output().resolve(job).resolve("no-such-run").resolve(file);
    }

    @Override
    public void close() throws Exception {
        main.stop();
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}

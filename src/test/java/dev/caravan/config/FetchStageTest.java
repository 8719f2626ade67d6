package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.FetchSettings;
import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.GuardedDnsResolver;
import java.util.List;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.junit.jupiter.api.Test;

/** Pages, robots.txt files and search calls share one pool, and its names are resolved through the SSRF guard. */
class FetchStageTest {

    @Test
    void the_one_connection_pool_resolves_names_through_the_guard() throws Exception {
        try (PoolingHttpClientConnectionManager pool = FetchStage.connectionManager(
                new GuardSettings(true, List.of(), List.of(), List.of(), List.of()),
                new FetchSettings.Limits(1000, 1000, 1000, 3, 10, 1000))) {
            // HttpClient keeps the resolver in the pool's connection operator; it has no getter
            Object operator = field(pool, "connectionOperator");

            assertThat(field(operator, "dnsResolver"))
                    .as("the pool's DNS resolver")
                    .isInstanceOf(GuardedDnsResolver.class);
        }
    }

    private static Object field(Object target, String name) throws ReflectiveOperationException {
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            try {
                java.lang.reflect.Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(target);
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new NoSuchFieldException(name + " in " + target.getClass());
    }
}

package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.TavilyStub.Result;
import org.junit.jupiter.api.Test;

/** With monitoring off (the default) no metrics registry is built, and jobs run as usual. */
class MonitoringOffRouteTest extends PipelineTestSupport {

    @Test
    void with_metrics_off_no_registry_is_built_and_a_job_still_runs() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Nothing is measured while monitoring is off."));
        tavily.results("unmeasured", new Result(site.url("/ok"), "ok", ""));

        drop("off.txt", "unmeasured\n");

        assertThat(read(awaitReport("off/unmeasured.md"))).contains("### [1] Fine");
        assertThat(context.getRegistry().lookupByName("metricsRegistry")).isNull();
    }
}

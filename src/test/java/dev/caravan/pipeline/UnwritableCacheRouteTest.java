package dev.caravan.pipeline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A cache folder that cannot be written never fails a job: the persistent cache stays off (with a warning) and the
 * job runs. The folder is read-only; for root, whom permissions do not stop, it is one the kernel refuses to everyone
 * (under /proc).
 */
class UnwritableCacheRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        try {
            Path cache = Files.createDirectories(work.resolve("read-only-cache"));
            Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("r-xr-xr-x"));
            if (Files.isWritable(cache)) cache = Path.of("/proc/self/caravan-cache");
            p.put("research.cache.dir", cache.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void a_read_only_cache_folder_leaves_the_cache_off_and_the_job_runs() throws Exception {
        DamagedCacheRouteTest.aJobRuns(this);
    }
}

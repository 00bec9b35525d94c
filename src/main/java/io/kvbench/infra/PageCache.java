package io.kvbench.infra;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The host's page cache, dropped between interleaved rounds when a session asks for it ({@code interleave
 * --drop-caches}): every round then reads its stores from disk, not from what the previous round left cached, which
 * is one of the noise sources a measurement campaign ablates. Writes dirty pages back first ({@code sync}), then asks
 * the kernel to drop clean pages, dentries and inodes. Machine-wide: it slows everything else on the host for a while.
 *
 * @param control the kernel's control file ({@link #HOST}); a test may point it elsewhere
 */
public record PageCache(Path control) {

    /** /proc/sys/vm/drop_caches: writable by root only. */
    public static final PageCache HOST = new PageCache(Path.of("/proc/sys/vm/drop_caches"));

    /** Why this process cannot drop the cache (not root, no such file), or null when it can. */
    public String whyNot() {
        return Files.isWritable(control) ? null : control + " is not writable (dropping the page cache needs root on a "
                + "Linux host)";
    }

    /** Writes dirty pages back and drops the cache; an infrastructure failure when it cannot. */
    public void drop() {
        try {
            Process sync = new ProcessBuilder("sync").redirectErrorStream(true).start();
            sync.getInputStream().transferTo(OutputStream.nullOutputStream());
            if (!sync.waitFor(2, TimeUnit.MINUTES)) {
                sync.destroyForcibly();
                throw new InfrastructureException("sync did not finish in 2 minutes before dropping the page cache");
            }
            Files.writeString(control, "3\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new InfrastructureException("cannot drop the page cache through " + control + ": "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InfrastructureException("interrupted while dropping the page cache", e);
        }
    }
}

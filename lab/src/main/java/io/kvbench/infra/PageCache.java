package io.kvbench.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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
            Commands.output(List.of("sync"), Duration.ofMinutes(2));
            Files.writeString(control, "3\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new InfrastructureException("cannot drop the page cache through " + control + ": "
                    + e.getMessage(), e);
        }
    }
}

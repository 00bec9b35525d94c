package io.kvbench.calibration;

import io.kvbench.infra.LoopMount;
import io.kvbench.infra.PageCache;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.DuetSlot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What an A/B campaign does to the machine around its sessions, the noise sources it ablates: done by the lab around
 * kvbench's sessions, which have no hook for it. The page cache is dropped before each side's run of every round (a
 * runner that drops it before it prepares a run; in a duet the two sides' drops come as the round starts); each side's
 * stores get an ext4 file system of their own, an image loop-mounted over the side's data directory ({@code data-A},
 * {@code data-B} in the session's directory, where kvbench's interleave keeps them) for the whole session.
 *
 * @param pageCache       dropped before every run of a side ({@link PageCache#HOST}); null: left alone
 * @param storeImageBytes 0: the sides' stores live in host directories; else the size of each side's image
 */
public record SessionConditions(PageCache pageCache, long storeImageBytes) {

    /** Nothing done: stores in host directories, the page cache left alone. */
    public static final SessionConditions NONE = new SessionConditions(null, 0);

    /** What is undone when a session ends: its sides' file systems unmounted and removed. */
    public interface Mounted extends AutoCloseable {
        @Override
        void close();
    }

    /** For people: what is done around the rounds, or "" for nothing. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (pageCache != null) parts.add("page cache dropped before every round");
        if (storeImageBytes > 0) parts.add("each side's stores on its own loop-mounted ext4");
        return String.join("; ", parts);
    }

    /** {@code side}'s runner, dropping the page cache before each of its runs where asked; else {@code side}. */
    public BenchmarkRunner side(BenchmarkRunner side) {
        return pageCache == null ? side : new CacheDropping(side, pageCache);
    }

    /** Each side's data directory of the session in {@code sessionDir} on a file system of its own, where asked. */
    public Mounted mount(Path sessionDir) {
        List<LoopMount> mounts = new ArrayList<>();
        if (storeImageBytes > 0) {
            for (String side : List.of("A", "B")) {
                mounts.add(LoopMount.create(sessionDir.resolve("store-" + side + ".img"),
                        sessionDir.resolve("data-" + side), storeImageBytes));
            }
        }
        return () -> mounts.forEach(LoopMount::close);
    }

    /** A runner that drops the page cache before it prepares each run. */
    private record CacheDropping(BenchmarkRunner runner, PageCache pageCache) implements BenchmarkRunner {
        @Override
        public String name() {
            return runner.name();
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            pageCache.drop();
            return runner.prepare(heap, dataDir, note);
        }

        @Override
        public Optional<BenchmarkRunner> inDuet(DuetSlot slot) {
            return runner.inDuet(slot).map(r -> new CacheDropping(r, pageCache));
        }
    }
}

package io.kvbench.crash;

import io.kvbench.crash.fuse.PowerCut;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.infra.InfrastructureException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a crash loop's writers keep the store, and what happens to it between a killed writer and the next: nothing
 * (a process kill: the kernel keeps every write), or a power cut of the FUSE file system the store lives on.
 */
abstract class CrashStorage implements AutoCloseable {

    /** The directory writers are given (their store lives under it). */
    abstract Path writerRoot();

    /** Called after the writer of {@code cycle} was killed and has exited; returns a note for the progress log, or null. */
    abstract String afterKill(int cycle) throws IOException;

    /** What the last fault did that explains a loss, for the failure reason ("" if nothing). */
    String lastCause() {
        return "";
    }

    @Override
    public abstract void close() throws IOException;

    static CrashStorage of(Fault fault, Path dir, long seed) throws IOException {
        return fault == Fault.POWER_CUT ? new PowerCuts(dir, seed) : new Plain(dir);
    }

    /** The crash directory itself: a killed process leaves the page cache, and so every write, to the next writer. */
    private static final class Plain extends CrashStorage {
        private final Path dir;

        Plain(Path dir) {
            this.dir = dir;
        }

        @Override
        Path writerRoot() {
            return dir;
        }

        @Override
        String afterKill(int cycle) {
            return null;
        }

        @Override
        public void close() {
        }
    }

    /**
     * The store on a {@link PowerCutFs} mount ({@code <dir>/mnt} over {@code <dir>/backing}), served by this JVM; after
     * each kill the power is cut. The variant of each cut (drop every unsynced write, keep a prefix of each file's, tear
     * the last) is drawn from the seed, so a replay with the same seed cuts the same way.
     */
    private static final class PowerCuts extends CrashStorage {
        private final PowerCutFs fs;
        private final long seed;
        private final SplittableRandom variants;
        private String lastCause = "";

        PowerCuts(Path dir, long seed) throws IOException {
            PowerCutFs.unavailableReason().ifPresent(why -> {
                throw new InfrastructureException("power cuts need FUSE: " + why);
            });
            this.fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"));
            this.seed = seed;
            this.variants = new SplittableRandom(seed ^ 0x706F776572L);
        }

        @Override
        Path writerRoot() {
            return fs.mountPoint();
        }

        @Override
        String afterKill(int cycle) throws IOException {
            PowerCut.Variant variant = PowerCut.Variant.values()[variants.nextInt(PowerCut.Variant.values().length)];
            PowerCut.Result r = fs.powerCut(variant, seed * 31 + cycle);
            List<String> unnamed = r.syncedButUnnamed();
            lastCause = unnamed.isEmpty() ? "" : "; the power cut (" + variant + ") removed " + unnamed.size()
                    + " fsync'd files whose directory was never fsync'd after they were created or renamed: "
                    + String.join(", ", unnamed.subList(0, Math.min(5, unnamed.size()))) + (unnamed.size() > 5 ? ", ..." : "");
            return String.format("power cut %d (%s): %d files rolled back, %d unsynced changes undone, %d kept, %d torn; "
                    + "%d names before, %d after", cycle, variant, r.filesRolledBack(), r.changesUndone(), r.changesKept(),
                    r.tornWrites(), r.namesBefore(), r.namesAfter());
        }

        @Override
        String lastCause() {
            return lastCause;
        }

        @Override
        public void close() throws IOException {
            fs.close();
        }
    }
}

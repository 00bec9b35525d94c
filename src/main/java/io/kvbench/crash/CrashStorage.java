package io.kvbench.crash;

import io.kvbench.crash.fuse.Faults;
import io.kvbench.crash.fuse.PowerCut;
import io.kvbench.crash.fuse.PowerCutFs;
import io.kvbench.infra.InfrastructureException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a crash loop's writers keep the store, and what the fault does to it around each writer: nothing (a process
 * kill: the kernel keeps every write), or, on the FUSE file system, an fsync that fails or a disk that fills while the
 * writer writes, and a power cut (all, a prefix, a torn last write, or a reordered subset of the unsynced writes) once
 * it is killed. Every draw comes from the seed, so a replay with the same seed draws the same.
 */
abstract class CrashStorage implements AutoCloseable {

    /** Of a cycle's fault fsyncs, the one that fails is drawn among the first this many after writes start. */
    static final int FSYNC_CALLS = 8;
    /** The disk fills up a random 0..this many bytes after writes start. */
    static final long DISK_BYTES = 2L << 20;

    /**
     * What the fault did in one cycle.
     *
     * @param hitWriter the fault struck while the writer wrote (an error the writer met may be the engine reporting it)
     * @param injected  the fault happened in this cycle
     * @param note      for the progress log, or null
     */
    record CycleFault(boolean hitWriter, boolean injected, String note) {
        static final CycleFault NONE = new CycleFault(false, false, null);
    }

    /** The directory writers are given (their store lives under it). */
    abstract Path writerRoot();

    /** The writer of {@code cycle} started writing: arms what strikes while it writes. */
    void writesStarted(int cycle) {
    }

    /**
     * The writer of {@code cycle} has exited (killed, failed or finished): disarms, and unless it was the last writer,
     * does what comes before the next one (a power cut).
     */
    abstract CycleFault endCycle(int cycle, boolean last) throws IOException;

    private String interrupted = "";

    /** What the last fault did that explains a loss, for the failure reason ("" if nothing). */
    String lastCause() {
        return interrupted;
    }

    /** A kill during the reopen after this cycle's kill: said with the next check's failure. */
    void recoveryInterrupted(String what) {
        interrupted = what;
    }

    /** The FUSE file system under the store, for the corruption faults. */
    PowerCutFs fs() {
        throw new IllegalStateException("not on the power-cut file system");
    }

    @Override
    public abstract void close() throws IOException;

    static CrashStorage of(Fault fault, Path dir, long seed) throws IOException {
        return fault.needsFuse() ? new OnFuse(fault, dir, seed) : new Plain(dir);
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
        CycleFault endCycle(int cycle, boolean last) {
            recoveryInterrupted("");
            return CycleFault.NONE;
        }

        @Override
        public void close() {
        }
    }

    /** The store on a {@link PowerCutFs} mount ({@code <dir>/mnt} over {@code <dir>/backing}), served by this JVM. */
    private static final class OnFuse extends CrashStorage {
        private final Fault fault;
        private final PowerCutFs fs;
        private final long seed;
        private final SplittableRandom variants;
        private final SplittableRandom draws;
        private String lastCause = "";

        OnFuse(Fault fault, Path dir, long seed) throws IOException {
            PowerCutFs.unavailableReason().ifPresent(why -> {
                throw new InfrastructureException(fault.id() + " needs FUSE: " + why);
            });
            this.fault = fault;
            this.fs = PowerCutFs.mount(dir.resolve("backing"), dir.resolve("mnt"));
            this.seed = seed;
            this.variants = new SplittableRandom(seed ^ 0x706F776572L);
            this.draws = new SplittableRandom(seed ^ 0x6661756C74L);
        }

        @Override
        Path writerRoot() {
            return fs.mountPoint();
        }

        @Override
        PowerCutFs fs() {
            return fs;
        }

        @Override
        void writesStarted(int cycle) {
            if (fault == Fault.FSYNC_ERROR) fs.faults().failFsync(1 + draws.nextInt(FSYNC_CALLS));
            if (fault == Fault.DISK_FULL) fs.faults().fillDiskAfter(draws.nextLong(DISK_BYTES));
        }

        @Override
        CycleFault endCycle(int cycle, boolean last) throws IOException {
            Faults.Counts hit = fs.faults().take();
            fs.faults().clear(); // the space comes back, no fsync left to fail
            // a full disk strikes at an ENOSPC, or where the engine asks statfs and is told the disk is full
            boolean struck = hit.fsyncErrors() > 0 || hit.noSpace() > 0 || hit.fullReports() > 0;
            lastCause = struck ? "; " + strike(hit) : "";
            if (last || fault == Fault.DISK_FULL || fault.corrupts()) {
                return new CycleFault(struck, struck, struck ? "cycle " + cycle + ": " + strike(hit) : null);
            }
            PowerCut.Variant variant = switch (fault) {
                case FSYNC_ERROR -> PowerCut.Variant.DROP_ALL;
                case REORDER -> PowerCut.Variant.REORDER;
                // the power cut's three variants, drawn as before reordering existed
                default -> PowerCut.Variant.values()[variants.nextInt(3)];
            };
            PowerCut.Result r = fs.powerCut(variant, seed * 31 + cycle);
            List<String> unnamed = r.syncedButUnnamed();
            lastCause += unnamed.isEmpty() ? "" : "; the power cut (" + variant + ") removed " + unnamed.size()
                    + " fsync'd files whose directory was never fsync'd after they were created or renamed: "
                    + String.join(", ",
                            unnamed.subList(0, Math.min(5, unnamed.size()))) + (unnamed.size() > 5 ? ", ..." : "");
            if (r.data().lostWrites() > 0) {
                lastCause += "; the power cut dropped " + r.data().lostWrites() + " writes whose fsync had failed";
            }
            PowerCut.Data d = r.data();
            String note = String.format("power cut %d (%s): %d files rolled back, %d unsynced changes undone, %d kept, "
                    + "%d torn, %d files reordered, %d writes lost to a failed fsync; %d names before, %d after%s",
                    cycle, variant, d.filesRolledBack(), d.changesUndone(), d.changesKept(), d.tornWrites(),
                    d.reorderedFiles(),
                    d.lostWrites(), r.names().before(), r.names().after(), struck ? "; " + strike(hit) : "");
            boolean injected = fault == Fault.REORDER ? d.reorderedFiles() > 0 : struck;
            return new CycleFault(struck, injected, note);
        }

        private static String strike(Faults.Counts hit) {
            if (hit.fsyncErrors() > 0) return "an fsync failed with EIO while the writer wrote";
            return "the disk was full (" + hit.noSpace() + " writes refused with ENOSPC, " + hit.fullReports()
                    + " statfs calls told so) while the writer wrote";
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

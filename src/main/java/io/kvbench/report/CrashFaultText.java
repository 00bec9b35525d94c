package io.kvbench.report;

import io.kvbench.crash.Fault;

/** What a crash table's cycles did, in words under the table (docs/crash-faults.md says it at length). */
final class CrashFaultText {

    private static final String CYCLE = "Each cycle: a fresh writer process reopens the store (recovery), its state is "
            + "checked against the previous writer's ledger, then it writes seeded puts and deletes until SIGKILL "
            + "after a random delay. Acknowledged: operations that returned; promised: those the engine's declared "
            + "durability must keep (every write, or up to the last flush). Counts of lost, resurrected and corrupt "
            + "are keys.";

    private CrashFaultText() {
    }

    static String explanation(Fault fault) {
        return switch (fault) {
            case PROCESS_KILL -> CYCLE;
            case POWER_CUT -> CYCLE + " After each kill the power was cut: the store's FUSE file system dropped what "
                    + "was not fsync'd (every unsynced write, a seeded prefix of each file's, or all but a torn last "
                    + "write; names not made durable by a directory fsync), and the promise checked is the one "
                    + "declared for a power cut.";
            case FSYNC_ERROR -> CYCLE + " While each writer wrote, one of its first fsync or fdatasync calls (drawn "
                    + "from the seed) failed with EIO, and what that file had written since its last sync never "
                    + "reached the disk (the kernel marks such pages clean: a retried fsync succeeds with nothing to "
                    + "write); after the kill the power was cut, dropping everything unsynced. An engine that reported "
                    + "the error is fine; one that acknowledged a flush after it and lost the writes broke its "
                    + "power-cut promise. Fault hit: cycles with a failed fsync; engine reported it: cycles whose "
                    + "writer met an error.";
            case DISK_FULL -> CYCLE + " While each writer wrote, the disk filled up at a byte drawn from the seed "
                    + "(writes, truncates and fallocates that grow files answered ENOSPC); the space came back before "
                    + "the next writer reopened the store. A write acknowledged on the full disk that is missing after "
                    + "the reopen, or a store that cannot be reopened, broke the promise after a kill. Fault hit: "
                    + "cycles that ran out of space or whose statfs told the engine so; engine reported it: cycles "
                    + "whose writer met an error.";
            case REORDER -> CYCLE + " After each kill the power was cut so that, per page the unsynced writes touched "
                    + "(in every file), a random number of that page's writes reached the disk, oldest first: the kept "
                    + "writes are any subset of pages, not a prefix. Fault hit: cuts that kept writes out of order.";
            case BIT_FLIP, READ_ERROR -> "Each cycle: a writer reopens the store (checked), writes a seeded number of "
                    + "operations and closes it; then " + (fault == Fault.BIT_FLIP
                    ? "one bit of a fully synced store file is flipped"
                    : "one 512-byte sector of a fully synced store file fails every read with EIO")
                    + " (the file by its length, the place uniformly, from the seed), a reader reopens the store and "
                    + "reads every key, and the store is put back. Detected: the open or a read failed; wrong data: a "
                    + "value, key or absence the history does not give, without an error; crash: the reader died or "
                    + "hung. Wrong data breaks the promise of an engine that declares checksums on every read; for the "
                    + "others the counts are information.";
            case KILL_IN_RECOVERY -> CYCLE + " After each kill, another process reopened the store and was SIGKILLed a "
                    + "random time into the reopen (up to twice the median reopen time so far); the next writer must "
                    + "recover what that left. Fault hit: kills that landed before the store was open.";
        };
    }
}

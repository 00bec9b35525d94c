package io.kvbench.report;

import io.kvbench.crash.Fault;

/** What a crash table's cycles did, in words under the table (docs/crash-faults.md says it at length). */
final class CrashFaultText {

    private static final String CYCLE = "Each cycle: a fresh writer process reopens the store (recovery), its state is "
            + "checked against the previous writer's ledger, then it writes seeded puts and deletes until SIGKILL after a "
            + "random delay. Acknowledged: operations that returned; promised: those the engine's declared durability "
            + "must keep (every write, or up to the last flush). Counts of lost, resurrected and corrupt are keys.";

    private CrashFaultText() {
    }

    static String explanation(Fault fault) {
        return switch (fault) {
            case PROCESS_KILL -> CYCLE;
            case POWER_CUT -> CYCLE + " After each kill the power was cut: the store's FUSE file system dropped what was "
                    + "not fsync'd (every unsynced write, a seeded prefix of each file's, or all but a torn last write; "
                    + "names not made durable by a directory fsync), and the promise checked is the one declared for a "
                    + "power cut.";
        };
    }
}

package io.kvbench.crash;

import io.kvbench.engine.Durability;
import io.kvbench.engine.Durability.Guarantee;

/** What happens to the writer in a crash cycle, and which of the adapter's declared promises the check holds it to. */
public enum Fault {
    /** SIGKILL of the writer process: the kernel keeps everything written, synced or not. */
    PROCESS_KILL("process-kill", "kill", "after kill"),
    /**
     * SIGKILL, then a power cut of the file system the store lives on (a FUSE mount that forgets what was not fsync'd:
     * {@link io.kvbench.crash.fuse.PowerCutFs}).
     */
    POWER_CUT("power-cut", "power cut", "after power cut");

    private final String id;
    private final String noun;
    private final String promiseHeading;

    Fault(String id, String noun, String promiseHeading) {
        this.id = id;
        this.noun = noun;
        this.promiseHeading = promiseHeading;
    }

    /** As on the command line and in crash-results.json. */
    public String id() {
        return id;
    }

    /** "kill" or "power cut", for messages. */
    public String noun() {
        return noun;
    }

    /** Column heading of the promise in reports. */
    public String promiseHeading() {
        return promiseHeading;
    }

    /** What the adapter declares survives this fault. */
    public Guarantee promise(Durability durability) {
        return this == POWER_CUT ? durability.powerLoss() : durability.processKill();
    }

    /** The fault of a result; results written before faults existed were process kills. */
    public static Fault of(String id) {
        if (id == null) return PROCESS_KILL;
        for (Fault f : values()) if (f.id.equals(id)) return f;
        throw new IllegalArgumentException("unknown fault '" + id + "': expected process-kill or power-cut");
    }
}

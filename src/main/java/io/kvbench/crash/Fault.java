package io.kvbench.crash;

import io.kvbench.engine.Durability.Guarantee;
import io.kvbench.engine.Durability;
import io.kvbench.input.BadInputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What happens to the store in a crash cycle, and which of the adapter's declared promises the check holds it to. Every
 * fault but the process kill and the kill during recovery needs the FUSE file system of {@link io.kvbench.crash.fuse}.
 */
public enum Fault {
    /** SIGKILL of the writer process: the kernel keeps everything written, synced or not. */
    PROCESS_KILL("process-kill", "kill", "kill", Promise.PROCESS_KILL),
    /** SIGKILL, then a power cut: unsynced writes (all, a prefix per file, or a torn last one) and names dropped. */
    POWER_CUT("power-cut", "power cut", "power cut", Promise.POWER_LOSS),
    /**
     * One seeded fsync/fdatasync of a file fails with EIO, and that file's unsynced data never reaches the disk (the
     * kernel marked it clean: a retried fsync succeeds with nothing to write); then SIGKILL and a power cut.
     */
    FSYNC_ERROR("fsync-error", "fsync error", "power cut", Promise.POWER_LOSS),
    /** The disk fills up at a seeded byte (ENOSPC on growth), then SIGKILL; the space comes back before the reopen. */
    DISK_FULL("disk-full", "full disk", "kill", Promise.PROCESS_KILL),
    /** SIGKILL, then a power cut keeping a random subset of unsynced pages (a random prefix of each page's writes). */
    REORDER("reorder", "reordering power cut", "power cut", Promise.POWER_LOSS),
    /** A clean close, then one bit of a synced file flipped (silent corruption). */
    BIT_FLIP("bit-flip", "bit flip", "bit flip", Promise.CHECKSUMS),
    /** A clean close, then one sector of a synced file fails every read with EIO (a latent sector error). */
    READ_ERROR("read-error", "read error", "read error", Promise.CHECKSUMS),
    /** SIGKILL, then SIGKILL of the next process while it reopens (recovers) the store, then a reopen. */
    KILL_IN_RECOVERY("kill-in-recovery", "kill during recovery", "kill", Promise.PROCESS_KILL);

    /** Which declaration a fault's check reads. */
    enum Promise { PROCESS_KILL, POWER_LOSS, CHECKSUMS }

    private final String id;
    private final String noun;
    private final String event;
    private final Promise promise;

    Fault(String id, String noun, String event, Promise promise) {
        this.id = id;
        this.noun = noun;
        this.event = event;
        this.promise = promise;
    }

    /** As on the command line and in crash-results.json. */
    public String id() {
        return id;
    }

    /** "kill", "power cut", "fsync error", ..., for messages and counts. */
    public String noun() {
        return noun;
    }

    /** "a kill", "an fsync error", for sentences. */
    public String aNoun() {
        return (noun.startsWith("fsync") ? "an " : "a ") + noun;
    }

    /** "kills", "power cuts", "kills during recovery". */
    public String nouns() {
        int space = noun.indexOf(" during ");
        return space < 0 ? noun + "s" : noun.substring(0, space) + "s" + noun.substring(space);
    }

    /** What comes just before a check, as the reasons name it: "after the power cut of cycle 3". */
    public String event() {
        return event;
    }

    /** Column heading of the promise in reports. */
    public String promiseHeading() {
        return promise == Promise.CHECKSUMS ? "checksums" : "after " + event;
    }

    /** The store lives on the FUSE file system that injects the fault. */
    public boolean needsFuse() {
        return this != PROCESS_KILL && this != KILL_IN_RECOVERY;
    }

    /**
     * Happens only when the cycle's timing lets it (an fsync to fail, space to run out, a kill to land in recovery, a
     * write to reorder, a synced file to corrupt): results count the cycles it happened in.
     */
    public boolean injects() {
        return this != PROCESS_KILL && this != POWER_CUT;
    }

    /** Strikes while the writer writes (an fsync error, a full disk), so the engine can report it to the writer. */
    public boolean strikesWhileWriting() {
        return this == FSYNC_ERROR || this == DISK_FULL;
    }

    /** Corrupts synced data after a clean close instead of crashing a writer. */
    public boolean corrupts() {
        return promise == Promise.CHECKSUMS;
    }

    /**
     * What the adapter declares survives this fault. A corruption fault follows a clean close, after which every write
     * is there to be read: what it checks is whether damage is detected ({@link Durability#checksums()}).
     */
    public Guarantee promise(Durability durability) {
        return switch (promise) {
            case PROCESS_KILL -> durability.processKill();
            case POWER_LOSS -> durability.powerLoss();
            case CHECKSUMS -> Guarantee.EVERY_WRITE;
        };
    }

    /** The fault of a result; results written before faults existed were process kills. */
    public static Fault of(String id) {
        if (id == null) return PROCESS_KILL;
        for (Fault f : values()) if (f.id.equals(id)) return f;
        throw new BadInputException("unknown fault '" + id + "': expected one of " + ids());
    }

    /** Every fault id, comma-separated. */
    public static String ids() {
        return Arrays.stream(values()).map(Fault::id).collect(Collectors.joining(", "));
    }
}

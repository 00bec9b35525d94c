package io.kvbench.engine;

import io.kvbench.input.BadInputException;
import java.util.Objects;

/**
 * What an engine, configured as its adapter configures it, keeps when things go wrong. Crash tests read this instead of
 * special-casing engine names.
 *
 * @param processKill      what survives the process being killed (SIGKILL) while the OS keeps running
 * @param powerLoss        what survives a power cut or kernel crash (only fsync'd data)
 * @param prefixConsistent after a process kill, the recovered state is a prefix of the acknowledged write history
 *                         (no write is kept while an earlier one is lost); the power-cut test holds an engine to it
 *                         as well where {@code powerLoss} promises something
 * @param setting          the engine setting that gives these guarantees, e.g. "WAL on, sync=false"
 * @param source           where the engine documents it (URL or document and section)
 * @param checksums        what the engine's checksums cover under this setting, with its own source: whether damage to
 *                         synced data (a flipped bit, a sector that fails reads) is reported or read as data
 */
public record Durability(Guarantee processKill, Guarantee powerLoss, boolean prefixConsistent, String setting,
                         String source, Checksums checksums) {

    /**
     * What the engine verifies when it reads its files.
     *
     * @param coverage what is checked
     * @param source   where the engine's format or code shows it (URL, or file and version)
     */
    public record Checksums(Coverage coverage, String source) {
        public Checksums {
            Objects.requireNonNull(coverage, "coverage");
            Objects.requireNonNull(source, "source");
        }
    }

    /** How much of what an engine reads from its files a checksum covers. */
    public enum Coverage {
        /** Every read of stored data and metadata verifies a checksum: damage is an error, never data. */
        EVERY_READ,
        /** Some structures are verified (a log on recovery, headers, pointers), others are read unchecked. */
        PARTIAL,
        /** Nothing is checksummed. */
        NONE
    }

    /** The strength of a guarantee, strongest first. */
    public enum Guarantee {
        /** Every acknowledged put or delete survives. */
        EVERY_WRITE,
        /** Writes acknowledged before the last completed {@link KvStore#flush()} survive. */
        AFTER_FLUSH,
        /** Only a clean {@link KvStore#close()} persists anything; a crash may lose everything since the last close. */
        AFTER_CLOSE,
        /** Nothing is promised: the store may be lost or unopenable. */
        NONE;

        /** True when this guarantee keeps at least what {@code other} keeps. */
        public boolean atLeast(Guarantee other) {
            return ordinal() <= other.ordinal();
        }
    }

    public Durability {
        Objects.requireNonNull(processKill, "processKill");
        Objects.requireNonNull(powerLoss, "powerLoss");
        Objects.requireNonNull(setting, "setting");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(checksums, "checksums: declare what the engine checks (Capabilities.Builder.checksums)");
        if (!processKill.atLeast(powerLoss)) {
            throw new BadInputException("a power cut cannot keep more than a process kill: processKill="
                    + processKill + ", powerLoss=" + powerLoss);
        }
    }
}

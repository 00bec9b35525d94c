package io.kvbench.engine;

import io.kvbench.input.BadInputException;
import java.util.Objects;

/**
 * What an engine promises, declared as data by its adapter. Tests and benchmarks read these declarations: an ordering
 * test runs only where {@link #ordered()} holds, a concurrency test only where writers may run concurrently, and so on.
 * Adapters build it by name ({@link #builder()}); the accessors of the parts are repeated here so callers read
 * {@code capabilities.ordered()}.
 *
 * @param access     how the store may be read and written (iteration, order, threads, write-once)
 * @param limits     the largest key and value the store accepts
 * @param durability what survives a process kill or a power cut under the adapter's setting
 * @param settings   how the adapter configures the engine (sync mode, caches, compression), for readers of results
 * @param notes      anything else a reader of results must know (tuning, caveats), with sources
 */
public record Capabilities(Access access, Limits limits, Durability durability, EngineSettings settings, String notes) {

    /**
     * @param scans             the store can iterate its entries ({@link KvStore#scan} with open bounds)
     * @param ordered           iteration yields keys in unsigned lexicographic byte order
     * @param rangeScans        {@link KvStore#scan} accepts bounds (implies ordered)
     * @param concurrentReaders many threads may read one store object at once
     * @param concurrentWriters many threads may write (and read) one store object at once
     * @param writeOnce         writes must all come before the first read; the store is then sealed and read-only
     */
    public record Access(boolean scans, boolean ordered, boolean rangeScans, boolean concurrentReaders,
                         boolean concurrentWriters, boolean writeOnce) {

        public Access {
            if (rangeScans && !ordered) throw new BadInputException("range scans need an ordered engine");
            if (ordered && !scans) {
                throw new BadInputException("an ordered engine must be able to iterate (scans)");
            }
            if (concurrentWriters && !concurrentReaders) {
                throw new BadInputException("an engine with concurrent writers must allow concurrent readers");
            }
        }
    }

    /**
     * The keys and values a store accepts; every engine stores zero-length values and reads them back as zero-length
     * (the contract tests check it).
     *
     * @param maxKeyBytes   the longest key the store accepts (keys are 1..maxKeyBytes bytes)
     * @param maxValueBytes the longest value the store accepts
     */
    public record Limits(int maxKeyBytes, int maxValueBytes) {

        public Limits {
            if (maxKeyBytes < 1 || maxValueBytes < 0) {
                throw new BadInputException("bad size limits: key " + maxKeyBytes + ", value " + maxValueBytes);
            }
        }
    }

    public Capabilities {
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(durability, "durability");
        Objects.requireNonNull(settings, "settings: every adapter states how it configures its engine");
        Objects.requireNonNull(notes, "notes");
    }

    public boolean scans() {
        return access.scans();
    }

    public boolean ordered() {
        return access.ordered();
    }

    public boolean rangeScans() {
        return access.rangeScans();
    }

    public boolean concurrentReaders() {
        return access.concurrentReaders();
    }

    public boolean concurrentWriters() {
        return access.concurrentWriters();
    }

    public boolean writeOnce() {
        return access.writeOnce();
    }

    public int maxKeyBytes() {
        return limits.maxKeyBytes();
    }

    public int maxValueBytes() {
        return limits.maxValueBytes();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Named setters, so that an adapter's declaration reads as a list of promises. */
    public static final class Builder {
        private boolean scans = true;
        private boolean ordered;
        private boolean rangeScans;
        private boolean concurrentReaders;
        private boolean concurrentWriters;
        private boolean writeOnce;
        private int maxKeyBytes = Integer.MAX_VALUE;
        private int maxValueBytes = Integer.MAX_VALUE;
        private Durability.Guarantee processKill;
        private Durability.Guarantee powerLoss;
        private boolean prefixConsistent;
        private String setting;
        private String source;
        private Durability.Checksums checksums;
        private EngineSettings settings;
        private String notes = "";

        private Builder() {
        }

        /** Ordered iteration and range scans. */
        public Builder orderedWithRangeScans() {
            this.ordered = true;
            this.rangeScans = true;
            return this;
        }

        /** Ordered iteration without a range API (full scans come in key order; bounded scans are refused). */
        public Builder ordered() {
            this.ordered = true;
            return this;
        }

        /** The engine cannot iterate its entries at all (point operations only). */
        public Builder noScans() {
            this.scans = false;
            return this;
        }

        /** One store object may be used by many threads for reads and writes. */
        public Builder threadSafe() {
            this.concurrentReaders = true;
            this.concurrentWriters = true;
            return this;
        }

        public Builder concurrentReadersOnly() {
            this.concurrentReaders = true;
            this.concurrentWriters = false;
            return this;
        }

        public Builder writeOnce() {
            this.writeOnce = true;
            return this;
        }

        public Builder maxKeyBytes(int maxKeyBytes) {
            this.maxKeyBytes = maxKeyBytes;
            return this;
        }

        public Builder maxValueBytes(int maxValueBytes) {
            this.maxValueBytes = maxValueBytes;
            return this;
        }

        public Builder durability(Durability.Guarantee processKill, Durability.Guarantee powerLoss,
                                  boolean prefixConsistent, String setting, String source) {
            this.processKill = processKill;
            this.powerLoss = powerLoss;
            this.prefixConsistent = prefixConsistent;
            this.setting = setting;
            this.source = source;
            return this;
        }

        /** What the engine's checksums cover under the adapter's setting, and where its format or code shows it. */
        public Builder checksums(Durability.Coverage coverage, String source) {
            this.checksums = new Durability.Checksums(coverage, source);
            return this;
        }

        /** How the adapter configures the engine: see {@link EngineSettings}. */
        public Builder settings(String sync, String memory, String compression) {
            this.settings = new EngineSettings(sync, memory, compression);
            return this;
        }

        public Builder notes(String notes) {
            this.notes = notes;
            return this;
        }

        public Capabilities build() {
            Durability durability = processKill == null ? null
                    : new Durability(processKill, powerLoss, prefixConsistent, setting, source, checksums);
            return new Capabilities(
                    new Access(scans, ordered, rangeScans, concurrentReaders, concurrentWriters, writeOnce),
                    new Limits(maxKeyBytes, maxValueBytes), durability, settings, notes);
        }
    }
}

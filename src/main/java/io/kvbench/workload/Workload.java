package io.kvbench.workload;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.engine.Capabilities;
import io.kvbench.input.BadInputException;
import java.util.Objects;

/**
 * A named workload, read from {@code kvbench/workloads.json} (one flat object per workload). The fields are data; the
 * benchmarks interpret them, and a profile sizes them ({@link Profile#records(String)} by {@link #family()}).
 *
 * @param name         unique name, e.g. {@code tc-seq-write}
 * @param about        what it measures and where it comes from
 * @param dataset      the records: key and value formats and sizes, order, seed
 * @param shape        what is measured and how a pass visits the records
 * @param operations   threads and the operations of timed workloads
 * @param calls        how a pass reaches the engine
 * @param warmupPasses at least this many warm-up passes whatever the profile says (0: the profile's): the source's
 *                     warm-up, for passes so short that a profile's few would time code the JIT has not compiled
 */
public record Workload(String name, @JsonUnwrapped About about, @JsonUnwrapped Dataset dataset,
                       @JsonUnwrapped Shape shape, @JsonUnwrapped Operations operations, @JsonUnwrapped Calls calls,
                       int warmupPasses) {

    public enum KeyFormat { DECIMAL8, LONG8, YCSB, MD5_HEX, SHA1, RANDOM_BYTES }

    /** SAME_AS_KEY (Tokyo Cabinet), RANDOM bytes, POSITION8 (a long file offset), CONSTANT (HestiaStore's phrase). */
    public enum ValueFormat { SAME_AS_KEY, RANDOM, POSITION8, CONSTANT }

    public enum Phase { WRITE_PASS, READ_PASS, OPERATIONS }

    public enum Order { SEQUENTIAL, RANDOM, REVERSE }

    public enum Preload { NONE, SEQUENTIAL, RANDOM }

    public enum Distribution { UNIFORM, ZIPFIAN, LATEST, SEQUENTIAL }

    public enum Access { OPERATION, PASS, SCAN }

    /** The shortest variable-size key or value (the DataStore4J suite's lower bound). */
    public static final int MIN_VARIABLE_BYTES = 10;

    /**
     * @param description what it measures, in one sentence
     * @param source      the published comparison it reproduces
     * @param family      which published suite it belongs to; profiles size datasets per family
     */
    public record About(String description, String source, String family) {
        public About {
            description = description == null ? "" : description;
            source = source == null ? "" : source;
        }
    }

    /**
     * @param key           key format
     * @param keyBytes      key length for {@link KeyFormat#RANDOM_BYTES} (maximum when variable)
     * @param value         value format
     * @param valueBytes    value length for {@link ValueFormat#RANDOM} (maximum when variable)
     * @param variableSizes random key/value lengths in [10, keyBytes) and [10, valueBytes) instead of fixed ones, as
     * the
     *                      DataStore4J suite draws them (Random.nextInt(10, size) in its BenchmarkWrite)
     * @param sortKeys      the dataset's records are numbered in unsigned key order (so SEQUENTIAL walks the key space
     *                      in order, as hestia-key-order-read does; else in the order they are generated and loaded)
     * @param seed          seed of every random choice, so that a dataset is reproducible
     */
    public record Dataset(KeyFormat key, int keyBytes, ValueFormat value, int valueBytes, boolean variableSizes,
                          boolean sortKeys, long seed) {
    }

    /**
     * @param phase               what is measured: one pass writing, one pass reading, or timed operations
     * @param order               the order in which a pass visits records
     * @param fraction            the share of records a pass visits (sha1-search-10pct visits 0.01, as its source does)
     * @param preload             how records are loaded before a read pass or operations (NONE for write passes)
     * @param reopenEachIteration close and reopen the store before every iteration (cold-open reads)
     * @param closeInPass         a write pass ends with close() (load and persist) instead of flush()
     */
    public record Shape(Phase phase, Order order, double fraction, Preload preload, boolean reopenEachIteration,
                        boolean closeInPass) {
        public Shape {
            order = order == null ? Order.SEQUENTIAL : order;
            preload = preload != null || phase == null ? preload
                    : phase == Phase.WRITE_PASS ? Preload.NONE : Preload.SEQUENTIAL;
            fraction = fraction == 0 ? 1.0 : fraction;
        }
    }

    /**
     * @param threads       benchmark threads sharing one store
     * @param mix           operation proportions, for {@link Phase#OPERATIONS}
     * @param distribution  which record an operation touches, for {@link Phase#OPERATIONS}
     * @param maxScanLength scans read 1..maxScanLength records (uniform), as YCSB's workload E
     */
    public record Operations(int threads, Mix mix, Distribution distribution, int maxScanLength) {
        public Operations {
            threads = threads == 0 ? 1 : threads;
            mix = mix == null ? Mix.READ_ONLY : mix;
            distribution = distribution == null ? Distribution.UNIFORM : distribution;
            maxScanLength = maxScanLength == 0 ? 100 : maxScanLength;
        }
    }

    /**
     * @param access       how a pass reaches the engine: OPERATION (each get or put on its own, the way applications
     *                     call an engine), PASS (the whole pass in one transaction: one read view and cursor for a read
     *                     pass, one write transaction for a write pass, where the engine has them) or SCAN (a read pass
     *                     that walks every entry with one cursor instead of looking keys up), as the published
     *                     benchmark did
     * @param accessSource the source file that shows the access pattern, for PASS and SCAN (where it came from)
     */
    public record Calls(Access access, String accessSource) {
        public Calls {
            access = access == null ? Access.OPERATION : access;
            accessSource = accessSource == null ? "" : accessSource;
        }
    }

    /** Operation proportions; they sum to 1. */
    public record Mix(double read, double update, double insert, double scan, double readModifyWrite) {
        public Mix {
            double sum = read + update + insert + scan + readModifyWrite;
            if (Math.abs(sum - 1.0) > 1e-9 || read < 0 || update < 0 || insert < 0 || scan < 0 || readModifyWrite < 0) {
                throw new BadInputException("operation mix must be non-negative and sum to 1, was " + sum);
            }
        }

        public static final Mix READ_ONLY = new Mix(1, 0, 0, 0, 0);

        boolean writes() {
            return update > 0 || insert > 0 || readModifyWrite > 0;
        }
    }

    /**
     * True when the work is the same on every machine: a pass (a fixed number of records), or timed operations that
     * only read a preloaded store. Timed writes are not: a faster machine writes more in the same seconds, so its store
     * grows more, and a disk footprint says nothing portable.
     */
    public boolean fixedWork() {
        return phase() != Phase.OPERATIONS || !mix().writes();
    }

    public Workload {
        Objects.requireNonNull(name, "name");
        about = about == null ? new About(null, null, null) : about;
        dataset = dataset == null ? new Dataset(null, 0, null, 0, false, false, 0) : dataset;
        shape = shape == null ? new Shape(null, null, 0, null, false, false) : shape;
        operations = operations == null ? new Operations(0, null, null, 0) : operations;
        calls = calls == null ? new Calls(null, null) : calls;
        Objects.requireNonNull(about.family(), "family of workload " + name);
        Objects.requireNonNull(dataset.key(), "key of workload " + name);
        Objects.requireNonNull(dataset.value(), "value of workload " + name);
        Objects.requireNonNull(shape.phase(), "phase of workload " + name);
        Phase phase = shape.phase();
        Access access = calls.access();
        double fraction = shape.fraction();
        int threads = operations.threads();
        if (access == Access.PASS && phase == Phase.OPERATIONS && operations.mix().read() < 1) {
            throw new BadInputException(name
                    + ": access PASS over operations is for reads only (one read view per thread per iteration)");
        }
        boolean fullSequentialRead = phase == Phase.READ_PASS && shape.order() == Order.SEQUENTIAL && fraction == 1.0;
        if (access == Access.SCAN && !fullSequentialRead) {
            throw new BadInputException(name
                    + ": access SCAN is for a sequential read pass over every record (one cursor walk)");
        }
        if (access != Access.OPERATION && calls.accessSource().isBlank()) {
            throw new BadInputException(name + ": access " + access
                    + " needs accessSource, the benchmark source it follows");
        }
        if (warmupPasses < 0 || (warmupPasses > 0 && phase == Phase.OPERATIONS)) {
            throw new BadInputException(name
                    + ": warmupPasses is a number of passes (>= 0), for pass workloads");
        }
        if (fraction <= 0 || fraction > 1) throw new BadInputException(name + ": fraction must be in (0, 1]");
        if (threads < 1) throw new BadInputException(name + ": threads must be >= 1");
        if (phase != Phase.OPERATIONS && threads != 1) {
            throw new BadInputException(name + ": passes are single-threaded; use OPERATIONS for threads");
        }
        if (phase == Phase.WRITE_PASS && shape.preload() != Preload.NONE) {
            throw new BadInputException(name + ": a write pass starts from an empty store (preload NONE)");
        }
        KeyFormat key = dataset.key();
        ValueFormat value = dataset.value();
        if ((key == KeyFormat.RANDOM_BYTES && dataset.keyBytes() < 1)
                || (value == ValueFormat.RANDOM && dataset.valueBytes() < 0)) {
            throw new BadInputException(name + ": keyBytes/valueBytes missing for random keys or values");
        }
        if (dataset.variableSizes() && ((key == KeyFormat.RANDOM_BYTES && dataset.keyBytes() <= MIN_VARIABLE_BYTES)
                || (value == ValueFormat.RANDOM && dataset.valueBytes() <= MIN_VARIABLE_BYTES))) {
            throw new BadInputException(name + ": variable sizes need keyBytes and valueBytes above "
                    + MIN_VARIABLE_BYTES);
        }
    }

    public String description() {
        return about.description();
    }

    public String source() {
        return about.source();
    }

    public String family() {
        return about.family();
    }

    public KeyFormat key() {
        return dataset.key();
    }

    public int keyBytes() {
        return dataset.keyBytes();
    }

    public ValueFormat value() {
        return dataset.value();
    }

    public int valueBytes() {
        return dataset.valueBytes();
    }

    public boolean variableSizes() {
        return dataset.variableSizes();
    }

    public boolean sortKeys() {
        return dataset.sortKeys();
    }

    public long seed() {
        return dataset.seed();
    }

    public Phase phase() {
        return shape.phase();
    }

    public Order order() {
        return shape.order();
    }

    public double fraction() {
        return shape.fraction();
    }

    public Preload preload() {
        return shape.preload();
    }

    public boolean reopenEachIteration() {
        return shape.reopenEachIteration();
    }

    public boolean closeInPass() {
        return shape.closeInPass();
    }

    public int threads() {
        return operations.threads();
    }

    public Mix mix() {
        return operations.mix();
    }

    public Distribution distribution() {
        return operations.distribution();
    }

    public int maxScanLength() {
        return operations.maxScanLength();
    }

    public Access access() {
        return calls.access();
    }

    public String accessSource() {
        return calls.accessSource();
    }

    /** True for single-shot passes (score in seconds per pass), false for timed operations (ops/s). */
    public boolean isPass() {
        return phase() != Phase.OPERATIONS;
    }

    /**
     * Why this workload cannot run on an engine with these capabilities, or null when it can. The reason is shown as
     * "n/a (reason)" in reports; it is never turned into a zero.
     */
    public String unsupportedReason(Capabilities caps) {
        boolean writesAfterReads = phase() == Phase.OPERATIONS && mix().writes();
        if (caps.writeOnce() && writesAfterReads) return "write-once engine: no writes after the first read";
        if (mix().scan() > 0 && phase() == Phase.OPERATIONS && !caps.rangeScans()) {
            return "no range scans (unordered engine)";
        }
        if (access() == Access.SCAN && !caps.scans()) return "cannot iterate its entries (the pass is a cursor walk)";
        if (threads() > 1 && writesAfterReads && !caps.concurrentWriters()) return "no concurrent writers on one store";
        if (threads() > 1 && !caps.concurrentReaders()) return "no concurrent readers on one store";
        int longestKey = switch (key()) {
            case DECIMAL8, LONG8 -> 8;
            case YCSB -> 23;
            case MD5_HEX -> 32;
            case SHA1 -> 20;
            case RANDOM_BYTES -> keyBytes();
        };
        if (longestKey > caps.maxKeyBytes()) return "keys of " + longestKey + " B exceed the engine's limit of "
                + caps.maxKeyBytes() + " B";
        if (value() == ValueFormat.RANDOM && valueBytes() > caps.maxValueBytes()) {
            return "values of " + valueBytes() + " B exceed the engine's limit of " + caps.maxValueBytes() + " B";
        }
        return null;
    }
}

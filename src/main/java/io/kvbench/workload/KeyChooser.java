package io.kvbench.workload;

import java.util.SplittableRandom;

/**
 * Picks the record a YCSB-style operation touches, as YCSB's request distributions define them. One instance per
 * thread;
 * nothing is allocated per call.
 */
public abstract class KeyChooser {

    /** The record index for the next operation, given how many records exist now. */
    public abstract long next(SplittableRandom random, long records);

    public static KeyChooser of(Workload.Distribution distribution, long records) {
        return switch (distribution) {
            case UNIFORM -> new Uniform();
            case ZIPFIAN -> new ScrambledZipfian(records);
            case LATEST -> new Latest(records);
            case SEQUENTIAL -> new Sequential();
        };
    }

    static final class Uniform extends KeyChooser {
        @Override
        public long next(SplittableRandom random, long records) {
            return random.nextLong(records);
        }
    }

    /** A cursor walking the records in order, wrapping at the end (HestiaStore's sequential lookups). */
    static final class Sequential extends KeyChooser {
        private long cursor;

        @Override
        public long next(SplittableRandom random, long records) {
            if (cursor >= records) cursor = 0;
            return cursor++;
        }
    }

    /**
     * YCSB's "zipfian" request distribution: a zipfian over a huge item space whose ranks are scattered with an FNV
     * hash, so that popular records are spread over the key space instead of clustered at the start.
     */
    static final class ScrambledZipfian extends KeyChooser {
        /** YCSB's ScrambledZipfianGenerator draws from 10 billion items with this precomputed zeta for theta 0.99. */
        private static final long ITEM_COUNT = 10_000_000_000L;
        private static final double ZETAN = 26.46902820178302;
        private final ZipfianGenerator zipfian = new ZipfianGenerator(ITEM_COUNT, ZipfianGenerator.YCSB_CONSTANT,
                ZETAN);
        private final long baseRecords;

        ScrambledZipfian(long records) {
            this.baseRecords = records;
        }

        @Override
        public long next(SplittableRandom random, long records) {
            // As in YCSB, the hot set is fixed over the records loaded before the run.
            return Long.remainderUnsigned(Keys.fnv1a64(zipfian.next(random)), baseRecords);
        }
    }

    /** YCSB's "latest": recently inserted records are the most popular (zipfian over recency). */
    static final class Latest extends KeyChooser {
        private final ZipfianGenerator zipfian;

        Latest(long records) {
            this.zipfian = new ZipfianGenerator(records, ZipfianGenerator.YCSB_CONSTANT);
        }

        @Override
        public long next(SplittableRandom random, long records) {
            long offset = zipfian.next(random);
            return Math.max(0, records - 1 - offset);
        }
    }
}

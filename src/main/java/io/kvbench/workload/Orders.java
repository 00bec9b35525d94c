package io.kvbench.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/** The order in which a pass visits records: an array of record indexes, computed before measuring. */
public final class Orders {

    private Orders() {
    }

    /** How many records a pass visits: the operations of one pass. */
    public static int passLength(long records, double fraction) {
        return Math.max(1, (int) Math.round(records * fraction));
    }

    /**
     * Indexes of the records a pass visits. RANDOM is a seeded permutation (every record once); a fraction below 1
     * keeps
     * the first part of that order (so "a random 10 %" is 10 % of distinct records).
     */
    public static int[] of(Workload.Order order, int records, double fraction, long seed) {
        int[] indexes = new int[records];
        for (int i = 0; i < records; i++) indexes[i] = order == Workload.Order.REVERSE ? records - 1 - i : i;
        if (order == Workload.Order.RANDOM) {
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = records - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = indexes[i];
                indexes[i] = indexes[j];
                indexes[j] = t;
            }
        }
        int count = passLength(records, fraction);
        return count == records ? indexes : Arrays.copyOf(indexes, count);
    }
}

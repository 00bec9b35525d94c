package io.kvbench.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the variants of one round (A and B, raw and harness, slowdown levels): shuffled anew every round from
 * one seeded source, so that a drift of the machine during a run falls on every variant alike and a rerun with the same
 * seed runs the same order.
 */
public final class Rounds {

    private Rounds() {
    }

    /** A shuffled copy of {@code variants}; {@code order} advances, so successive rounds differ. */
    public static <T> List<T> shuffled(List<T> variants, Random order) {
        List<T> copy = new ArrayList<>(variants);
        Collections.shuffle(copy, order);
        return copy;
    }
}

package io.kvbench.result;

/**
 * Which way a score gets better, decided here and nowhere else, from the score's unit: every score carries one
 * (results, baselines, comparison rows, published tables), and a metric name does not say it. A rate of operations
 * ("ops/s", "ops/ms") is better higher; a time per operation or pass ("s/op") is better lower.
 */
public enum Direction {
    HIGHER_IS_BETTER,
    LOWER_IS_BETTER;

    /** The direction of a score in {@code unit}; lower is better for an unknown or missing unit. */
    public static Direction of(String unit) {
        return unit != null && unit.startsWith("ops/") ? HIGHER_IS_BETTER : LOWER_IS_BETTER;
    }

    public boolean higherIsBetter() {
        return this == HIGHER_IS_BETTER;
    }

    /** A relative change of the score, (after - before) / before, as positive when it got worse. */
    public double worse(double change) {
        return higherIsBetter() ? -change : change;
    }
}

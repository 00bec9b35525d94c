package io.kvbench.run;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;

/** A one-line summary of a result for progress output. */
final class ResultLine {

    private ResultLine() {
    }

    static String describe(BenchmarkResult r) {
        return switch (r.status()) {
            case NOT_APPLICABLE -> "n/a (" + r.reason() + ")";
            case ERROR -> "ERROR: " + r.reason();
            case OK -> format(r.score()) + " +- " + format(Intervals.of(r)) + " " + r.unit() + " (95%)";
        };
    }

    private static String format(double v) {
        if (Double.isNaN(v)) return "?";
        if (Math.abs(v) >= 100) return String.format("%,.0f", v);
        return String.format("%.4g", v);
    }
}

package io.kvbench.run;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import io.kvbench.result.Units;

/**
 * A one-line summary of a result for progress output. A score is written as the console table writes it (the same
 * {@link Units}: "16.6 ± 6.3 ms", "1.85M ± 1.12M ops/s", ASCII where the console cannot show "±" or "µ"), with its 95 %
 * interval.
 */
final class ResultLine {

    private ResultLine() {
    }

    static String describe(BenchmarkResult r) {
        return describe(r, Units.forConsole());
    }

    static String describe(BenchmarkResult r, Units units) {
        return switch (r.status()) {
            case NOT_APPLICABLE -> "n/a (" + r.reason() + ")";
            case ERROR -> "ERROR: " + r.reason();
            case OK -> units.measurement(r.score(), Intervals.of(r), r.unit());
        };
    }
}

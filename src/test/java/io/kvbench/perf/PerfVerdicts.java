package io.kvbench.perf;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.judge.ComparisonRow;
import java.util.List;

/**
 * What one verdict of the perf gate means for its JUnit test: pass, skip with the reason, or fail. Apart from
 * {@link PerfGateTest} (which needs Docker and minutes) so that {@link PerfVerdictsTest} can pin every case in plain
 * {@code mvn test}.
 */
final class PerfVerdicts {

    private PerfVerdicts() {
    }

    /**
     * @param requiredBaseline the machine class's baselines are declared complete and nothing explains why this
     *                         benchmark has none ({@link io.kvbench.baseline.BaselineSet#requiresBaseline}): its NEW
     *                         is a gap and fails; elsewhere NEW is informational, its note says why
     */
    static void check(ComparisonRow row, String profile, String machineClass, boolean requiredBaseline) {
        check(row, profile, machineClass, requiredBaseline, List.of());
    }

    /**
     * @param costs the costs judged within their allowance for this row ({@link io.kvbench.gate.Gate.Judgement#costs}):
     *              a NOT_COMPARED row with some passes, since what holds on every machine was judged
     */
    static void check(ComparisonRow row, String profile, String machineClass, boolean requiredBaseline,
                      List<String> costs) {
        // A switch expression, so that a new verdict does not compile until it is given a meaning here.
        Runnable decision = switch (row.verdict()) {
            case PASS, IMPROVEMENT -> () -> System.out.println(describe(row));
            case NEW -> requiredBaseline
                    ? () -> fail("NEW on a machine class whose " + profile + " baselines are complete: " + row.note())
                    : () -> System.out.println(describe(row) + " (NEW: " + row.note() + ")");
            // Not a pass: nothing was compared on throughput. Skipped with the reason (disk was judged: a disk
            // regression would be a REGRESSION row), and the summary says how to record this class's baselines.
            case NOT_COMPARED -> costs.isEmpty() ? () -> abort(row.note())
                    : () -> System.out.println(describe(row) + " (costs judged: " + String.join(", ", costs) + "; "
                    + row.note() + ")");
            case KNOWN_ISSUE -> () -> abort(row.note());
            // A baseline without a result is lost coverage (a dropped engine registration or workload): skipping it
            // would let the gate check less every time something disappears.
            case MISSING -> () -> fail("MISSING: a baseline without a result in this run (" + row.note() + "); if the"
                    + " benchmark was removed on purpose, remove its baseline from perf-baselines/" + profile + "/"
                    + machineClass);
            case ERROR -> () -> fail("ERROR, never a pass: " + row.note());
            case REGRESSION -> () -> fail("confirmed " + describe(row) + "\n" + row.note()
                    + "\nIf the change was intended, record new baselines (profile " + profile + ", machine class "
                    + machineClass + "):\n  mvn -B package -DskipTests && java -jar target/kvbench.jar run --runner "
                    + "container --profile " + profile + " --engines " + row.engine() + " --workloads " + row.workload()
                    + " --out target/rebaseline && java -jar target/kvbench.jar baseline update --results "
                    + "target/rebaseline --reason \"<why>\"");
            case BROKEN_PROMISE, INFORMATION -> () -> fail(row.verdict() + " is a crash test's verdict, not a "
                    + "comparison's: " + row.note());
        };
        decision.run();
    }

    static String describe(ComparisonRow row) {
        return String.format("%s [%s] %s: baseline %s, measured %s, delta %s, confidence %s", row.verdict(),
                row.engine(),
                row.workload(), score(row.baselineScore(), row.unit()), score(row.measuredScore(), row.unit()),
                Double.isNaN(row.deltaPercent()) ? "n/a" : String.format("%+.1f %%", row.deltaPercent()),
                        row.confidence());
    }

    private static String score(double value, String unit) {
        return Double.isNaN(value) ? "-" : String.format("%.4g %s", value, unit);
    }
}

package io.kvbench.calibration;

import io.kvbench.gate.Interleaving;
import java.util.List;

/** What one A/B session of a campaign comes to: {@link AbSessions.Outcome} from the session's result. */
final class AbOutcomes {

    private AbOutcomes() {
    }

    static AbSessions.Outcome of(Interleaving.Result result, double minutes) {
        List<Double> ratios = result.roundRatios().stream().filter(r -> r != null && r > 0 && Double.isFinite(r))
                .toList();
        double sum = 0;
        double sumOfSquares = 0;
        for (double r : ratios) {
            double x = Math.log(r);
            sum += x;
            sumOfSquares += x * x;
        }
        int n = ratios.size();
        double mean = n == 0 ? Double.NaN : sum / n;
        double spread = n < 2 ? Double.NaN : Math.sqrt(Math.max(0, (sumOfSquares - sum * sum / n) / (n - 1)));
        String unit = result.row().unit();
        boolean throughput = unit != null && unit.startsWith("ops/");
        // The slowdown in the metric's sense: fewer ops/s, or a longer pass.
        double achieved = throughput ? -Math.expm1(mean) : Math.expm1(mean);
        double resolution = result.resolution() == null ? Double.NaN : result.resolution().slowdown();
        return new AbSessions.Outcome(result.row().verdict(), result.roundRatios().size(), minutes, spread, achieved,
                resolution);
    }
}

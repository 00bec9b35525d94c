package io.kvbench.run;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.ResultContext;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/** Turns JMH's results into kvbench's, keeping every iteration's score as a sample. */
final class JmhResults {

    private JmhResults() {
    }

    static BenchmarkResult toResult(String engine, Workload workload, RunResult run, ResultContext context) {
        Result<?> primary = run.getPrimaryResult();
        List<Double> samples = new ArrayList<>();
        for (org.openjdk.jmh.results.BenchmarkResult fork : run.getBenchmarkResults()) {
            for (IterationResult iteration : fork.getIterationResults()) samples.add(iteration.getPrimaryResult()
                    .getScore());
        }
        Map<String, Metric> secondary = new TreeMap<>();
        run.getSecondaryResults().forEach((name, result) ->
                secondary.put(name, new Metric(result.getScore(), result.getScoreError(), result.getScoreUnit())));
        String metric = workload.isPass() ? BenchmarkResult.TIME_PER_PASS : BenchmarkResult.THROUGHPUT;
        return BenchmarkResult.measured(engine, workload.name(), new Measurement(metric, primary.getScore(),
                primary.getScoreError(), primary.getScoreUnit(), samples, secondary), context);
    }

    /**
     * One line saying why a benchmark failed: the benchmark's own exception message where JMH logged one (JMH reports
     * a failed fork only as "benchmark error"), else the exception we caught.
     */
    static String failureReason(Exception e, Path jmhLog) {
        String fromLog = lastBenchmarkException(jmhLog);
        if (fromLog != null) return fromLog;
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse(message);
    }

    private static String lastBenchmarkException(Path jmhLog) {
        try {
            List<String> lines = Files.readAllLines(jmhLog);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String line = lines.get(i);
                if (line.startsWith("=== ")) return null; // reached the start of this benchmark's section
                if (line.contains("Exception: ") || line.contains("Error: ")) {
                    String reason = line.trim();
                    int colon = reason.indexOf(": ");
                    return colon > 0 && reason.substring(0, colon).matches("[\\w.$]+") ? reason.substring(colon + 2)
                            : reason;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}

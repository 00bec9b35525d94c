package checks;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BaselineSet;
import io.kvbench.baseline.BaselineStore;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.judge.Assessment;
import io.kvbench.judge.ForkSamples;
import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Verdict;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultContext;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The smoke gate's confirmation before and after 2026-11-27, replayed with kvbench's own policy on a real run of four
 * forks per benchmark (`kvbench run --profile smoke --forks 4`) against the stored smoke baselines of a machine class
 * (docs/results/2026-11-27-gate-fork-means.md). Fork 1 plays the first run. Before: a first run the policy calls a
 * REGRESSION is rerun with one fork (fork 2) and judged on the iterations of both. After: a first run the policy
 * suspects is rerun with the baseline's three forks (forks 2-4) and judged on the fork means of all four. A slowdown
 * is injected by scaling every sample (times x f, throughputs / f): the forks keep their real noise.
 *
 * <pre>
 * mvn -q -o package -DskipTests dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -cp target/classes:$(cat target/cp.txt) docs/results/checks/SmokeGateReplay.java RUN_DIR perf-baselines CLASS
 * </pre>
 */
public final class SmokeGateReplay {

    private static final double[] FACTORS = {1.0, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0};

    public static void main(String[] args) throws Exception {
        RunResults run = ResultsJson.read(Path.of(args[0], "results.json"));
        BaselineSet baselines = new BaselineStore(Path.of(args[1])).load("smoke", args[2]);
        ThresholdPolicy policy = SignificanceTests.forGate(Catalog.profile("smoke").gate());
        for (boolean throughput : new boolean[] {false, true}) {
            for (double factor : FACTORS) {
                int rows = 0;
                int[] before = new int[2];
                int[] after = new int[2];
                for (BenchmarkResult r : run.results()) {
                    Baseline b = r.status() == Status.OK ? baselines.get(BenchmarkKey.of(r)) : null;
                    List<double[]> forks = ForkSamples.of(r).forks();
                    if (b == null || r.higherIsBetter() != throughput || forks.size() != 4) continue;
                    rows++;
                    List<double[]> scaled = scaled(forks, factor, throughput);
                    BenchmarkResult first = result(r, scaled.subList(0, 1), 1);
                    Assessment firstRun = policy.assess(b, first);
                    if (firstRun.verdict() == Verdict.REGRESSION) {
                        before[0]++;
                        if (slower(policy.assess(b, result(r, scaled.subList(0, 2), 1)))) before[1]++;
                    }
                    if (policy.suspect(b, first, firstRun)) {
                        after[0]++;
                        if (slower(policy.assess(b, result(r, scaled, 4)))) after[1]++;
                    }
                }
                System.out.printf("%s x%.2f: %d rows; before: %d rerun, %d confirmed; after: %d rerun, %d confirmed%n",
                        throughput ? "throughput" : "time per pass", factor, rows, before[0], before[1], after[0],
                        after[1]);
            }
        }
    }

    private static List<double[]> scaled(List<double[]> forks, double factor, boolean throughput) {
        List<double[]> out = new ArrayList<>();
        for (double[] fork : forks) {
            double[] s = fork.clone();
            for (int i = 0; i < s.length; i++) s[i] = throughput ? s[i] / factor : s[i] * factor;
            out.add(s);
        }
        return out;
    }

    /** A score regression (not a disk one). */
    private static boolean slower(Assessment a) {
        return a.verdict() == Verdict.REGRESSION
                && (a.note().contains("slower:") || a.note().contains("takes longer:"));
    }

    /** The result of these forks' samples, recorded as {@code forkCount} forks (1: one group of iterations). */
    private static BenchmarkResult result(BenchmarkResult r, List<double[]> forks, int forkCount) {
        double[] flat = forks.stream().flatMapToDouble(Arrays::stream).toArray();
        List<Double> samples = Arrays.stream(flat).boxed().toList();
        Map<String, String> parameters = new HashMap<>(r.context().parameters());
        parameters.put(ForkSamples.FORKS_PARAMETER, String.valueOf(forkCount));
        ResultContext c = r.context();
        return r.withMeasurement(r.measurement().withScores(Arrays.stream(flat).average().orElseThrow(), Double.NaN,
                samples)).withContext(new ResultContext(c.software(), c.profile(), c.runner(), c.time(), c.machine(),
                c.resources(), parameters));
    }
}

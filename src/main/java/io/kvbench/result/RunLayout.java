package io.kvbench.result;

import java.nio.file.Path;

/**
 * Where a run keeps its files, in one place: the output directory of {@code kvbench run}, {@code gate} and every
 * round of {@code interleave}, and the output directory a child (a benchmark container, another kvbench build's JVM)
 * writes for its parent.
 *
 * <pre>
 * results.json        every benchmark's result ({@link ResultsJson})
 * jmh-results.json    JMH's own JSON of every benchmark, as JMH Visualizer reads it
 * jmh.log             JMH's output of every benchmark
 * summary.md          the report in Markdown
 * report.html         the report with charts
 * task.json           a child's task, written by its parent
 * logs/KEY.log        the output of a benchmark that failed in a child
 * containers/KEY/     a benchmark container's own output (kept only when it failed)
 * classpath/KEY/      the output of a benchmark run on another class path
 * confirm/KEY-N/      the Nth rerun of a suspected regression
 * </pre>
 *
 * @param dir the output directory
 */
public record RunLayout(Path dir) {

    public static final String RESULTS = "results.json";
    public static final String JMH_RESULTS = "jmh-results.json";
    public static final String JMH_LOG = "jmh.log";
    public static final String SUMMARY = "summary.md";
    public static final String REPORT = "report.html";
    public static final String TASK = "task.json";
    static final String LOGS = "logs";
    static final String CONTAINERS = "containers";
    static final String CLASS_PATH = "classpath";
    static final String CONFIRM = "confirm";

    public Path results() {
        return dir.resolve(RESULTS);
    }

    public Path jmhResults() {
        return dir.resolve(JMH_RESULTS);
    }

    public Path jmhLog() {
        return dir.resolve(JMH_LOG);
    }

    public Path summary() {
        return dir.resolve(SUMMARY);
    }

    public Path report() {
        return dir.resolve(REPORT);
    }

    public Path task() {
        return dir.resolve(TASK);
    }

    /** The kept output of a benchmark (its {@code key}: engine-workload) that failed in a child. */
    public Path failureLog(String key) {
        return dir.resolve(LOGS).resolve(key + ".log");
    }

    /** The directory that holds every container's own output. */
    public Path containers() {
        return dir.resolve(CONTAINERS);
    }

    /** A benchmark container's own output directory, laid out like a run's. */
    public RunLayout container(String key) {
        return new RunLayout(containers().resolve(key));
    }

    /** The output directory of a benchmark run on another class path, laid out like a run's. */
    public RunLayout classPath(String key) {
        return new RunLayout(dir.resolve(CLASS_PATH).resolve(key));
    }

    /** The run of the {@code attempt}th rerun of a suspected regression. */
    public RunLayout confirmation(String key, int attempt) {
        return new RunLayout(dir.resolve(CONFIRM).resolve(key + "-" + attempt));
    }
}

package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.result.Units;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A container run's reports name the JDK that ran the benchmarks. ContainerRunner gives the results it decides on the
 * host (not applicable, a container that never reported) a placeholder JDK; the header must not list it beside the
 * container's JDK, as if the run's JDK were in doubt.
 */
class ContainerRunJdkTest {

    private static final String CONTAINER_JDK = "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1";
    private static final String PLACEHOLDER = "unknown (no result from the container)";

    private final RunResults run = SampleResults.run(List.of(
            measured(SampleResults.throughput("rocksdb", "ycsb-c", 250_000, 9_000)),
            BenchmarkResult.notApplicable("sparkey", "ycsb-a", "write-once: no updates after the first read",
                    jdk(PLACEHOLDER))));

    private static BenchmarkResult measured(BenchmarkResult r) {
        return r.withContext(jdk(CONTAINER_JDK));
    }

    private static ResultContext jdk(String jdk) {
        ResultContext c = SampleResults.context("1.0", Map.of());
        return new ResultContext(new Software(c.engineVersion(), jdk, c.gitRevision()), c.profile(), c.runner(),
                c.time(), c.machine(), c.resources(), c.parameters());
    }

    @Test
    void summaryReportAndTableNameTheBenchmarksJdkOnly() {
        String md = SummaryMarkdown.render(run, null);
        String html = HtmlReport.render(run);
        String table = ConsoleReport.render(run, Units.UNICODE);
        assertThat(md).contains("| JDK | " + CONTAINER_JDK + " |");
        assertThat(html).contains(CONTAINER_JDK);
        assertThat(table).contains("JDK " + CONTAINER_JDK + ";");
        for (String report : List.of(md, html, table)) assertThat(report)
                .doesNotContain("no result from the container");
    }

    @Test
    void aRunThatMeasuredNothingKeepsWhatItHas() {
        RunResults nothing = SampleResults.run(List.of(
                BenchmarkResult.failed("rocksdb", "ycsb-c", FailureKind.INFRASTRUCTURE, "infrastructure: no Docker",
                        jdk(PLACEHOLDER))));
        assertThat(RunHeader.of(nothing).jdk()).isEqualTo(PLACEHOLDER);
    }
}

package io.kvbench.report;

import static io.kvbench.fixtures.SampleResults.throughput;
import static io.kvbench.fixtures.SampleResults.timePerPass;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Units;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Costs per operation beside the time, each with how many times the least of its workload it is. */
class CostTableTest {

    private static final Units UNITS = Units.UNICODE;

    private static BenchmarkResult costing(BenchmarkResult r, Map<String, Double> costs) {
        Map<String, Metric> secondary = new HashMap<>(r.secondary());
        Map<String, String> units = Map.of(MetricNames.ALLOC_BYTES_PER_OP, "B/op", MetricNames.WRITE_AMPLIFICATION,
                "x", MetricNames.SYNCS_PER_OP, "syncs/op", MetricNames.NATIVE_BYTES, "B");
        costs.forEach((name, value) -> secondary.put(name, new Metric(value, Double.NaN, units.get(name))));
        Measurement m = r.measurement();
        return r.withMeasurement(new Measurement(m.metric(), m.score(), m.error(), m.unit(), m.samples(), secondary));
    }

    private static List<String> column(CostTable table, String heading) {
        ResultCells.Column c = table.columns().stream().filter(col -> col.heading().equals(heading)).findFirst()
                .orElseThrow();
        return table.group().measuredRows().stream().map(row -> table.cell(row, c, UNITS)).toList();
    }

    @Test
    void aWritePassShowsEachCostAndHowManyTimesTheLeastItIs() {
        WorkloadGroup group = WorkloadGroup.rank("tc-seq-write", List.of(
                costing(timePerPass("fast", "tc-seq-write", 1.0, 0.1), Map.of(MetricNames.ALLOC_BYTES_PER_OP, 40.0,
                        MetricNames.WRITE_AMPLIFICATION, 2.4, MetricNames.SYNCS_PER_OP, 0.0021,
                        MetricNames.NATIVE_BYTES, 200.0 * 1024 * 1024)),
                costing(timePerPass("slow", "tc-seq-write", 3.0, 0.1), Map.of(MetricNames.ALLOC_BYTES_PER_OP, 10.0,
                        MetricNames.WRITE_AMPLIFICATION, 1.2, MetricNames.SYNCS_PER_OP, 1.0021,
                        MetricNames.NATIVE_BYTES, 100.0 * 1024 * 1024))));
        CostTable table = CostTable.of(group);
        assertThat(table.columns()).extracting(ResultCells.Column::heading)
                .containsExactly("alloc/op", "native", "write amp.", "syncs/op");
        assertThat(column(table, "alloc/op")).as("ranked as the time: fastest first")
                .containsExactly("40.0 B/op (4.00x)", "10.0 B/op (1.00x)");
        assertThat(column(table, "write amp.")).containsExactly("2.4 (2.00x)", "1.2 (1.00x)");
        assertThat(column(table, "syncs/op")).containsExactly("0.0021 (1.00x)", "1 (477x)");
        assertThat(column(table, "native")).as("bytes held, in their unit").containsExactly("200 MiB (2.00x)",
                "100 MiB (1.00x)");
    }

    @Test
    void allocationNearZeroIsNotManyTimesNothingAndATimedWorkloadHasNoWriteCosts() {
        WorkloadGroup group = WorkloadGroup.rank("ycsb-a", List.of(
                costing(throughput("a", "ycsb-a", 300, 1), Map.of(MetricNames.ALLOC_BYTES_PER_OP, 0.03,
                        MetricNames.SYNCS_PER_OP, 0.5)),
                costing(throughput("b", "ycsb-a", 200, 1), Map.of(MetricNames.ALLOC_BYTES_PER_OP, 0.3)),
                throughput("c", "ycsb-a", 100, 1)));
        CostTable table = CostTable.of(group);
        assertThat(table.columns()).as("a timed write workload's syncs follow how far it got")
                .extracting(ResultCells.Column::heading).containsExactly("alloc/op", "native");
        assertThat(column(table, "alloc/op")).containsExactly("0.0300 B/op (1.00x)", "0.300 B/op (1.00x)",
                UNITS.missing());
    }

    @Test
    void everyReportShowsTheCostsAndSaysWhatTheyMean() {
        BenchmarkResult r = costing(timePerPass("fast", "tc-seq-write", 1.0, 0.1),
                Map.of(MetricNames.SYNCS_PER_OP, 0.0021));
        WorkloadGroup group = WorkloadGroup.rank("tc-seq-write", List.of(r));
        assertThat(CostTable.of(group).isEmpty()).isFalse();
        String console = ConsoleReport.render(io.kvbench.fixtures.Fixtures.run(r), UNITS);
        assertThat(console).contains("syncs/op").contains("0.0021 (1.00x)").contains(CostTable.LEGEND);
        String md = SummaryMarkdown.render(io.kvbench.fixtures.Fixtures.run(r), null);
        assertThat(md).contains("Costs per operation:").contains(" syncs/op |").contains(" 0.0021 (1.00x) |")
                .contains("Costs per operation, lower is better");
    }
}

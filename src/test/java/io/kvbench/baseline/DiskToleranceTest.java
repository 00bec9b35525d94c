package io.kvbench.baseline;

import static io.kvbench.fixtures.Fixtures.baseline;
import static io.kvbench.fixtures.Fixtures.ok;
import static io.kvbench.fixtures.Fixtures.withDisk;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every profile's disk tolerance against its committed disk baselines: wide enough for the spread their runs recorded,
 * tight enough that a store 10 % larger than any of them is a disk regression (relative tolerance plus the absolute
 * slack below 10 % of the footprint). A new small store, or a looser setting, fails here before it lets growth pass.
 * The exceptions are the gate's diskRows, benchmarks whose footprint varies between identical runs: their own
 * tolerance must still bind (a store beyond it fails) and name a committed baseline.
 */
class DiskToleranceTest {

    private static final double[] STEADY = {1000, 1010, 990, 1005, 995};

    @Test
    void aTenPercentLargerStoreExceedsTheToleranceOfEveryCommittedDiskBaseline() throws IOException {
        DiskBaselineStore store = new DiskBaselineStore(BaselineStore.DEFAULT_ROOT);
        int checked = 0;
        for (String name : Catalog.PROFILES) {
            Profile profile = Catalog.profile(name);
            if (profile.gate() == null) continue;
            Thresholds t = Thresholds.of(profile.gate());
            Map<BenchmarkKey, DiskBaseline> disk = store.load(name);
            for (DiskBaseline d : disk.values()) {
                double allowance = t.diskAllowance(d.engine(), d.workload(), d.diskBytes());
                if (!t.diskRows().containsKey(row(d))) {
                    assertThat(allowance).as("%s %s: %d B, allowance %.0f B", name, d.key(), d.diskBytes(), allowance)
                            .isLessThan(0.10 * d.diskBytes());
                }
                long largest = d.runs().stream().mapToLong(Long::longValue).max().orElseThrow();
                assertThat((double) largest).as("%s %s: its runs %s within the tolerance", name, d.key(), d.runs())
                        .isLessThanOrEqualTo(d.diskBytes() + allowance);
                checked++;
            }
        }
        assertThat(checked).as("committed disk baselines checked").isGreaterThan(50);
    }

    @Test
    void aRowWithItsOwnToleranceStillFailsBeyondItAndNamesACommittedBaseline() throws IOException {
        DiskBaselineStore store = new DiskBaselineStore(BaselineStore.DEFAULT_ROOT);
        int checked = 0;
        for (String name : Catalog.PROFILES) {
            Profile.GateSettings gate = Catalog.profile(name).gate();
            if (gate == null || gate.diskRows().isEmpty()) continue;
            ThresholdPolicy policy = SignificanceTests.forGate(gate);
            Map<BenchmarkKey, DiskBaseline> disk = store.load(name);
            for (String row : gate.diskRows().keySet()) {
                String[] key = row.split("/");
                DiskBaseline d = disk.get(new BenchmarkKey(key[0], key[1]));
                assertThat(d).as("%s: the disk baseline of %s", name, row).isNotNull();
                long allowance = (long) Math.floor(policy.thresholds().diskAllowance(key[0], key[1], d.diskBytes()));
                long largest = d.runs().stream().mapToLong(Long::longValue).max().orElseThrow();
                assertThat(judge(policy, d, largest)).as("%s %s: its largest run", name, row).isEqualTo(Verdict.PASS);
                assertThat(judge(policy, d, d.diskBytes() + allowance)).as("%s %s: at the tolerance", name, row)
                        .isEqualTo(Verdict.PASS);
                assertThat(judge(policy, d, d.diskBytes() + allowance + 4096)).as("%s %s: a block beyond it", name, row)
                        .isEqualTo(Verdict.REGRESSION);
                checked++;
            }
        }
        assertThat(checked).as("rows with a disk tolerance of their own").isPositive();
    }

    private static Verdict judge(ThresholdPolicy policy, DiskBaseline d, long footprint) {
        BenchmarkResult before = withDisk(ok(d.engine(), d.workload(), STEADY), d.diskBytes());
        return policy.assess(baseline(before), withDisk(ok(d.engine(), d.workload(), STEADY), footprint)).verdict();
    }

    private static String row(DiskBaseline d) {
        return d.engine() + "/" + d.workload();
    }
}

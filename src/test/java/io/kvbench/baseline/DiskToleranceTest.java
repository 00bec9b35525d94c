package io.kvbench.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.judge.Thresholds;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every profile's disk tolerance against its committed disk baselines: wide enough for the spread their runs recorded,
 * tight enough that a store 10 % larger than any of them is a disk regression (relative tolerance plus the absolute
 * slack below 10 % of the footprint). A new small store, or a looser setting, fails here before it lets growth pass.
 */
class DiskToleranceTest {

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
                double allowance = d.diskBytes() * t.diskTolerance() + t.diskSlackBytes();
                assertThat(allowance).as("%s %s: %d B, allowance %.0f B", name, d.key(), d.diskBytes(), allowance)
                        .isLessThan(0.10 * d.diskBytes());
                long largest = d.runs().stream().mapToLong(Long::longValue).max().orElseThrow();
                assertThat((double) largest).as("%s %s: its runs %s within the tolerance", name, d.key(), d.runs())
                        .isLessThanOrEqualTo(d.diskBytes() + allowance);
                checked++;
            }
        }
        assertThat(checked).as("committed disk baselines checked").isGreaterThan(50);
    }
}

package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GeneratorsTest {

    @Test
    void randomOrderIsASeededPermutation() {
        int[] a = Orders.of(Workload.Order.RANDOM, 1000, 1.0, 7);
        int[] b = Orders.of(Workload.Order.RANDOM, 1000, 1.0, 7);
        int[] c = Orders.of(Workload.Order.RANDOM, 1000, 1.0, 8);
        assertThat(a).isEqualTo(b).isNotEqualTo(c);
        int[] sorted = a.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) assertThat(sorted[i]).isEqualTo(i);
    }

    @Test
    void fractionKeepsDistinctRecords() {
        int[] tenth = Orders.of(Workload.Order.RANDOM, 1000, 0.1, 7);
        assertThat(tenth).hasSize(100).doesNotHaveDuplicates();
        assertThat(Orders.of(Workload.Order.REVERSE, 5, 1.0, 0)).containsExactly(4, 3, 2, 1, 0);
        assertThat(Orders.of(Workload.Order.SEQUENTIAL, 3, 1.0, 0)).containsExactly(0, 1, 2);
    }

    @Test
    void zipfianFavoursLowRanksAndStaysInRange() {
        ZipfianGenerator zipf = new ZipfianGenerator(1000, ZipfianGenerator.YCSB_CONSTANT);
        SplittableRandom random = new SplittableRandom(1);
        int[] counts = new int[1000];
        for (int i = 0; i < 200_000; i++) counts[(int) zipf.next(random)]++;
        assertThat(counts[0]).isGreaterThan(counts[10]).isGreaterThan(counts[500]);
        // Rank 0 of a zipfian(0.99) over 1000 items gets about 1/zeta(1000) = 13 % of draws.
        assertThat(counts[0] / 200_000.0).isBetween(0.11, 0.16);
    }

    @Test
    void ycsbDistributionsAreDeterministicAndInRange() {
        for (Workload.Distribution d : Workload.Distribution.values()) {
            KeyChooser a = KeyChooser.of(d, 5000);
            KeyChooser b = KeyChooser.of(d, 5000);
            SplittableRandom ra = new SplittableRandom(3);
            SplittableRandom rb = new SplittableRandom(3);
            for (int i = 0; i < 10_000; i++) {
                long x = a.next(ra, 5000);
                assertThat(x).isEqualTo(b.next(rb, 5000)).isBetween(0L, 4999L);
            }
        }
        // "latest" prefers the newest records.
        KeyChooser latest = KeyChooser.of(Workload.Distribution.LATEST, 5000);
        SplittableRandom random = new SplittableRandom(4);
        int recent = 0;
        for (int i = 0; i < 10_000; i++) if (latest.next(random, 6000) >= 5900) recent++;
        assertThat(recent).isGreaterThan(5000);
    }

    @Test
    void ycsbFnvHashMatchesYcsb() {
        // YCSB's Utils.fnvhash64 of 0 and 1 (FNV-1a over 8 little-endian bytes, made non-negative).
        assertThat(Keys.fnv1a64(0)).isEqualTo(Math.abs(0xA8C7F832281A39C5L));
        assertThat(new String(Keys.ycsb(0))).isEqualTo("user" + Math.abs(0xA8C7F832281A39C5L));
    }

    @Test
    void badWorkloadDefinitionsAreRefused() {
        assertThatThrownBy(() -> new Workload.Mix(0.5, 0.4, 0, 0, 0)).hasMessageContaining("sum to 1");
        assertThatThrownBy(() -> Catalog.workload("nope")).hasMessageContaining("unknown workload 'nope'")
                .hasMessageContaining("ycsb-a");
        assertThatThrownBy(() -> Catalog.profile("huge")).hasMessageContaining("unknown profile 'huge'")
                .hasMessageContaining("smoke, overview, ci, nightly, published");
    }

    @Test
    void shippedProfilesAreComplete() {
        for (String name : Catalog.PROFILES) {
            Profile profile = Catalog.profile(name);
            assertThat(profile.forks()).isPositive();
            for (Workload w : Catalog.workloads()) assertThat(profile.records(w.family())).isPositive();
            profile.defaultWorkloads().forEach(Catalog::workload);
        }
    }
}

package io.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** Datasets are a pure function of (workload, records): same seed, same bytes; keys are distinct. */
class DatasetTest {

    static java.util.List<String> workloads() {
        return Catalog.workloads().stream().map(Workload::name).toList();
    }

    @ParameterizedTest(name = "{0}: same seed, same dataset; distinct keys")
    @MethodSource("workloads")
    void deterministicAndDistinct(String name) {
        Workload workload = Catalog.workload(name);
        Dataset a = Dataset.generate(workload, 3000);
        Dataset b = Dataset.generate(workload, 3000);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < a.records(); i++) {
            assertThat(a.key(i)).isEqualTo(b.key(i));
            assertThat(a.value(i)).isEqualTo(b.value(i));
            keys.add(Arrays.toString(a.key(i)));
        }
        assertThat(keys).as("distinct keys").hasSize(a.records());
    }

    @Test
    void tokyoCabinetKeysAreEightDigitsAndValueIsKey() {
        Dataset data = Dataset.generate(Catalog.workload("tc-seq-write"), 100);
        assertThat(new String(data.key(0), StandardCharsets.US_ASCII)).isEqualTo("00000000");
        assertThat(new String(data.key(42), StandardCharsets.US_ASCII)).isEqualTo("00000042");
        assertThat(data.value(42)).isSameAs(data.key(42));
    }

    @Test
    void hestiaKeysAreMd5HexWithTheConstantValueInLoadOrderAsPublished() {
        Dataset data = Dataset.generate(Catalog.workload("hestia-seq-read"), 500);
        int ascending = 0;
        for (int i = 1; i < data.records(); i++) {
            if (Arrays.compareUnsigned(data.key(i - 1), data.key(i)) < 0) ascending++;
        }
        assertThat(ascending).as("hash order: about half of the neighbours ascend").isBetween(200, 300);
        assertThat(data.key(0)).isEqualTo(Keys.md5Hex(new java.util.Random(324432).nextLong()));
        assertThat(new String(data.key(0), StandardCharsets.US_ASCII)).matches("[0-9A-F]{32}");
        assertThat(new String(data.value(7), StandardCharsets.US_ASCII)).isEqualTo("opice skace po stromech");
    }

    @Test
    void hestiaKeyOrderReadHasTheSameRecordsSorted() {
        Dataset published = Dataset.generate(Catalog.workload("hestia-seq-read"), 500);
        Dataset sorted = Dataset.generate(Catalog.workload("hestia-key-order-read"), 500);
        for (int i = 1; i < sorted.records(); i++) {
            assertThat(Arrays.compareUnsigned(sorted.key(i - 1), sorted.key(i))).isNegative();
        }
        Set<String> a = new HashSet<>();
        Set<String> b = new HashSet<>();
        for (int i = 0; i < sorted.records(); i++) {
            a.add(Arrays.toString(published.key(i)));
            b.add(Arrays.toString(sorted.key(i)));
        }
        assertThat(b).isEqualTo(a);
    }

    @Test
    void ycsbKeysAndValues() {
        Dataset data = Dataset.generate(Catalog.workload("ycsb-a"), 100);
        assertThat(new String(data.key(0), StandardCharsets.US_ASCII)).startsWith("user").matches("user\\d+");
        assertThat(data.value(3)).hasSize(1000);
        assertThat(data.newKey(100)).isEqualTo(Keys.ycsb(100));
    }

    @Test
    void variableSizesStayWithinBounds() {
        Dataset data = Dataset.generate(Catalog.workload("ds4j-write-variable"), 2000);
        int shortest = Integer.MAX_VALUE;
        int longest = 0;
        for (int i = 0; i < data.records(); i++) {
            shortest = Math.min(shortest, data.key(i).length);
            longest = Math.max(longest, data.key(i).length);
            assertThat(data.value(i).length).isBetween(10, 499);
        }
        // As the DataStore4J suite's Random.nextInt(10, 500): 10..499 bytes.
        assertThat(shortest).isBetween(10, 50);
        assertThat(longest).isBetween(450, 499);
    }

    @Test
    void sha1KeysMapToFilePositions() {
        Dataset data = Dataset.generate(Catalog.workload("sha1-load-persist"), 100);
        assertThat(data.key(5)).hasSize(20);
        assertThat(data.value(5)).hasSize(8).isNotEqualTo(data.value(6));
    }
}

package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class UnitsTest {

    private final Units u = Units.UNICODE;

    @Test
    void throughputGetsThreeSignificantDigitsAndAScaleSuffix() {
        assertThat(u.measurement(1_234_567, 45_000, "ops/s")).isEqualTo("1.23M ± 0.05M ops/s");
        assertThat(u.measurement(412_345, 9_800, "ops/s")).isEqualTo("412k ± 10k ops/s");
        assertThat(u.measurement(96_500, 2_200, "ops/s")).isEqualTo("96.5k ± 2.2k ops/s");
        assertThat(u.value(12.345, "ops/s")).isEqualTo("12.3 ops/s");
        assertThat(u.value(0.5, "ops/s")).isEqualTo("0.500 ops/s");
        assertThat(u.value(3.2e9, "ops/s")).isEqualTo("3.20G ops/s");
    }

    @Test
    void roundingUpCrossesIntoTheNextScale() {
        assertThat(u.value(999.6, "ops/s")).isEqualTo("1.00k ops/s");
        assertThat(u.value(999_700, "ops/s")).isEqualTo("1.00M ops/s");
        assertThat(u.value(1023.9, "B")).isEqualTo("1.00 KiB");
    }

    @Test
    void beyondTheLargestSuffixThousandsAreSeparated() {
        assertThat(u.value(5e15, "B")).isEqualTo("4,547 TiB");
        assertThat(u.value(1.2e16, "ops/s")).isEqualTo("12,000T ops/s");
    }

    @Test
    void timesPerOperationAreShownInMillisecondsOrSeconds() {
        assertThat(u.measurement(0.640, 0.021, "s/op")).isEqualTo("640 ± 21 ms");
        assertThat(u.measurement(2.346, 0.12, "s/op")).isEqualTo("2.35 ± 0.12 s");
        assertThat(u.value(0.01234, "s/op")).isEqualTo("12.3 ms");
        assertThat(u.value(27.44, "s/op")).isEqualTo("27.4 s");
        assertThat(u.value(0.0000123, "s/op")).isEqualTo("12.3 µs");
    }

    @Test
    void latencyInNanosecondsBecomesMicrosAndMillis() {
        assertThat(u.value(850, "ns")).isEqualTo("850 ns");
        assertThat(u.value(12_400, "ns")).isEqualTo("12.4 µs");
        assertThat(u.value(2_300_000, "ns")).isEqualTo("2.30 ms");
        assertThat(u.value(1.5e9, "ns")).isEqualTo("1.50 s");
        assertThat(u.measurement(12_300, 400, "ns")).isEqualTo("12.3 ± 0.4 µs");
    }

    @Test
    void bytesUseBinaryUnits() {
        assertThat(u.value(512, "B")).isEqualTo("512 B");
        assertThat(u.value(1536, "B")).isEqualTo("1.50 KiB");
        assertThat(u.value(180_000_000, "B")).isEqualTo("172 MiB");
        assertThat(u.value(5L << 30, "B")).isEqualTo("5.00 GiB");
        assertThat(u.value(0, "B")).isEqualTo("0 B");
    }

    @Test
    void percentAndFactors() {
        assertThat(u.value(187.3, "%")).isEqualTo("187%");
        assertThat(u.value(12.46, "%")).isEqualTo("12.5%");
        assertThat(u.value(3.14159, "x")).isEqualTo("3.14x");
        assertThat(u.value(42.123, "widgets")).isEqualTo("42.1 widgets");
    }

    @Test
    void unknownErrorIsLeftOutAndAMissingScoreIsNeverAZero() {
        assertThat(u.measurement(3_100_000, Double.NaN, "ops/s")).isEqualTo("3.10M ops/s");
        assertThat(u.measurement(Double.NaN, 1, "ops/s")).isEqualTo("—");
        assertThat(u.measurement(1.0, -0.0001, "ops/s")).as("no sign, and a real spread never prints as zero")
                .isEqualTo("1.00 ± 0.0001 ops/s");
    }

    @Test
    void noSpreadPrintsNoPlusMinusAndATinySpreadKeepsItsFirstDigit() {
        assertThat(u.measurement(290_816, 0, "B")).isEqualTo("284 KiB");
        assertThat(u.measurement(290_816, 100, "B")).isEqualTo("284 ± 0.1 KiB");
        assertThat(u.measurement(290_816, 2_048, "B")).isEqualTo("284 ± 2 KiB");
    }

    @Test
    void asciiSymbolsForConsolesThatCannotShowUnicode() {
        assertThat(Units.ASCII.measurement(12_300, 400, "ns")).isEqualTo("12.3 +- 0.4 us");
        assertThat(Units.ASCII.vsFastest(Double.NaN)).isEqualTo("-");
        assertThat(Units.forCharset(StandardCharsets.US_ASCII)).isSameAs(Units.ASCII);
        assertThat(Units.forCharset(StandardCharsets.UTF_8)).isSameAs(Units.UNICODE);
    }

    @Test
    void vsFastestSaysSlowerInOneDirection() {
        assertThat(u.vsFastest(1)).isEqualTo("1.00x");
        assertThat(u.vsFastest(2.3141)).isEqualTo("2.31x slower");
        assertThat(u.vsFastest(13.77)).isEqualTo("13.8x slower");
        assertThat(u.vsFastest(Double.NaN)).isEqualTo("—");
    }

    @Test
    void versusPutsTheDirectionInWords() {
        assertThat(u.versus(1.0712)).isEqualTo("1.07x slower");
        assertThat(u.versus(1 / 1.0312)).isEqualTo("1.03x faster");
        assertThat(u.versus(1)).isEqualTo("same");
        assertThat(u.versus(Double.NaN)).isEqualTo("—");
    }

    @Test
    void plainNumbersForAxisTicks() {
        assertThat(u.plainNumber(0.5)).isEqualTo("0.5");
        assertThat(u.plainNumber(12.5)).isEqualTo("12.5");
        assertThat(u.plainNumber(1024)).isEqualTo("1,024");
        assertThat(u.plainNumber(0.010000000000000002)).isEqualTo("0.01");
    }

    @Test
    void ticksAreShortWithoutTrailingZeros() {
        assertThat(u.tick(500_000, "ops/s")).isEqualTo("500k");
        assertThat(u.tick(1_000_000, "ops/s")).isEqualTo("1M");
        assertThat(u.tick(2_500_000, "ops/s")).isEqualTo("2.5M");
        assertThat(u.tick(0.002, "s/op")).isEqualTo("2 ms");
        assertThat(u.tick(50L << 20, "B")).isEqualTo("50 MiB");
        assertThat(u.tick(100, "ops/s")).isEqualTo("100");
    }
}

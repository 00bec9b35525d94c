package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BarChartTest {

    private static BarChart chart(String unit, double... values) {
        List<BarChart.Bar> bars = new ArrayList<>();
        for (int i = 0; i < values.length; i++) bars.add(new BarChart.Bar("e" + i, values[i], values[i] / 20, "#000"));
        return new BarChart(bars, unit, Units.UNICODE, 0);
    }

    private static List<String> ticks(String svg) {
        Matcher m = Pattern.compile("<text class=\"tick\"[^>]*>([^<]*)</text>").matcher(svg);
        List<String> ticks = new ArrayList<>();
        while (m.find()) ticks.add(m.group(1));
        return ticks;
    }

    @Test
    void logScaleOnlyWhenTheRangeExceedsTwentyFold() {
        assertThat(BarChart.needsLogScale(List.of(1.0, 20.0))).isFalse();
        assertThat(BarChart.needsLogScale(List.of(1.0, 20.5))).isTrue();
        assertThat(BarChart.needsLogScale(List.of(38_200.0, 412_000.0, 1_845_000.0))).isTrue();
        assertThat(BarChart.needsLogScale(List.of(0.0, 100.0))).as("zero cannot go on a log axis").isFalse();
        assertThat(chart("ops/s", 38_200, 1_845_000).logScale()).isTrue();
        assertThat(chart("ops/s", 880_000, 3_950_000).logScale()).isFalse();
    }

    @Test
    void theChartSaysWhenItIsLogarithmic() {
        assertThat(chart("ops/s", 38_200, 1_845_000).svg("t")).contains(">k ops/s · log scale</text>");
        assertThat(chart("ops/s", 880_000, 3_950_000).svg("t")).contains(">M ops/s</text>").doesNotContain("log scale");
    }

    @Test
    void linearTicksAreRoundNumbersFromZeroInTheCaptionsUnit() {
        assertThat(ticks(chart("ops/s", 880_000, 1_845_000).svg("t"))).containsExactly("0", "0.5", "1", "1.5", "2");
        String bytes = chart("B", 60_000_000, 230_000_000).svg("t");
        assertThat(bytes).contains(">MiB</text>");
        assertThat(ticks(bytes)).containsExactly("0", "50", "100", "150", "200", "250");
    }

    /** The defect this replaces: ticks in ms under an "s/op" caption. One unit per axis, said once, in the caption. */
    @Test
    void aTimeAxisIsReadInTheUnitItsCaptionNames() {
        BarChart passes = chart("s/op", 0.0094, 0.0834);
        assertThat(passes.axis().name()).isEqualTo("ms/op");
        String svg = passes.svg("t");
        assertThat(svg).contains("data-unit=\"ms/op\"", ">ms/op</text>");
        assertThat(ticks(svg)).containsExactly("0", "20", "40", "60", "80", "100");
        assertThat(chart("ns", 12_300, 45_000).axis().name()).isEqualTo("µs");
        assertThat(chart("s/op", 0.5, 27.4).axis().name()).as("log axis: the unit of its smallest value")
                .isEqualTo("ms/op");
    }

    @Test
    void logTicksArePowersOfTenOfTheAxisUnit() {
        assertThat(ticks(chart("ops/s", 38_200, 1_845_000).svg("t")))
                .containsExactly("10", "20", "50", "100", "200", "500", "1,000", "2,000");
        String wide = chart("ops/s", 1, 100_000).svg("t");
        // The axis ends at 200k, too close to 100k for a second label: its gridline stays, its label goes.
        assertThat(ticks(wide)).containsExactly("0.1", "1", "10", "100", "1,000", "10,000", "100,000");
        assertThat(Pattern.compile("<line class=\"grid\"").matcher(wide).results().count()).isEqualTo(8);
        // Bytes: decades of KiB, not of 1024 x 10^k bytes, so that no tick reads 1,024 or 10,240.
        assertThat(ticks(chart("B", 188_000, 78_000_000).svg("t")))
                .containsExactly("10", "100", "1,000", "10,000", "100,000");
    }

    @Test
    void barsKeepTheirOrderAndEveryBarIsLabelledWithValueAndUnit() {
        String svg = new BarChart(List.of(new BarChart.Bar("fast", 2_000_000, 50_000, "#111"),
                new BarChart.Bar("slow", 1_000_000, Double.NaN, "#222")), "ops/s", Units.UNICODE, 0).svg("t");
        assertThat(svg.indexOf(">fast</text>")).isLessThan(svg.indexOf(">slow</text>"));
        assertThat(svg).contains("<tspan class=\"number\">2.00M</tspan><tspan class=\"rest\"> ± 0.05M ops/s</tspan>",
                "<tspan class=\"number\">1.00M</tspan><tspan class=\"rest\"> ops/s</tspan>");
        assertThat(Pattern.compile("class=\"whisker\"").matcher(svg).results().count())
                .as("no whisker without an error").isEqualTo(1);
    }
}

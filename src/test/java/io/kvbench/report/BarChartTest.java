package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

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
        assertThat(chart("ops/s", 38_200, 1_845_000).svg("t")).contains(">ops/s · log scale</text>");
        assertThat(chart("ops/s", 880_000, 3_950_000).svg("t")).contains(">ops/s</text>").doesNotContain("log scale");
    }

    @Test
    void linearTicksAreRoundNumbersFromZero() {
        assertThat(ticks(chart("ops/s", 880_000, 1_845_000).svg("t"))).containsExactly("0", "500k", "1M", "1.5M", "2M");
        assertThat(ticks(chart("B", 60_000_000, 230_000_000).svg("t")))
                .containsExactly("0", "50 MiB", "100 MiB", "150 MiB", "200 MiB", "250 MiB");
    }

    @Test
    void logTicksAreDecadesUpToARoundEnd() {
        assertThat(ticks(chart("ops/s", 38_200, 1_845_000).svg("t")))
                .containsExactly("10k", "20k", "50k", "100k", "200k", "500k", "1M", "2M");
        String wide = chart("ops/s", 1, 100_000).svg("t");
        // The axis ends at 200k, too close to 100k for a second label: its gridline stays, its label goes.
        assertThat(ticks(wide)).containsExactly("0.1", "1", "10", "100", "1k", "10k", "100k");
        assertThat(Pattern.compile("<line class=\"grid\"").matcher(wide).results().count()).isEqualTo(8);
    }

    @Test
    void barsKeepTheirOrderAndEveryBarIsLabelledWithValueAndUnit() {
        String svg = new BarChart(List.of(new BarChart.Bar("fast", 2_000_000, 50_000, "#111"),
                new BarChart.Bar("slow", 1_000_000, Double.NaN, "#222")), "ops/s", Units.UNICODE, 0).svg("t");
        assertThat(svg.indexOf(">fast</text>")).isLessThan(svg.indexOf(">slow</text>"));
        assertThat(svg).contains("<tspan class=\"number\">2.00M</tspan><tspan class=\"rest\"> ± 0.05M ops/s</tspan>",
                "<tspan class=\"number\">1.00M</tspan><tspan class=\"rest\"> ops/s</tspan>");
        assertThat(Pattern.compile("class=\"whisker\"").matcher(svg).results().count()).as("no whisker without an error").isEqualTo(1);
    }
}

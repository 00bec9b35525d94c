package io.kvbench.report;

import io.kvbench.input.BadInputException;
import io.kvbench.result.Units;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A horizontal bar chart as inline SVG, drawn by hand so that the report needs no fonts, no AWT and no network: one
 * bar per engine in the given order, an error bar for the confidence interval, the value written beside each bar, and
 * an axis with gridlines. When the largest value is more than {@value #LOG_THRESHOLD} times the smallest, the axis is
 * logarithmic (and the axis caption says so), otherwise the short bars would be invisible.
 */
final class BarChart {

    static final double LOG_THRESHOLD = 20;

    /** One bar; {@code error} is the half-width of the interval, NaN when unknown. */
    record Bar(String label, double value, double error, String color) {
    }

    private static final int WIDTH = 960;
    private static final int ROW = 30;
    private static final int BAR = 18;
    private static final int TOP = 8;
    private static final int AXIS_SPACE = 46;
    /** Rough advance of one character at the chart's 13px font; labels are laid out from it, never measured. */
    private static final double CHAR = 7.4;
    private static final int MAX_LABEL_CHARS = 26;
    private static final int MIN_VALUE_CHARS = 20;
    private static final int MIN_TICK_GAP = 44;

    private final List<Bar> bars;
    private final String unit;
    private final Units units;
    private final Scale scale;
    private final AxisUnit axis;
    private final int labelChars;

    /**
     * @param labelChars room to leave for labels, in characters; charts on one page pass the same so their axes line
     *                   up (longer labels still get room, up to {@value #MAX_LABEL_CHARS} characters)
     */
    BarChart(List<Bar> bars, String unit, Units units, int labelChars) {
        if (bars.isEmpty()) throw new BadInputException("a chart needs at least one bar");
        this.bars = List.copyOf(bars);
        this.unit = unit;
        this.units = units;
        this.labelChars = Math.max(labelChars, bars.stream().mapToInt(b -> b.label().length()).max().orElse(0));
        List<Double> values = bars.stream().map(Bar::value).toList();
        double max = bars.stream().mapToDouble(b -> b.value() + (Double.isFinite(b.error()) ? b.error() : 0)).max()
                .orElse(1);
        // One unit for the whole axis: that of the largest value on a linear axis (its ticks are round in it), that of
        // the smallest on a log axis, whose ticks are powers of ten of that unit.
        if (needsLogScale(values)) {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            this.axis = AxisUnit.of(unit, min, units);
            this.scale = Scale.log(values, max, axis.size());
        } else {
            this.axis = AxisUnit.of(unit, max, units);
            this.scale = Scale.linear(max, isBytes() ? 1024 : 1000);
        }
    }

    /** The unit the axis is read in: its caption says it, and its ticks are plain numbers of it. */
    AxisUnit axis() {
        return axis;
    }

    /** Log scale when every value is positive and the largest exceeds the smallest by more than the threshold. */
    static boolean needsLogScale(List<Double> values) {
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max / min > LOG_THRESHOLD;
    }

    boolean logScale() {
        return scale.log();
    }

    String svg(String title) {
        int labelWidth = (int) Math.ceil(Math.min(MAX_LABEL_CHARS, labelChars) * CHAR) + 16;
        // At least room for a typical "1.23M ± 0.05M ops/s", so that most charts of a page end at the same x.
        int valueWidth = (int) Math.ceil(Math.max(MIN_VALUE_CHARS, bars.stream().mapToInt(b -> valueText(b).length())
                .max().orElse(0)) * CHAR) + 20;
        double x0 = Math.max(labelWidth, 70);
        double x1 = WIDTH - valueWidth;
        double axisY = TOP + bars.size() * ROW + 2;
        int height = (int) axisY + AXIS_SPACE;

        StringBuilder s = new StringBuilder();
        // Inline SVG inside HTML needs no xmlns declaration, which keeps every URL-looking string out of the page.
        s.append("<svg class=\"chart\" data-unit=\"").append(Html.escape(axis.name())).append("\" viewBox=\"0 0 ")
                .append(WIDTH).append(' ')
                .append(height).append("\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.escape(title)).append("\">\n");
        s.append("<title>").append(Html.escape(title)).append("</title>\n");

        double lastLabel = Double.NEGATIVE_INFINITY;
        for (double tick : scale.ticks()) {
            double x = x0 + scale.fraction(tick) * (x1 - x0);
            s.append("<line class=\"grid\" x1=\"").append(n(x)).append("\" y1=\"").append(TOP - 4).append("\" x2=\"")
                    .append(n(x)).append("\" y2=\"").append(n(axisY)).append("\"/>\n");
            // A tick too close to the previous one keeps its gridline but not its label, which would overlap.
            if (x - lastLabel < MIN_TICK_GAP) continue;
            lastLabel = x;
            s.append("<text class=\"tick\" x=\"").append(n(x)).append("\" y=\"").append(n(axisY + 16))
                    .append("\" text-anchor=\"middle\">").append(Html.escape(tickLabel(tick))).append("</text>\n");
        }
        s.append("<line class=\"axis\" x1=\"").append(n(x0)).append("\" y1=\"").append(TOP - 4).append("\" x2=\"")
                .append(n(x0)).append("\" y2=\"").append(n(axisY)).append("\"/>\n");
        s.append("<line class=\"axis\" x1=\"").append(n(x0)).append("\" y1=\"").append(n(axisY)).append("\" x2=\"")
                .append(n(x1)).append("\" y2=\"").append(n(axisY)).append("\"/>\n");
        String caption = axis.name() + (scale.log() ? " · log scale" : "");
        s.append("<text class=\"caption\" x=\"").append(n((x0 + x1) / 2)).append("\" y=\"").append(n(axisY + 36))
                .append("\" text-anchor=\"middle\">").append(Html.escape(caption.replaceFirst("^ · ", "")))
                .append("</text>\n");

        for (int i = 0; i < bars.size(); i++) {
            bar(s, bars.get(i), TOP + i * ROW + (ROW - BAR) / 2.0, x0, x1);
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private void bar(StringBuilder s, Bar b, double y, double x0, double x1) {
        double end = x0 + scale.fraction(b.value()) * (x1 - x0);
        double mid = y + BAR / 2.0;
        Units.Measurement m = units.measure(b.value(), b.error(), unit);
        s.append("<g class=\"bar\" data-engine=\"").append(Html.escape(b.label())).append("\" data-axis-value=\"")
                .append(axis.of(b.value())).append("\">\n<title>").append(Html.escape(b.label() + ": " + m))
                .append("</title>\n");
        String label = b.label().length() > MAX_LABEL_CHARS ? b.label().substring(0, MAX_LABEL_CHARS - 1) + "…"
                : b.label();
        s.append("<text class=\"label\" x=\"").append(n(x0 - 8)).append("\" y=\"").append(n(mid + 4.5))
                .append("\" text-anchor=\"end\">").append(Html.escape(label)).append("</text>\n");
        s.append("<rect x=\"").append(n(x0)).append("\" y=\"").append(n(y)).append("\" width=\"")
                .append(n(Math.max(1.5, end - x0))).append("\" height=\"").append(BAR).append("\" rx=\"2\" fill=\"")
                .append(Html.escape(b.color())).append("\"/>\n");
        double right = end;
        if (Double.isFinite(b.error()) && b.error() > 0) {
            double lo = x0 + scale.fraction(b.value() - b.error()) * (x1 - x0);
            double hi = x0 + scale.fraction(b.value() + b.error()) * (x1 - x0);
            s.append("<path class=\"whisker\" d=\"M").append(n(lo)).append(' ').append(n(mid)).append('H').append(n(hi))
                    .append("M").append(n(lo)).append(' ').append(n(mid - 5)).append('V').append(n(mid + 5))
                    .append("M").append(n(hi)).append(' ').append(n(mid - 5)).append('V').append(n(mid + 5))
                    .append("\"/>\n");
            right = Math.max(right, hi);
        }
        s.append("<text class=\"value\" x=\"").append(n(right + 8)).append("\" y=\"").append(n(mid + 4.5)).append("\">")
                .append("<tspan class=\"number\">").append(Html.escape(m.number())).append("</tspan>");
        String rest = (m.error() == null ? "" : " " + m.plusMinus() + " " + m.error())
                + (m.unit().isEmpty() ? "" : (m.spaceBeforeUnit() ? " " : "") + m.unit());
        if (!rest.isEmpty()) s.append("<tspan class=\"rest\">").append(Html.escape(rest)).append("</tspan>");
        s.append("</text>\n</g>\n");
    }

    private String valueText(Bar b) {
        return units.measurement(b.value(), b.error(), unit);
    }

    /** A plain number in the axis unit: the caption carries the unit, so ticks never show another. */
    private String tickLabel(double tick) {
        return tick == 0 ? "0" : units.plainNumber(axis.of(tick));
    }

    private boolean isBytes() {
        return "B".equals(unit);
    }

    /** Coordinates with at most one decimal: small files, and no locale-dependent commas. */
    private static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /**
     * The unit an axis is labelled in, chosen once per chart from a reference value: "ms/op" for pass times of a few
     * milliseconds, "M ops/s", "MiB"; {@code size} is one of it in the results' unit.
     */
    record AxisUnit(String name, double size) {

        private static final String[] COUNT_PREFIXES = {"", "k ", "M ", "G "};
        private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

        double of(double value) {
            return value / size;
        }

        static AxisUnit of(String unit, double reference, Units units) {
            String u = unit == null ? "" : unit;
            return switch (u) {
                case "ops/s", "ops/ms" -> {
                    int k = step(reference, 1000, COUNT_PREFIXES.length);
                    yield new AxisUnit(COUNT_PREFIXES[k] + u, Math.pow(1000, k));
                }
                case "s/op", "ms/op", "us/op", "µs/op", "ns", "ns/op" -> time(u, reference, units);
                case "B" -> {
                    int k = step(reference, 1024, BYTE_UNITS.length);
                    yield new AxisUnit(BYTE_UNITS[k], Math.pow(1024, k));
                }
                default -> new AxisUnit(u, 1);
            };
        }

        private static AxisUnit time(String unit, double reference, Units units) {
            double toSeconds = switch (unit) {
                case "s/op" -> 1;
                case "ms/op" -> 1e-3;
                case "us/op", "µs/op" -> 1e-6;
                default -> 1e-9;
            };
            String[] names = {"ns", units.micros(), "ms", "s"};
            int k = step(reference * toSeconds * 1e9, 1000, names.length);
            return new AxisUnit(names[k] + (unit.endsWith("/op") ? "/op" : ""), 1e-9 * Math.pow(1000, k) / toSeconds);
        }

        /** The largest power of {@code base} (below {@code steps}) that the value reaches. */
        private static int step(double value, double base, int steps) {
            int k = 0;
            while (k + 1 < steps && Math.abs(value) / Math.pow(base, k + 1) >= 1 - 1e-9) k++;
            return k;
        }
    }

    /** Maps values onto [0, 1] of the plot width and knows where its ticks go. */
    private record Scale(boolean log, double lo, double hi, List<Double> ticks) {

        double fraction(double v) {
            double f = log ? (v <= lo ? 0 : (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)))
                    : (v - lo) / (hi - lo);
            return Math.max(0, Math.min(1, f));
        }

        /**
         * From 0 to a round number just above {@code max}, with about five ticks at 1, 2, 2.5 or 5 times a power of
         * ten of the display scale ({@code base} 1024 for bytes, so that ticks fall on whole KiB/MiB/GiB).
         */
        static Scale linear(double max, double base) {
            if (!(max > 0)) return new Scale(false, 0, 1, List.of(0.0, 1.0));
            double divisor = 1;
            while (max / (divisor * base) >= 1) divisor *= base;
            double scaled = max / divisor;
            double raw = scaled / 5;
            double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
            double norm = raw / magnitude;
            double step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10) * magnitude;
            double top = Math.ceil(scaled / step - 1e-9) * step;
            List<Double> ticks = new ArrayList<>();
            for (int i = 0; i * step <= top + step * 1e-9; i++) ticks.add(i * step * divisor);
            return new Scale(false, 0, top * divisor, ticks);
        }

        /**
         * From a "decade" below the smallest value to a round number (1, 2 or 5 times a decade) above {@code max}.
         * Decades are powers of ten of the axis unit ({@code unitSize}: 1 KiB = 1024 bytes, 1 ms = 0.001 s/op), so
         * that every tick is a round number in the caption's unit. The smallest bar keeps a visible length: when it
         * sits right at a decade the axis starts one decade lower.
         */
        static Scale log(List<Double> values, double max, double unitSize) {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            TreeSet<Double> decades = new TreeSet<>();
            int from = (int) Math.floor(Math.log10(min / unitSize)) - 2;
            int to = (int) Math.ceil(Math.log10(max / unitSize)) + 2;
            for (int e = from; e <= to; e++) decades.add(unitSize * Math.pow(10, e));
            Double lo = decades.floor(min);
            if (lo == null) lo = decades.first();
            if (min / lo < 2 && decades.lower(lo) != null) lo = decades.lower(lo);
            TreeSet<Double> ends = new TreeSet<>();
            for (double d : decades) ends.addAll(List.of(d, 2 * d, 5 * d));
            Double hi = ends.ceiling(max);
            if (hi == null) hi = ends.last();
            List<Double> ticks = new ArrayList<>(decades.subSet(lo, true, hi, true));
            if (ticks.size() <= 3) {
                // Few decades: 2x and 5x ticks as well, so the axis can still be read.
                List<Double> finer = new ArrayList<>();
                for (double d : ticks) {
                    finer.add(d);
                    if (d * 2 <= hi) finer.add(d * 2);
                    if (d * 5 <= hi) finer.add(d * 5);
                }
                ticks = finer;
            } else if (ticks.get(ticks.size() - 1) < hi) {
                ticks.add(hi);
            }
            return new Scale(true, lo, hi, ticks);
        }
    }
}

package io.kvbench.report;

import io.kvbench.result.Units;
import java.util.List;
import java.util.Locale;

/**
 * One benchmark's nights as an inline SVG line chart: the score per night (failed nights as gaps marked on the axis),
 * each change point as a vertical line at its first night, labelled with its commit range and shift, red when worse.
 * The y axis starts at zero so a shift looks as large as it is.
 */
public final class TrendChart {

    /** A night: {@code value} NaN when it did not measure (ERROR, known issue). */
    public record Point(String time, String commit, double value) {
    }

    /** A change point at the night {@code index}; {@code label} names its commit range and shift. */
    public record Marker(int index, String label, boolean worse) {
    }

    private static final int WIDTH = 960;
    private static final int HEIGHT = 260;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 34;
    private static final int BOTTOM = 40;

    private TrendChart() {
    }

    public static String svg(String title, String unit, List<Point> points, List<Marker> markers) {
        double max = points.stream().mapToDouble(Point::value).filter(Double::isFinite).max().orElse(1);
        double top = niceCeiling(max * 1.08);
        double x0 = LEFT, x1 = WIDTH - RIGHT, y0 = HEIGHT - BOTTOM, y1 = TOP;
        int n = points.size();
        StringBuilder s = new StringBuilder();
        s.append("<svg class=\"chart trend\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" width=\"")
                .append(WIDTH).append("\" height=\"").append(HEIGHT).append("\" role=\"img\" aria-label=\"")
                .append(Html.escape(title)).append("\">\n<title>").append(Html.escape(title)).append("</title>\n");
        for (int i = 0; i <= 4; i++) {
            double v = top * i / 4;
            double y = y0 - (y0 - y1) * i / 4;
            s.append("<line class=\"grid\" x1=\"").append(f(x0)).append("\" y1=\"").append(f(y)).append("\" x2=\"")
                    .append(f(x1)).append("\" y2=\"").append(f(y)).append("\"/>\n");
            s.append("<text class=\"tick\" x=\"").append(f(x0 - 6)).append("\" y=\"").append(f(y + 4))
                    .append("\" text-anchor=\"end\">").append(Html.escape(Units.UNICODE.tick(v, unit)))
                    .append("</text>\n");
        }
        s.append("<line class=\"axis\" x1=\"").append(f(x0)).append("\" y1=\"").append(f(y0)).append("\" x2=\"")
                .append(f(x1))
                .append("\" y2=\"").append(f(y0)).append("\"/>\n");
        StringBuilder path = new StringBuilder();
        boolean pen = false;
        for (int i = 0; i < n; i++) {
            Point p = points.get(i);
            double x = x(i, n, x0, x1);
            if (!Double.isFinite(p.value())) {
                pen = false;
                s.append("<text class=\"failed\" x=\"").append(f(x)).append("\" y=\"").append(f(y0 - 4))
                        .append("\" text-anchor=\"middle\">×<title>").append(Html.escape(p.time() + " " + p.commit()
                                + ": not measured")).append("</title></text>\n");
                continue;
            }
            double y = y0 - (y0 - y1) * p.value() / top;
            path.append(pen ? 'L' : 'M').append(f(x)).append(' ').append(f(y));
            pen = true;
        }
        if (!path.isEmpty()) s.append("<path class=\"series\" d=\"").append(path).append("\"/>\n");
        for (int i = 0; i < n; i++) {
            Point p = points.get(i);
            if (!Double.isFinite(p.value())) continue;
            double y = y0 - (y0 - y1) * p.value() / top;
            s.append("<circle class=\"night\" cx=\"").append(f(x(i, n, x0, x1))).append("\" cy=\"").append(f(y))
                    .append("\" r=\"2.6\"><title>").append(Html.escape(p.time() + " " + p.commit() + ": "
                            + Units.UNICODE.measurement(p.value(), Double.NaN, unit))).append("</title></circle>\n");
        }
        for (int m = 0; m < markers.size(); m++) {
            Marker marker = markers.get(m);
            // Between the last night before and the first night after: that is where the change happened.
            double x = n < 2 ? x0 : (x(marker.index(), n, x0, x1) + x(Math.max(0, marker.index() - 1), n, x0, x1)) / 2;
            String cls = marker.worse() ? "change worse" : "change better";
            s.append("<line class=\"").append(cls).append("\" x1=\"").append(f(x)).append("\" y1=\"").append(f(y1 - 6))
                    .append("\" x2=\"").append(f(x)).append("\" y2=\"").append(f(y0)).append("\"/>\n");
            boolean leftSide = x > (x0 + x1) / 2;
            s.append("<text class=\"").append(cls).append("\" x=\"").append(f(leftSide ? x - 4 : x + 4))
                    .append("\" y=\"")
                    .append(f(y1 - 12 + 12 * (m % 2))).append("\" text-anchor=\"").append(leftSide ? "end" : "start")
                    .append("\">").append(Html.escape(marker.label())).append("</text>\n");
        }
        String first = n == 0 ? "" : points.get(0).time();
        String last = n == 0 ? "" : points.get(n - 1).time();
        s.append("<text class=\"caption\" x=\"").append(f(x0)).append("\" y=\"").append(f(y0 + 18)).append("\">")
                .append(Html.escape(first)).append("</text>\n");
        s.append("<text class=\"caption\" x=\"").append(f(x1)).append("\" y=\"").append(f(y0 + 18))
                .append("\" text-anchor=\"end\">").append(Html.escape(last)).append("</text>\n");
        s.append("<text class=\"caption\" x=\"").append(f((x0 + x1) / 2)).append("\" y=\"").append(f(y0 + 34))
                .append("\" text-anchor=\"middle\">")
                .append(Html.escape(n + (n == 1 ? " night · " : " nights · ") + (unit == null ? "" : unit)))
                .append("</text>\n</svg>\n");
        return s.toString();
    }

    private static double x(int i, int n, double x0, double x1) {
        return n < 2 ? (x0 + x1) / 2 : x0 + 8 + (x1 - x0 - 16) * i / (n - 1);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}: round gridlines. */
    static double niceCeiling(double v) {
        if (!(v > 0)) return 1;
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) if (m * p >= v) return m * p;
        return 10 * p;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}

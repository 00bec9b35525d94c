package io.kvbench.baseline;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/** How scores, deltas, p-values and byte counts are shown to people (terminal, Markdown, notes). */
public final class Formats {

    private Formats() {
    }

    /** Large scores with grouping ("1,234,567"), small ones with four significant digits ("0.001235"); NaN is "-". */
    public static String number(double v) {
        if (!Double.isFinite(v)) return "-";
        if (Math.abs(v) >= 1000) return String.format(Locale.ROOT, "%,.0f", v);
        if (v == 0) return "0";
        return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    /** A score with its unit, or "-" when there is none. */
    public static String score(double v, String unit) {
        return !Double.isFinite(v) ? "-" : unit == null || unit.isEmpty() ? number(v) : number(v) + " " + unit;
    }

    /** "+5.3%", "-12.0%", or "-" when unknown. */
    public static String percent(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.1f%%", v) : "-";
    }

    /** "p=0.0123", "p<0.0001". */
    public static String pValue(double p) {
        if (Double.isNaN(p)) return "-";
        return p < 0.0001 ? "p<0.0001" : String.format(Locale.ROOT, "p=%.4f", p);
    }

    /** "512 B", "64.0 KiB", "1.5 MiB", "2.0 GiB". */
    public static String bytes(long n) {
        if (Math.abs(n) < 1024) return n + " B";
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int i = -1;
        while (Math.abs(v) >= 1024 && i < units.length - 1) {
            v /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[i]);
    }
}

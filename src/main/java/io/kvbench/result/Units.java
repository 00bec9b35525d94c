package io.kvbench.result;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * Turns raw numbers with their units into text a person reads at a glance: three significant digits, a scale
 * suffix (k/M/G for counts, µs/ms/s for times, KiB/MiB/GiB for bytes), and the error in the same scale and precision
 * as the score so that the two line up. One instance uses Unicode symbols (files), one plain ASCII (a terminal whose
 * charset cannot show "±" or "µ").
 */
public final class Units {

    public static final Units UNICODE = new Units("±", "µs", "—");
    public static final Units ASCII = new Units("+-", "us", "-");

    private static final int DIGITS = 3;
    private static final String[] COUNT_SUFFIXES = {"", "k", "M", "G", "T"};
    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private final String plusMinus;
    private final String micros;
    private final String missing;

    private Units(String plusMinus, String micros, String missing) {
        this.plusMinus = plusMinus;
        this.micros = micros;
        this.missing = missing;
    }

    /** The symbols the standard output can print; "±" turns into "?" on an ASCII console, so fall back there. */
    public static Units forConsole() {
        return forCharset(consoleCharset());
    }

    public static Units forCharset(Charset charset) {
        CharsetEncoder encoder = charset.newEncoder();
        return encoder.canEncode(UNICODE.plusMinus + UNICODE.micros + UNICODE.missing) ? UNICODE : ASCII;
    }

    private static Charset consoleCharset() {
        for (String property : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(property);
            if (name != null && Charset.isSupported(name)) return Charset.forName(name);
        }
        return Charset.defaultCharset();
    }

    /** What a cell shows when there is no number. */
    public String missing() {
        return missing;
    }

    public String plusMinus() {
        return plusMinus;
    }

    /** The microsecond symbol this instance writes ("µs" or "us"). */
    public String micros() {
        return micros;
    }

    /** A number alone, three significant digits, trailing zeros dropped: "0.5", "12.5", "1,024". */
    public String plainNumber(double value) {
        return withoutTrailingZeros(significant(value).text());
    }

    /**
     * A formatted quantity in pieces, so a chart can set the number in bold: {@code number} carries the scale suffix
     * where the unit word does not ("1.23M" + "ops/s"), {@code error} is null when unknown.
     */
    public record Measurement(String number, String error, String unit, boolean spaceBeforeUnit, String plusMinus) {

        /** "1.23M ± 0.05M ops/s", "12.3 ± 0.4 ms", "187%". */
        @Override
        public String toString() {
            String value = error == null ? number : number + " " + plusMinus + " " + error;
            if (unit.isEmpty()) return value;
            return value + (spaceBeforeUnit ? " " : "") + unit;
        }
    }

    /**
     * A score with its error. An error that is NaN or infinite (unknown) or exactly 0 (no spread: every sample the
     * same, as a store's size often is) is left out rather than printed as "± 0".
     */
    public Measurement measure(double value, double error, String unit) {
        String u = unit == null ? "" : unit;
        if (!Double.isFinite(value)) return new Measurement(missing, null, "", false, plusMinus);
        boolean withError = Double.isFinite(error) && error != 0;
        return switch (u) {
            case "ops/s", "ops/ms" -> counts(value, error, withError, u);
            case "s/op" -> time(value, error, withError, 1);
            case "ms/op" -> time(value, error, withError, 1e-3);
            case "us/op", "µs/op" -> time(value, error, withError, 1e-6);
            case "ns", "ns/op" -> time(value, error, withError, 1e-9);
            case "B" -> bytes(value, error, withError);
            case "%" -> plain(value, error, withError, "%", false);
            case "x" -> plain(value, error, withError, "x", false);
            default -> plain(value, error, withError, u, !u.isEmpty());
        };
    }

    /** A score and its error as one string. */
    public String measurement(double value, double error, String unit) {
        return measure(value, error, unit).toString();
    }

    /** A value without error. */
    public String value(double value, String unit) {
        return measure(value, Double.NaN, unit).toString();
    }

    /** An axis tick: as short as possible ("500k", "1M", "2.5 ms"), trailing zeros dropped. */
    public String tick(double value, String unit) {
        Measurement m = measure(value, Double.NaN, unit);
        String number = withoutTrailingZeros(m.number());
        boolean countUnit = "ops/s".equals(unit) || "ops/ms".equals(unit);
        return countUnit ? number : new Measurement(number, null, m.unit(), m.spaceBeforeUnit(), plusMinus).toString();
    }

    /**
     * How much slower than the fastest, from a time ratio (1 for the fastest, above 1 for the others): "1.00x" for the
     * fastest, "2.90x slower" for an engine that takes 2.9 times as long per operation. The one convention of every
     * table that compares engines (see {@link ResultCells#VS_FASTEST}).
     */
    public String vsFastest(double timeRatio) {
        if (!Double.isFinite(timeRatio)) return missing;
        return timeRatio == 1 ? "1.00x" : significant(timeRatio).text() + "x slower";
    }

    /** "1.00x" for the least of a cost, "2.90x" for a row that costs that many times as much. */
    public String timesLeast(double ratio) {
        if (!Double.isFinite(ratio)) return missing;
        return ratio == 1 ? "1.00x" : significant(ratio).text() + "x";
    }

    /**
     * B against A from a time ratio (B's time per operation over A's): "1.07x slower", "1.03x faster" (A's time over
     * B's), "same" at exactly 1; the words carry the direction, the number is always at least 1.
     */
    public String versus(double timeRatio) {
        if (!Double.isFinite(timeRatio) || timeRatio <= 0) return missing;
        if (timeRatio == 1) return "same";
        return timeRatio > 1 ? significant(timeRatio).text() + "x slower" : significant(1 / timeRatio).text()
                + "x faster";
    }

    /** "1.00M" -> "1M", "2.50" -> "2.5"; the scale suffix stays. */
    private static String withoutTrailingZeros(String number) {
        int end = number.length();
        while (end > 0 && !Character.isDigit(number.charAt(end - 1))) end--;
        String digits = number.substring(0, end);
        if (digits.contains(".")) digits = digits.replaceFirst("\\.?0+$", "");
        return digits + number.substring(end);
    }

    private Measurement counts(double value, double error, boolean withError, String unit) {
        int step = scaleStep(value, 1000, COUNT_SUFFIXES.length);
        double divisor = Math.pow(1000, step);
        Rounded number = significant(value / divisor);
        String suffix = COUNT_SUFFIXES[step];
        String err = withError ? errorText(error / divisor, number.fractionDigits()) + suffix : null;
        return new Measurement(number.text() + suffix, err, unit, true, plusMinus);
    }

    /** Times: {@code value * toSeconds} seconds, shown in ns, µs, ms or s. */
    private Measurement time(double value, double error, boolean withError, double toSeconds) {
        double seconds = value * toSeconds;
        String[] names = {"ns", micros, "ms", "s"};
        int step = scaleStep(seconds * 1e9, 1000, names.length);
        double divisor = 1e-9 * Math.pow(1000, step);
        Rounded number = significant(seconds / divisor);
        String err = withError ? errorText(error * toSeconds / divisor, number.fractionDigits()) : null;
        return new Measurement(number.text(), err, names[step], true, plusMinus);
    }

    private Measurement bytes(double value, double error, boolean withError) {
        int step = scaleStep(value, 1024, BYTE_UNITS.length);
        double divisor = Math.pow(1024, step);
        // Whole bytes below 1 KiB: "512 B", never "512.0 B".
        Rounded number = step == 0 ? new Rounded(fixed(value, 0), 0) : significant(value / divisor);
        String err = withError ? errorText(error / divisor, number.fractionDigits()) : null;
        return new Measurement(number.text(), err, BYTE_UNITS[step], true, plusMinus);
    }

    private Measurement plain(double value, double error, boolean withError, String unit, boolean space) {
        Rounded number = significant(value);
        String err = withError ? errorText(error, number.fractionDigits()) : null;
        return new Measurement(number.text(), err, unit, space, plusMinus);
    }

    /**
     * The largest scale step (0 = none) whose divisor the value reaches after rounding, so that 999.6 becomes
     * "1.00k" rather than "1,000".
     */
    private static int scaleStep(double value, double base, int steps) {
        double magnitude = Math.abs(value);
        int step = 0;
        while (step + 1 < steps && roundToDigits(magnitude / Math.pow(base, step + 1)) >= 1) step++;
        return step;
    }

    private static double roundToDigits(double x) {
        if (x == 0 || !Double.isFinite(x)) return x;
        return BigDecimal.valueOf(x).round(new MathContext(DIGITS, RoundingMode.HALF_UP)).doubleValue();
    }

    private record Rounded(String text, int fractionDigits) {
    }

    /** Three significant digits; integer digits beyond three are kept ("12,345"), not rounded away. */
    private static Rounded significant(double x) {
        double rounded = roundToDigits(x);
        if (rounded == 0) return new Rounded("0", 0);
        int integerDigits = (int) Math.floor(Math.log10(Math.abs(rounded))) + 1;
        int fractionDigits = Math.max(0, DIGITS - integerDigits);
        return new Rounded(fixed(x, fractionDigits), fractionDigits);
    }

    /**
     * An error at the score's precision; one that would print as zero there (a tiny but real spread) gets the digits
     * of its first significant figure instead, so that "± 0" never stands for a spread that exists.
     */
    private static String errorText(double error, int fractionDigits) {
        double e = Math.abs(error);
        String text = fixed(e, fractionDigits);
        if (e == 0 || !text.matches("[0.,]+")) return text;
        int digits = BigDecimal.valueOf(e).round(new MathContext(1, RoundingMode.HALF_UP)).scale();
        return fixed(e, Math.min(12, Math.max(fractionDigits, digits)));
    }

    private static String fixed(double x, int fractionDigits) {
        DecimalFormat format = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setRoundingMode(RoundingMode.HALF_UP);
        format.setMinimumFractionDigits(fractionDigits);
        format.setMaximumFractionDigits(fractionDigits);
        // Round the shortest decimal form of the double (0.045, not 0.04499999...), as a person reading it would.
        String text = format.format(BigDecimal.valueOf(x));
        // "-0.00" reads like a negative error; a rounded zero has no sign.
        return text.matches("-0(\\.0*)?") ? text.substring(1) : text;
    }
}

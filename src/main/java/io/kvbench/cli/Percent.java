package io.kvbench.cli;

import io.kvbench.input.BadInputException;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An effect size typed as a percentage, as every kvbench option takes one (--min-effect, --slowdowns,
 * --grid-min-effects, --min-shift): "5" and "5%" are five percent. A bare number between 0 and 1 is refused: it is
 * the fraction these options took before (0.05 for 5 %), and reading it as 0.05 % would silently make a threshold a
 * hundred times stricter. Write "0.5%" for half a percent. Probabilities (--alpha, --beta, --p-value) stay fractions.
 *
 * @param percent the percentage, e.g. 5.0 for five percent
 */
record Percent(double percent) {

    /** Beyond it a typo, not an effect. */
    static final double MAX = 1000;

    Percent {
        if (!(percent >= 0 && percent <= MAX)) throw new BadInputException("a percentage is between 0 and "
                + MAX);
    }

    /** As a fraction: 0.05 for five percent. */
    double fraction() {
        return percent / 100;
    }

    @Override
    public String toString() {
        return (percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent)) + "%";
    }

    /** picocli's converter for options of type Percent. */
    static final class Converter implements ITypeConverter<Percent> {
        @Override
        public Percent convert(String value) {
            String text = value.strip();
            boolean suffixed = text.endsWith("%");
            String number = suffixed ? text.substring(0, text.length() - 1).strip() : text;
            double percent;
            try {
                percent = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value
                        + "' is not a percentage (write 5 or 5% for five percent)");
            }
            if (!suffixed && percent > 0 && percent < 1) {
                throw new TypeConversionException("'" + value + "' is ambiguous: effects are percentages now (write "
                        + format(percent * 100) + " for " + format(percent * 100) + " %, or " + number + "% for "
                        + number + " %)");
            }
            if (!(percent >= 0 && percent <= MAX)) {
                throw new TypeConversionException("'" + value + "' is not a percentage between 0 and " + format(MAX));
            }
            return new Percent(percent);
        }

        private static String format(double value) {
            return String.format(Locale.ROOT, "%s", value == Math.rint(value) ? String.valueOf((long) value)
                    : String.valueOf(Math.round(value * 1e6) / 1e6));
        }
    }
}

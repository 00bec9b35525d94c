package io.kvbench.result;

/**
 * One measured quantity with its error (half-width of the 99.9 % confidence interval, as JMH reports it; NaN when
 * there were too few samples to estimate one).
 */
public record Metric(double score, double error, String unit) {
}

package io.kvbench.run;

import java.io.PrintStream;
import java.time.Duration;

/**
 * Tells the user which benchmark runs, how far the run is and how long it has left. The estimate is the mean duration
 * of the benchmarks finished so far times the number left, so it sharpens as the run goes.
 */
public final class Progress {

    private final PrintStream out;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;
    private long measuredNanos;
    private int measured;
    private long currentStart;

    public Progress(PrintStream out, int total) {
        this.out = out;
        this.total = total;
    }

    /** A benchmark starts. */
    public void start(String engine, String workload) {
        currentStart = System.nanoTime();
        out.printf("[%d/%d] %s x %s ...%n", done + 1, total, engine, workload);
        out.flush();
    }

    /**
     * The current benchmark ended; {@code outcome} is a short summary, a score as the console table writes it ("1.23M ±
     * 0.05M ops/s"), "n/a (reason)" or "ERROR: reason".
     */
    public void finish(String outcome, boolean measuredSomething) {
        long took = System.nanoTime() - currentStart;
        done++;
        if (measuredSomething) {
            measuredNanos += took;
            measured++;
        }
        String eta = measured == 0 ? "" : ", about "
                + format(Duration.ofNanos(measuredNanos / measured * (total - done))) + " left";
        out.printf("      %s  (%s; elapsed %s%s)%n", outcome, format(Duration.ofNanos(took)),
                format(Duration.ofNanos(System.nanoTime() - startNanos)), done < total ? eta : "");
        out.flush();
    }

    public void note(String message) {
        out.println(message);
        out.flush();
    }

    public static String format(Duration d) {
        long s = d.toSeconds();
        return s < 60 ? String.format("%.1f s", d.toMillis() / 1000.0) : String.format("%d:%02d min", s / 60, s % 60);
    }
}

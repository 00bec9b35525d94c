package io.kvbench.run;

import io.kvbench.result.RunLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;

/**
 * A run's output directory while it runs: its layout, its jmh.log (open for the whole run) and its collected JMH JSON.
 */
public record RunFiles(RunLayout layout, PrintStream jmhLog, JmhJson jmhJson) {

    /**
     * Takes in what a child (a benchmark container, a JVM on another class path) wrote into its own output directory:
     * its JMH JSON joins the run's, its jmh.log is appended to the run's under a heading naming it.
     */
    public void collect(String heading, RunLayout child) {
        jmhJson.append(child.jmhResults());
        jmhLog.println("=== " + heading + " ===");
        try {
            if (Files.exists(child.jmhLog())) jmhLog.print(Files.readString(child.jmhLog()));
        } catch (IOException e) {
            jmhLog.println("(cannot read " + child.jmhLog() + ": " + e.getMessage() + ")");
        }
    }
}

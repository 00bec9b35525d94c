package io.kvbench.cli;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import java.io.PrintWriter;
import java.nio.file.Path;

/** What a finished run prints and writes besides results.json. */
final class RunOutput {

    private RunOutput() {
    }

    static void write(RunResults results, Path outDir, PrintWriter out) {
        for (BenchmarkResult r : results.results()) {
            out.println(r.engine() + " " + r.workload() + " " + r.status() + " " + r.score() + " +- " + r.error() + " " + r.unit() + " " + r.reason() + " " + r.secondary());
        }
        out.flush();
    }
}

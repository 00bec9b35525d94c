package io.kvbench.bench;

import io.kvbench.task.BenchmarkTask;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The child JVM whose syncs {@link io.kvbench.run.SyncCounter} counts: {@code SyncCountPass <task.json>} does the
 * task's fixed work once ({@link FixedWork}: a write pass into a fresh store, closed or flushed as the benchmark does)
 * and prints the number of records it wrote. Exit code 0 when done, 1 when the engine failed (its error on stderr),
 * 2 for bad arguments or an unreadable task.
 */
public final class SyncCountPass {

    private SyncCountPass() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: SyncCountPass <task.json>");
            System.exit(2);
        }
        BenchmarkTask task;
        try {
            task = BenchmarkTask.read(Path.of(args[0]));
        } catch (IOException | RuntimeException e) {
            System.err.println("kvbench sync count: " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            FixedWork.once(task);
        } catch (RuntimeException e) {
            System.err.println("kvbench sync count: " + e);
            System.exit(1);
        }
        System.out.println(FixedWork.recordsWritten(task));
    }
}

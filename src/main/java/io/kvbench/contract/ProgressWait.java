package io.kvbench.contract;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Waits for tasks that count their operations in one shared counter, and fails them only when the counter has not moved
 * for {@link #STALL}. A wall-clock bound on the whole would judge the disk: an engine that syncs every write waits for
 * the device, and the device for whatever else the machine writes (a benchmark beside the suite), while an engine whose
 * threads deadlock or hang makes no progress at all.
 */
final class ProgressWait {

    static final Duration STALL = Duration.ofSeconds(60);

    private ProgressWait() {
    }

    /** Each task's result, in order; an AssertionError naming {@code what} when no operation completes for STALL. */
    static <T> List<T> results(List<Future<T>> tasks, AtomicLong progress, String what) throws Exception {
        return results(tasks, progress, STALL, what);
    }

    static <T> List<T> results(List<Future<T>> tasks, AtomicLong progress, Duration stall, String what)
            throws Exception {
        List<T> results = new ArrayList<>();
        long seen = progress.get();
        long since = System.nanoTime();
        for (Future<T> task : tasks) {
            while (true) {
                try {
                    results.add(task.get(1, TimeUnit.SECONDS));
                    break;
                } catch (TimeoutException e) {
                    long now = progress.get();
                    if (now != seen) {
                        seen = now;
                        since = System.nanoTime();
                    } else if (System.nanoTime() - since > stall.toNanos()) {
                        throw new AssertionError(what + " completed no operation for " + stall.toSeconds()
                                + " s (after " + now + " in all): a deadlock or a hung engine call");
                    }
                }
            }
        }
        return results;
    }
}

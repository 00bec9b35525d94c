package io.kvbench.crash;

import java.util.concurrent.CountDownLatch;

/**
 * Watches a writer's stdout as it arrives and opens when the writer printed READY or a failure line, or its output
 * ended. Text may arrive in chunks that split lines; only the marker's presence in the text so far matters.
 */
final class ReadySignal {

    private static final String READY = WriterProtocol.line(WriterProtocol.READY);
    private static final String FAILED = "-FAILED ";

    private final StringBuilder seen = new StringBuilder();
    private final CountDownLatch latch = new CountDownLatch(1);
    private volatile boolean ready;

    synchronized void accept(String chunk) {
        if (latch.getCount() == 0) return;
        seen.append(chunk);
        // Only the tail can complete a marker that was not there before.
        int from = Math.max(0, seen.length() - chunk.length() - READY.length());
        if (seen.indexOf(READY, from) >= 0) {
            ready = true;
            latch.countDown();
        } else if (seen.indexOf(FAILED, from) >= 0) {
            latch.countDown();
        }
    }

    void ended() {
        latch.countDown();
    }

    boolean await(long millis) throws InterruptedException {
        latch.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        return ready;
    }
}

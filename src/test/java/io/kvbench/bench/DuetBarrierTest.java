package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The duet's barrier: neither side starts iteration N before the other has arrived at it; a missing side is given up.
 * */
class DuetBarrierTest {

    @TempDir
    Path dir;

    private static final long PATIENCE = TimeUnit.SECONDS.toNanos(20);

    @Test
    void neitherSideStartsAnIterationBeforeTheOtherArrivesAtIt() throws Exception {
        ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
        ExecutorService sides = Executors.newFixedThreadPool(2);
        try {
            Future<?> a = sides.submit(() -> iterations(events, "A", "B", 0));
            Future<?> b = sides.submit(() -> iterations(events, "B", "A", 3)); // B is slower between iterations
            a.get(1, TimeUnit.MINUTES);
            b.get(1, TimeUnit.MINUTES);
        } finally {
            sides.shutdownNow();
        }
        // Every "start N" of one side comes after both sides' "arrive N".
        java.util.List<String> order = java.util.List.copyOf(events);
        for (int n = 1; n <= 5; n++) {
            for (String side : new String[] {"A", "B"}) {
                int start = order.indexOf(side + " start " + n);
                assertThat(start).isGreaterThan(order.indexOf("A arrive " + n))
                        .isGreaterThan(order.indexOf("B arrive " + n));
            }
        }
        assertThat(dir.resolve(DuetBarrier.ABANDONED)).doesNotExist();
        assertThat(dir.resolve("rocksdb-ycsb-c.A.5")).exists();
        assertThat(dir.resolve("rocksdb-ycsb-c.B.5")).exists();
    }

    private void iterations(ConcurrentLinkedQueue<String> events, String me, String other, long pauseMillis) {
        for (int n = 1; n <= 5; n++) {
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            events.add(me + " arrive " + n);
            assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", me, other, PATIENCE)).isTrue();
            events.add(me + " start " + n);
        }
    }

    @Test
    void aSideThatNeverArrivesIsGivenUpOnceAndForAll() throws Exception {
        long start = System.nanoTime();
        assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", "A", "B", TimeUnit.MILLISECONDS.toNanos(200))).isFalse();
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
        assertThat(Files.readString(dir.resolve(DuetBarrier.ABANDONED))).contains("A waited")
                .contains("rocksdb-ycsb-c.B.1");
        // Later iterations, and the other side when it comes, no longer wait.
        long again = System.nanoTime();
        assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", "A", "B", PATIENCE)).isFalse();
        // A's first iteration is there
        assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", "B", "A", PATIENCE)).isTrue();
        assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", "B", "A", PATIENCE)).isTrue();
        assertThat(DuetBarrier.await(dir, "rocksdb-ycsb-c", "B", "A", PATIENCE)).isFalse();
        assertThat(System.nanoTime() - again).isLessThan(TimeUnit.SECONDS.toNanos(5));
    }
}

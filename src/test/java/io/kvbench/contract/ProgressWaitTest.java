package io.kvbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProgressWaitTest {

    private static final Duration STALL = Duration.ofSeconds(2);
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void aTaskSlowerThanTheStallBoundPassesWhileItProgresses() throws Exception {
        AtomicLong progress = new AtomicLong();
        Future<Long> slow = pool.submit(() -> {
            for (int i = 0; i < 8; i++) { // 4 s in all, each step well inside the bound
                Thread.sleep(500);
                progress.incrementAndGet();
            }
            return progress.get();
        });
        assertThat(ProgressWait.results(List.of(slow), progress, STALL, "slow writer")).containsExactly(8L);
    }

    @Test
    void aTaskThatStopsProgressingFailsNamingItself() {
        AtomicLong progress = new AtomicLong();
        CountDownLatch never = new CountDownLatch(1);
        Future<Long> stuck = pool.submit(() -> {
            progress.incrementAndGet();
            never.await();
            return 0L;
        });
        assertThatThrownBy(() -> ProgressWait.results(List.of(stuck), progress, STALL, "stuck writer"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("stuck writer completed no operation for 2 s (after 1 in all)");
    }
}

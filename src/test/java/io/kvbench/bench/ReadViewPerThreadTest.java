package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The access pattern of the HaloDB playground's reads (halo-random-read-8t): each benchmark thread reads through one
 * read view it keeps for the iteration, as the playground's LMDB engine keeps one read transaction per thread. Seen as
 * a snapshot: records deleted by another thread after the view opened are still read through it, while the same
 * workload with per-operation gets finds them gone (and says the engine lost data).
 */
class ReadViewPerThreadTest {

    @RegisterExtension
    final TempDataDir data = new TempDataDir();

    @ParameterizedTest(name = "[{0}] a thread's reads go through one view for the iteration")
    @ValueSource(strings = {"lmdb", "xodus-btree"})
    void aPassWorkloadReadsThroughOneViewPerThreadPerIteration(String engine) throws Exception {
        assertThat(Catalog.workload("halo-random-read-8t").access()).isEqualTo(Workload.Access.PASS);
        OpsBenchmark.Shared shared = loaded(engine, Workload.Access.PASS);
        try {
            OpsBenchmark.Worker worker = new OpsBenchmark.Worker();
            worker.init(shared, 0);
            worker.startTimedRegion(shared);
            deleteEverythingElsewhere(shared);
            for (int i = 0; i < 2_000; i++) assertThat(worker.next(shared)).as("read %d", i).isEqualTo(100);
            worker.publish(shared); // no lost reads: the view is the store as the iteration began

            worker.startTimedRegion(shared); // the next iteration's view sees the deletions
            for (int i = 0; i < 100; i++) worker.next(shared);
            assertThatThrownBy(() -> worker.publish(shared)).hasMessageContaining("the engine lost data");
        } finally {
            shared.tearDown();
        }
    }

    @ParameterizedTest(name = "[{0}] per-operation reads see every change at once")
    @ValueSource(strings = {"lmdb", "xodus-btree"})
    void theSameWorkloadWithPerOperationReadsSeesTheDeletions(String engine) throws Exception {
        OpsBenchmark.Shared shared = loaded(engine, Workload.Access.OPERATION);
        try {
            OpsBenchmark.Worker worker = new OpsBenchmark.Worker();
            worker.init(shared, 0);
            worker.startTimedRegion(shared);
            deleteEverythingElsewhere(shared);
            for (int i = 0; i < 100; i++) assertThat(worker.next(shared)).isEqualTo(-1);
            assertThatThrownBy(() -> worker.publish(shared))
                    .hasMessageContaining("100 reads of loaded records found nothing");
        } finally {
            shared.tearDown();
        }
    }

    /**
     * JMH tears the shared store down in the first thread to finish the last iteration, which may be before another
     * thread's iteration teardown has closed its view (the halo run on LMDB failed so: environment already closed).
     */
    @Test
    void theStoreOutlivesAViewAnotherThreadHasNotClosedYet() throws Exception {
        OpsBenchmark.Shared shared = loaded("lmdb", Workload.Access.PASS);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            OpsBenchmark.Worker late = new OpsBenchmark.Worker();
            late.init(shared, 1);
            other.submit(() -> late.startTimedRegion(shared)).get();
            assertThat(shared.openViews.get()).isEqualTo(1);
            CompletableFuture<Void> teardown = CompletableFuture.runAsync(shared::tearDown);
            Thread.sleep(300);
            assertThat(teardown).as("waits for the open view").isNotDone();
            other.submit(() -> {
                for (int i = 0; i < 100; i++) late.next(shared);
                late.publish(shared);
            }).get();
            teardown.get(30, TimeUnit.SECONDS);
            assertThat(shared.openViews.get()).isZero();
        } finally {
            other.shutdownNow();
        }
    }

    private static void deleteEverythingElsewhere(OpsBenchmark.Shared shared) throws Exception {
        CompletableFuture.runAsync(() -> {
            for (int i = 0; i < shared.data.records(); i++) shared.store.delete(shared.data.key(i));
        }).get();
    }

    /** halo-random-read-8t's keys and uniform reads, one thread, the smoke profile's 10,000 records of 100 bytes, with
     * the given access. */
    private OpsBenchmark.Shared loaded(String engine, Workload.Access access) {
        String accessFields = access == Workload.Access.PASS
                ? ", \"access\": \"PASS\", \"accessSource\": \"https://example.org\"" : "";
        String json = "[{\"name\": \"view-test\", \"family\": \"halo\", \"key\": \"LONG8\", \"value\": \"RANDOM\", "
                + "\"valueBytes\": 100, \"seed\": 100, \"phase\": \"OPERATIONS\", \"preload\": \"SEQUENTIAL\", "
                + "\"distribution\": \"UNIFORM\"" + accessFields + "}]";
        Workload workload = Catalog.parseWorkloads(Path.of("view-test.json"), json.getBytes(StandardCharsets.UTF_8))
                .get("view-test");
        BenchmarkTask task = BenchmarkTask.of(engine, workload, Catalog.profile("smoke"),
                BenchmarkTask.Environment.of(Map.of(), List.of(), data.dir()));
        OpsBenchmark.Shared shared = new OpsBenchmark.Shared();
        shared.setUp(StoreFixture.create(task));
        return shared;
    }
}

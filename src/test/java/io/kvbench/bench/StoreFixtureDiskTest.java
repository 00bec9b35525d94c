package io.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Dataset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Disk checks that cannot pass by accident: sizes after a flush, a measurement that fails says why, how a load writes.
 * */
class StoreFixtureDiskTest {

    @RegisterExtension
    final TempDataDir data = new TempDataDir();

    /**
     * Sparkey buffers puts (1 MiB) until flush(); its flush writes the log without sealing the store. 10,000 records
     * of 8-byte keys and values stay in that buffer, so a size taken without the flush sees an almost empty log.
     */
    @Test
    void aWriteOnceStoreIsMeasuredAfterItsFlush() {
        StoreFixture fixture = StoreFixture.create(task("sparkey", "tc-seq-write"));
        try {
            fixture.openEmpty();
            Dataset data = fixture.dataset();
            long logical = 0;
            for (int i = 0; i < data.records(); i++) {
                fixture.store().put(data.key(i), data.value(i));
                logical += data.key(i).length + data.value(i).length;
            }
            assertThat(fixture.diskBytes()).as("allocated bytes of %d logical bytes", logical)
                    .isGreaterThanOrEqualTo(logical);
            fixture.store().put(data.key(0), data.value(0)); // still writable: the flush did not seal it
        } finally {
            fixture.destroy();
        }
    }

    @Test
    void aDiskSizeThatCannotBeMeasuredIsAnErrorNamingTheCause() {
        StoreFixture fixture = StoreFixture.create(task("rocksdb", "tc-seq-write"));
        fixture.destroy(); // the store directory is gone, as after a crash of the engine or a full disk's cleanup
        assertThatThrownBy(fixture::diskBytes).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("disk use of " + data.dir())
                .hasMessageContaining("could not be measured: no such directory");
        assertThat(ProcessProbes.diskBytes(data.dir())).as("an existing directory measures").isGreaterThanOrEqualTo(0);
    }

    /**
     * A workload that follows its source's transactions is loaded as the source loads, in one write transaction: for
     * Xodus a far smaller log than the per-operation load's transaction per put (also the store its reads then see).
     */
    @Test
    void aPublishedMethodWorkloadIsLoadedInOneTransaction() {
        long perOperation = loadedDiskBytes("tc-random-read-per-op");
        long oneTransaction = loadedDiskBytes("tc-random-read");
        assertThat(oneTransaction).as("one-transaction load vs %d bytes per operation", perOperation)
                .isLessThan(perOperation / 2);
    }

    private long loadedDiskBytes(String workload) {
        StoreFixture fixture = StoreFixture.create(task("xodus-btree", workload));
        try {
            fixture.loadAndReopen();
            return fixture.diskBytes();
        } finally {
            fixture.destroy();
        }
    }

    private BenchmarkTask task(String engine, String workload) {
        return BenchmarkTask.of(engine, Catalog.workload(workload), Catalog.profile("smoke"),
                BenchmarkTask.Environment.of(Map.of(), List.of(), data.dir()));
    }
}

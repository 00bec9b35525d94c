package io.kvbench.engine.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Berkeley DB JE get waits for a writer that holds its record longer than JE's default lock timeout (500 ms) and then
 * reads the committed value, instead of failing with a LockTimeoutException: a loaded machine can hold back a commit's
 * log write that long (the concurrency contract once failed so in CI).
 */
class BerkeleyDbJeLockWaitTest {

    private static final byte[] KEY = "held".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] VALUE = "committed".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    @Test
    void aGetWaitsOutAWriterHoldingTheRecordForASecond() throws Exception {
        try (KvStore store = Engines.open(Engines.byId("berkeleydb-je"), dir, StoreOptions.DEFAULT)) {
            CompletableFuture<byte[]> read;
            try (WritePass pass = store.openWritePass()) {
                pass.put(KEY, VALUE); // the pass's transaction now holds the record's write lock
                read = CompletableFuture.supplyAsync(() -> store.get(KEY));
                Thread.sleep(1_000);
                assertThat(read).as("the get waits for the holder's commit").isNotDone();
                pass.commit();
            }
            assertThat(read.get(30, TimeUnit.SECONDS)).isEqualTo(VALUE);
        }
    }
}

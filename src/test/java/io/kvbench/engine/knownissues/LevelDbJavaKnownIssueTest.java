package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.impl.Iq80DBFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * org.iq80.leveldb 0.12: a {@code get} racing with a background compaction can fail with "Could not open table N"
 * caused by {@code FileNotFoundException: ...N.sst}: the compaction deletes a table file that the read's version still
 * names. Upstream: https://github.com/dain/leveldb/issues/78 (open). kvbench found it in a smoke run of ycsb-a
 * (single-threaded reads and updates, the race being with the engine's own compaction thread), reported as an ERROR
 * row.
 *
 * <p>It is a race, so this test provokes it (one writer, two readers, a 64 KiB write buffer so that compactions are
 * frequent) for at most 60 s: it passes when the failure appears with exactly this signature. Measured here: hit within
 * 0.1-2 s in each of 6 rounds, so a race not hit in 60 s means the bug is gone (an upgrade fixed it) and fails the test
 * saying so, instead of skipping forever. Any other failure fails the test as what it is.
 */
class LevelDbJavaKnownIssueTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("leveldb-java: reads racing with compaction fail with 'Could not open table' "
            + "(https://github.com/dain/leveldb/issues/78)")
    void readRacingCompactionFindsDeletedTable() throws Throwable {
        DB db = Iq80DBFactory.factory.open(dir.toFile(), new Options().createIfMissing(true).writeBufferSize(64 << 10));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean stop = new AtomicBoolean();
        try {
            byte[] value = new byte[1000];
            new Random(1).nextBytes(value);
            int keys = 2000;
            for (int i = 0; i < keys; i++) db.put(key(i), value);
            Thread[] threads = {
                new Thread(() -> loop(stop, failure, r -> db.put(key(r.nextInt(keys)), value))),
                new Thread(() -> loop(stop, failure, r -> db.get(key(r.nextInt(keys))))),
                new Thread(() -> loop(stop, failure, r -> db.get(key(r.nextInt(keys))))),
            };
            for (Thread t : threads) t.start();
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!stop.get() && System.nanoTime() < deadline) Thread.sleep(10);
            stop.set(true);
            for (Thread t : threads) t.join();
        } finally {
            db.close();
        }
        Throwable seen = failure.get();
        KnownIssuePin.stillReproduces("https://github.com/dain/leveldb/issues/78", KnownIssuePin.RECORDED, () ->
                assertThat(seen).as("a read failing within 60 s of racing compactions (usually within 2 s)")
                        .isNotNull());
        assertThat(seen).isInstanceOf(RuntimeException.class).hasMessageStartingWith("Could not open table")
                .hasCauseInstanceOf(FileNotFoundException.class);
        assertThat(seen.getCause()).hasMessageContaining(".sst");
    }

    private interface Op {
        void run(Random random);
    }

    private static void loop(AtomicBoolean stop, AtomicReference<Throwable> failure, Op op) {
        Random random = new Random();
        while (!stop.get()) {
            try {
                op.run(random);
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                stop.set(true);
            }
        }
    }

    private static byte[] key(int i) {
        return ("user" + i).getBytes(StandardCharsets.US_ASCII);
    }
}

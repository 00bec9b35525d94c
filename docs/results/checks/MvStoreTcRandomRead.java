package checks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.h2.mvstore.MVStore;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The Tokyo Cabinet table's H2 random read, done the way its source does it (Xodus's
 * JMH_MVStoreTokyoCabinetReadBenchmark, 2018): a fresh store with auto-commit disabled, 1,000,000 keys of 8 decimal
 * digits written in order as String keys and values through {@code store.openMap(name)} (MVStore's default
 * ObjectDataType) and committed, then every key read once in a shuffled order, one pass timed per invocation. It
 * compiles against MVStore 1.4 and 2.x alike, so the same class measures each version on one machine: what changed
 * is the engine, not the method or the hardware. See docs/results/2026-11-26-reproduction-causes.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseSerialGC"})
public class MvStoreTcRandomRead {

    private static final int KEYS = 1_000_000;

    private final String[] successive = new String[KEYS];
    private String[] shuffled;
    private Path dir;
    private MVStore store;
    private Map<Object, Object> map;

    @Setup(Level.Trial)
    public void keys() {
        for (int i = 0; i < KEYS; i++) successive[i] = String.format("%08d", i);
        shuffled = successive.clone();
    }

    /** As the source: a new store per pass, written in one transaction and committed; untimed. */
    @Setup(Level.Invocation)
    public void freshStore() throws IOException {
        Random random = new Random(shuffled.length + System.nanoTime());
        for (int i = shuffled.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = shuffled[i];
            shuffled[i] = shuffled[j];
            shuffled[j] = t;
        }
        dir = Files.createTempDirectory("mvstore-tc-");
        store = new MVStore.Builder().fileName(dir.resolve("data").toString()).autoCommitDisabled().open();
        map = store.openMap("testTokyoCabinet");
        for (String key : successive) map.put(key, key);
        store.commit();
    }

    @Benchmark
    public int randomRead() {
        int result = 0;
        for (String key : shuffled) {
            result += key.length();
            result += ((String) map.get(key)).length();
        }
        return result;
    }

    @TearDown(Level.Invocation)
    public void close() throws IOException {
        store.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}

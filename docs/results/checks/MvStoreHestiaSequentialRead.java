package checks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * HestiaStore's H2 sequential read, two ways on one machine and one MVStore version: {@code published}, as its source
 * does it (HestiaStore-test's TestH2Sequential: String keys and values with StringDataType, auto-commit disabled, a
 * 4096 MB page cache, no commit before the reads), and {@code kvbench}, as kvbench's adapter does it (byte[] keys and
 * values with ByteArrayDataType, the default builder, then commit and compactFile before measuring). Keys: the
 * uppercase hex MD5 of the record's decimal index, made before the measurement, written and read in one order,
 * wrapping at the end: {@code order=key} sorted, as kvbench's hestia-seq-read walks them, or {@code order=index} in
 * index order, which is random in key order; the value is the source's constant phrase. {@code -p records=N} sets
 * the size (the published table's is 10,000,000; loading that many the source's way takes many minutes here). The
 * kvbench way needs MVStore 2.3 or newer (2.2's ByteArrayDataType cannot be a key). See
 * docs/results/2026-11-26-reproduction-causes.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(value = 2, jvmArgsAppend = {"-Xmx4g", "-XX:+UseG1GC"})
public class MvStoreHestiaSequentialRead {

    private static final String VALUE = "opice skace po stromech";

    @Param({"published", "kvbench"})
    public String method;

    @Param({"10000000"})
    public int records;

    @Param({"key", "index"})
    public String order;

    private String[] keys;
    private byte[][] keyBytes;
    private int next;
    private Path dir;
    private MVStore store;
    private MVMap<String, String> strings;
    private MVMap<byte[], byte[]> bytes;

    @Setup(Level.Trial)
    public void load() throws IOException, NoSuchAlgorithmException {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        HexFormat hex = HexFormat.of().withUpperCase();
        boolean published = method.equals("published");
        keys = published ? new String[records] : null;
        keyBytes = published ? null : new byte[records][];
        for (int i = 0; i < records; i++) {
            String key = hex.formatHex(md5.digest(Integer.toString(i).getBytes(StandardCharsets.US_ASCII)));
            if (published) keys[i] = key;
            else keyBytes[i] = key.getBytes(StandardCharsets.US_ASCII);
        }
        if (order.equals("key") && published) Arrays.sort(keys);
        if (order.equals("key") && !published) Arrays.sort(keyBytes, Arrays::compareUnsigned);
        dir = Files.createTempDirectory("mvstore-hestia-");
        String file = dir.resolve("test-seq.dat").toString();
        if (published) {
            store = new MVStore.Builder().fileName(file).cacheSize(4096).autoCommitDisabled().open();
            strings = store.openMap("kv", new MVMap.Builder<String, String>().keyType(StringDataType.INSTANCE)
                    .valueType(StringDataType.INSTANCE));
            for (String key : keys) strings.put(key, VALUE);
        } else {
            store = new MVStore.Builder().fileName(file).open();
            bytes = store.openMap("kv", new MVMap.Builder<byte[], byte[]>().keyType(ByteArrayDataType.INSTANCE)
                    .valueType(ByteArrayDataType.INSTANCE));
            byte[] value = VALUE.getBytes(StandardCharsets.US_ASCII);
            for (byte[] key : keyBytes) bytes.put(key, value);
            store.commit();
            store.compactFile(60_000);
        }
    }

    @Setup(Level.Iteration)
    public void resetCursor() {
        next = 0;
    }

    @Benchmark
    public Object readSequential() {
        int i = next;
        next = i + 1 == records ? 0 : i + 1;
        return strings != null ? strings.get(keys[i]) : bytes.get(keyBytes[i]);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        store.closeImmediately();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}

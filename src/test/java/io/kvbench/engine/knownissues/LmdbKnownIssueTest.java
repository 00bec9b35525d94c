package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lmdbjava.CursorIterable;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.KeyRange;
import org.lmdbjava.Txn;

/**
 * lmdbjava 0.9.x: {@code Dbi.iterate(txn, KeyRange)} on a {@code Dbi<ByteBuffer>} opened without a comparator compares
 * the range bounds with a <em>signed</em> Java comparator ({@code ByteBuffer.compareTo}, chosen by
 * {@code BufferProxy.getComparator} unless the Java-only flag {@code MDB_UNSIGNEDKEY} is given), while LMDB orders keys
 * as unsigned bytes (memcmp). A range whose stop key starts with a byte >= 0x80 therefore ends at once.
 * Upstream: https://github.com/lmdbjava/lmdbjava/issues/249 (fixed on master by PR #276, not in 0.9.3).
 *
 * <p>The lmdb adapter does not use KeyRange: it positions a cursor with MDB_SET_RANGE and checks the upper bound with
 * {@code Arrays.compareUnsigned}. This test asserts the raw, wrong behaviour, so it fails (and tells us) once the
 * lmdbjava on the class path is fixed.
 */
class LmdbKnownIssueTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("lmdbjava KeyRange bounds are compared signed by default "
            + "(https://github.com/lmdbjava/lmdbjava/issues/249)")
    void keyRangeStopIsComparedSigned() throws Throwable {
        try (Env<ByteBuffer> env = Env.create().setMapSize(1L << 24).setMaxDbs(1).open(dir.toFile())) {
            Dbi<ByteBuffer> dbi = env.openDbi((String) null, DbiFlags.MDB_CREATE);
            for (int b : new int[] {0x10, 0x7F, 0x80, 0xF0}) dbi.put(bb(b), bb(b));

            assertThat(keys(env, dbi, KeyRange.all())).as("all keys, in LMDB's unsigned order")
                    .containsExactly(0x10, 0x7F, 0x80, 0xF0);
            List<Integer> inRange = keys(env, dbi, KeyRange.closedOpen(bb(0x00), bb(0xFF)));
            // Correct (unsigned) answer: [0x10, 0x7F, 0x80, 0xF0]. Signed, 0xFF is -1 and every key is >= it.
            KnownIssuePin.stillReproduces("https://github.com/lmdbjava/lmdbjava/issues/249",
                    "the lmdb adapter's reason to avoid KeyRange (it may use it again)", () ->
                    assertThat(inRange).as("keys in [0x00, 0xFF) via KeyRange with lmdbjava's default comparator")
                            .isEmpty());
        }
    }

    private static List<Integer> keys(Env<ByteBuffer> env, Dbi<ByteBuffer> dbi, KeyRange<ByteBuffer> range) {
        List<Integer> keys = new ArrayList<>();
        try (Txn<ByteBuffer> txn = env.txnRead(); CursorIterable<ByteBuffer> it = dbi.iterate(txn, range)) {
            for (CursorIterable.KeyVal<ByteBuffer> kv : it) keys.add(Byte.toUnsignedInt(kv.key().get(0)));
        }
        return keys;
    }

    private static ByteBuffer bb(int b) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1);
        buffer.put((byte) b).flip();
        return buffer;
    }
}

package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CrashOpsTest {

    private final CrashOps ops = new CrashOps(7, 100, 256, 20);

    @Test
    void operationsArePureFunctionsOfSeedAndNumber() {
        assertThat(ops.op(12345)).isEqualTo(ops.op(12345));
        assertThat(new CrashOps(8, 100, 256, 20).op(12345)).isNotEqualTo(ops.op(12345));
    }

    @Test
    void aValueNamesTheOperationThatWroteIt() {
        CrashOps.Op put = firstPut(1000);
        assertThat(ops.writtenBy(put.keyIndex(), ops.value(put))).isEqualTo(put.seq());
    }

    @Test
    void aValueUnderAnotherKeyOrDamagedIsNeverWritten() {
        CrashOps.Op put = firstPut(2000);
        byte[] value = ops.value(put);
        assertThat(ops.writtenBy((put.keyIndex() + 1) % 100, value)).isEqualTo(-1);
        byte[] flipped = value.clone();
        flipped[value.length - 1] ^= 1;
        assertThat(ops.writtenBy(put.keyIndex(), flipped)).isEqualTo(-1);
        assertThat(ops.writtenBy(put.keyIndex(), Arrays.copyOf(value, value.length - 1))).isEqualTo(-1);
        assertThat(ops.writtenBy(put.keyIndex(), new byte[3])).isEqualTo(-1);
    }

    @Test
    void crashKeysRoundTripAndOtherKeysAreForeign() {
        assertThat(ops.keyIndex(CrashOps.key(42))).isEqualTo(42);
        assertThat(ops.keyIndex(CrashOps.key(100))).isEqualTo(-1); // outside the key space
        assertThat(ops.keyIndex("crash-00004x".getBytes())).isEqualTo(-1);
        assertThat(ops.keyIndex("other".getBytes())).isEqualTo(-1);
    }

    @Test
    void theStreamMixesPutsDeletesAndFlushes() {
        long deletes = 0, flushes = 0;
        for (long seq = 0; seq < 10_000; seq++) {
            CrashOps.Op op = ops.op(seq);
            if (op.delete()) deletes++;
            if (op.flushAfter()) flushes++;
            if (!op.delete()) assertThat(op.valueLength()).isBetween(CrashOps.HEADER, 256);
        }
        assertThat(deletes).isBetween(1_700L, 2_300L);
        assertThat(flushes).isBetween(100L, 220L);
    }

    private CrashOps.Op firstPut(long from) {
        for (long seq = from; ; seq++) if (!ops.op(seq).delete()) return ops.op(seq);
    }
}

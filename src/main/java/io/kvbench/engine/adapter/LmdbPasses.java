package io.kvbench.engine.adapter;

import io.kvbench.engine.KvStore;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.WritePass;
import java.nio.ByteBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.GetOp;
import org.lmdbjava.Txn;

import static io.kvbench.engine.adapter.LmdbEngine.MAX_KEY_BYTES;

/** The LMDB adapter's pass views (apart from {@link LmdbEngine} only to keep each file short). */
final class LmdbPasses {

    private LmdbPasses() {
    }

    /**
     * One read transaction and one cursor for a whole pass, a MDB_SET_KEY seek per key: the method of the Xodus "Tokyo
     * Cabinet" LMDB random read
     * (benchmarks/src/jmh/java/jetbrains/exodus/benchmark/lmdb/JMH_LMDBTokyoCabinetReadBenchmark.java,
     * randomRead: keyWriteBytes + seekKey in one read transaction), instead of renewing a parked transaction per get.
     */
    static final class CursorPass extends ReadPass {
        private final Txn<ByteBuffer> txn;
        private final Cursor<ByteBuffer> cursor;
        private final ByteBuffer key = ByteBuffer.allocateDirect(MAX_KEY_BYTES);

        CursorPass(KvStore owner, Txn<ByteBuffer> txn, Cursor<ByteBuffer> cursor) {
            super(owner);
            this.txn = txn;
            this.cursor = cursor;
        }

        @Override
        protected int doGet(byte[] key, byte[] valueOut) {
            this.key.clear();
            this.key.put(key).flip();
            if (!cursor.get(this.key, GetOp.MDB_SET_KEY)) return -1;
            ByteBuffer v = cursor.val();
            int length = v.remaining();
            v.get(valueOut, 0, Math.min(length, valueOut.length));
            return length;
        }

        @Override
        protected void doClose() {
            try {
                cursor.close();
            } finally {
                txn.close();
            }
        }
    }

    /**
     * One write transaction for a whole pass of puts, committed at its end: the method of the Xodus "Tokyo Cabinet"
     * LMDB
     * writes (benchmarks/src/jmh/java/jetbrains/exodus/benchmark/lmdb/JMH_LMDBTokyoCabinetWriteBenchmark.java,
     * randomWrite:
     * createWriteTransaction, a cursor put per key, one commit), instead of a write transaction per put. Values are
     * copied into their page with MDB_RESERVE, as single puts are. The transaction holds LMDB's writer mutex until it
     * ends.
     */
    static final class TransactionPass extends WritePass {
        private final Txn<ByteBuffer> txn;
        private final Dbi<ByteBuffer> dbi;
        private final ByteBuffer key = ByteBuffer.allocateDirect(MAX_KEY_BYTES);

        TransactionPass(KvStore owner, Txn<ByteBuffer> txn, Dbi<ByteBuffer> dbi) {
            super(owner);
            this.txn = txn;
            this.dbi = dbi;
        }

        @Override
        protected void doPut(byte[] key, byte[] value) {
            this.key.clear();
            this.key.put(key).flip();
            dbi.reserve(txn, this.key, value.length).put(value);
        }

        @Override
        protected void doCommit() {
            try {
                txn.commit();
            } finally {
                txn.close();
            }
        }

        @Override
        protected void doAbort() {
            txn.close(); // mdb_txn_abort for an uncommitted write transaction
        }
    }
}

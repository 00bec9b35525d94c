package io.kvbench.engine.adapter;

import static io.kvbench.engine.Durability.Coverage.PARTIAL;
import static io.kvbench.engine.Durability.Guarantee.EVERY_WRITE;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.EntryVisitor;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvException;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.ReadPass;
import io.kvbench.engine.StoreOptions;
import io.kvbench.engine.WritePass;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;

/**
 * SQLite through xerial sqlite-jdbc, used with plain JDBC: one table {@code kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT
 * ROWID} in one database file per store ({@value #FILE}), {@code journal_mode=WAL}, {@code synchronous=FULL}.
 *
 * <p>Threading: SQLite lets one connection write at a time and, in WAL mode, readers on other connections read the
 * last committed state without blocking the writer or each other. So the store has one writer connection, used under
 * a Java lock (writers queue in the JVM rather than in SQLite's busy handler, which polls with sleeps), and one reader
 * connection per reading thread, each with its own prepared statements (a JDBC connection is not for concurrent use).
 * Each statement that reads starts its own read transaction, so a read sees every write committed before it began.
 *
 * <p>The driver extracts its bundled native library to {@code org.sqlite.tmpdir} (default {@code java.io.tmpdir})
 * when the first connection opens, as the other JNI engines do; crash writers get a java.io.tmpdir of their own.
 */
public final class SqliteEngine implements KvEngine {

    static final String FILE = "store.db";

    /**
     * SQLite bounds a row (record header, key and value) by SQLITE_MAX_LENGTH, 10^9 bytes by default (checked against
     * SQLITE_LIMIT_LENGTH at open). Keys get a round bound of 64 KiB, as for MapDB and MVStore: a key longer than a
     * quarter page spills to overflow pages in each b-tree cell holding it. Values get the whole MiBs that are left.
     */
    static final int ROW_LIMIT = 1_000_000_000;
    static final int MAX_KEY_BYTES = 64 << 10;
    static final int MAX_VALUE_BYTES = (ROW_LIMIT - MAX_KEY_BYTES - 64) >> 20 << 20;

    /** Waits for SQLite's own locks (a recovery after a crash, the checkpoint at close); writers queue in Java. */
    private static final int BUSY_TIMEOUT_MILLIS = 60_000;

    private static final String GET = "SELECT v FROM kv WHERE k = ?";
    private static final String PUT = "INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)";
    private static final String DELETE = "DELETE FROM kv WHERE k = ?";
    /** Scans by bounds: none, from only, to only, both (index = (from != null ? 1 : 0) + (to != null ? 2 : 0)). */
    private static final String[] SCANS = {"SELECT k, v FROM kv ORDER BY k",
        "SELECT k, v FROM kv WHERE k >= ? ORDER BY k", "SELECT k, v FROM kv WHERE k < ? ORDER BY k",
        "SELECT k, v FROM kv WHERE k >= ? AND k < ? ORDER BY k"};

    private static final Capabilities CAPABILITIES = Capabilities.builder()
            // BLOBs compare with memcmp(), the shorter first when one is a prefix of the other: unsigned
            // lexicographic order (https://www.sqlite.org/datatype3.html#sort_order); the primary key's b-tree
            // serves ORDER BY k and the bounds.
            .orderedWithRangeScans()
            // One writer connection under a lock, a reader connection per thread: WAL mode's readers and writer do
            // not block each other (https://www.sqlite.org/wal.html, Concurrency).
            .threadSafe()
            .maxKeyBytes(MAX_KEY_BYTES)
            .maxValueBytes(MAX_VALUE_BYTES)
            // A put, a delete or a write pass is one transaction, whose commit appends its frames to the WAL with
            // write(2) before it returns: a process kill keeps it. FULL, not NORMAL: with synchronous=FULL in WAL mode
            // SQLite fsyncs the WAL at every commit, so each committed transaction survives a power cut; NORMAL syncs
            // the WAL only at checkpoints ("a transaction committed in WAL mode with synchronous=NORMAL might roll
            // back following a power loss"). Recovery replays the WAL in order up to its last valid commit: a prefix.
            .durability(EVERY_WRITE, EVERY_WRITE, true,
                    "journal_mode=WAL, synchronous=FULL (the WAL fsync'd at every commit); flush() has nothing to do",
                    "https://www.sqlite.org/pragma.html#pragma_synchronous and https://www.sqlite.org/wal.html")
            .settings("fsync of the WAL at every commit (journal_mode=WAL, synchronous=FULL)",
                    "page cache 2 MiB per connection (cache_size -2000, default), 4 KiB pages (default)", "none")
            .checksums(PARTIAL, "https://www.sqlite.org/fileformat2.html#walformat: each WAL frame header holds a "
                    + "cumulative checksum that recovery verifies, stopping at the first invalid frame; database "
                    + "pages have none (https://www.sqlite.org/cksumvfs.html: an optional VFS shim adds them)")
            .notes("journal_mode=WAL and synchronous=FULL (defaults: DELETE and FULL); otherwise SQLite's defaults "
                    + "(automatic checkpoint at 1000 WAL pages, run by the committing writer; 2 MiB page cache per "
                    + "connection). One writer connection behind a Java lock, one reader connection per reading "
                    + "thread; a put or delete is one transaction, a write pass one BEGIN IMMEDIATE transaction, a "
                    + "read pass one read transaction. quiesce() does nothing: no background work. WITHOUT ROWID "
                    + "keeps rows in an index b-tree, whose cells hold about 1000 bytes of a 4 KiB page: a longer row "
                    + "puts its tail on an overflow page of its own (SQLite advises rows under 1/20 page: "
                    + "https://www.sqlite.org/withoutrowid.html#when_to_use_without_rowid). Key bound 64 KiB (the "
                    + "adapter's); value bound SQLite's row limit less the key. close() must not race with others.")
            .build();

    @Override
    public String id() {
        return "sqlite";
    }

    @Override
    public String version() {
        return LibraryVersion.of(SQLiteConfig.class, "org.xerial", "sqlite-jdbc");
    }

    @Override
    public List<String> artifacts() {
        return List.of("org.xerial:sqlite-jdbc");
    }

    /** The SQLite library the driver loaded (sqlite3_libversion), which is not the driver's own version. */
    @Override
    public String nativeVersion() {
        try (Connection c = new SQLiteConfig().createConnection("jdbc:sqlite::memory:")) {
            return "SQLite " + c.unwrap(SQLiteConnection.class).getDatabase().libversion();
        } catch (SQLException e) {
            throw new KvException(id(), "cannot ask the SQLite library its version", e);
        }
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        String url = "jdbc:sqlite:" + dir.resolve(FILE);
        Session writer = null;
        try {
            writer = new Session(connect(url, SQLiteConfig.TransactionMode.IMMEDIATE));
            try (Statement s = writer.connection.createStatement()) {
                s.executeUpdate("CREATE TABLE IF NOT EXISTS kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID");
            }
            checkSettings(writer.connection);
            return new Store(this, url, writer);
        } catch (SQLException | RuntimeException e) {
            if (writer != null) writer.closeQuietly();
            throw e instanceof KvException k ? k : new KvException(id(), "cannot open store in " + dir, e);
        }
    }

    private static Connection connect(String url, SQLiteConfig.TransactionMode mode) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        config.setTransactionMode(mode);
        return config.createConnection(url);
    }

    /** SQLite answers a journal mode it cannot set with the one it keeps: the promises hold only for these. */
    private void checkSettings(Connection connection) throws SQLException {
        String journal = pragma(connection, "journal_mode");
        String sync = pragma(connection, "synchronous");
        if (!"wal".equalsIgnoreCase(journal) || !"2".equals(sync)) {
            throw new KvException(id(), "SQLite runs with journal_mode=" + journal + ", synchronous=" + sync
                    + "; the adapter's promises need journal_mode=wal, synchronous=2 (FULL)");
        }
        int limit = connection.unwrap(SQLiteConnection.class).getDatabase()
                .limit(SQLiteLimits.SQLITE_LIMIT_LENGTH.getId(), -1);
        if (limit < ROW_LIMIT) {
            throw new KvException(id(), "SQLite was built with SQLITE_MAX_LENGTH " + limit + ", this adapter "
                    + "declares rows of " + ROW_LIMIT + " bytes");
        }
    }

    private static String pragma(Connection connection, String name) throws SQLException {
        try (Statement s = connection.createStatement()) {
            ResultSet rs = s.executeQuery("PRAGMA " + name); // closed with its statement
            return rs.next() ? rs.getString(1) : "";
        }
    }

    /** One connection and the statements prepared on it, each on first use. Used by one thread at a time. */
    private static final class Session {
        final Thread owner = Thread.currentThread();
        final Connection connection;
        private final PreparedStatement[] prepared = new PreparedStatement[3 + SCANS.length];
        boolean scanning;

        Session(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement statement(int slot, String sql) throws SQLException {
            if (prepared[slot] == null) prepared[slot] = connection.prepareStatement(sql);
            return prepared[slot];
        }

        void update(int slot, String sql, byte[] key, byte[] value) throws SQLException {
            PreparedStatement s = statement(slot, sql);
            s.setBytes(1, key);
            if (value != null) s.setBytes(2, value);
            s.executeUpdate();
        }

        void closeQuietly() {
            try {
                connection.close(); // closes its statements too
            } catch (SQLException released) { // nothing more to do with it
            }
        }
    }

    private static final class Store extends KvStore {
        /** Where each statement is kept in a session: get, put, delete, then the scans of {@link #SCANS}. */
        private static final int GET_SLOT = 0, PUT_SLOT = 1, DELETE_SLOT = 2, SCAN_SLOT = 3;

        private final String url;
        private final Session writer;
        /** Serialises the writer connection's users: single writes, and a write pass from its open to its end. */
        private final ReentrantLock writing = new ReentrantLock();
        private final List<Session> readers = new ArrayList<>();
        private final ThreadLocal<Session> reader = ThreadLocal.withInitial(this::register);

        Store(KvEngine engine, String url, Session writer) {
            super(engine);
            this.url = url;
            this.writer = writer;
        }

        private Session register() {
            Session session = new Session(connectReader());
            synchronized (readers) {
                // Connections of threads that ended are closed here, once per new thread.
                for (Iterator<Session> it = readers.iterator(); it.hasNext(); ) {
                    Session other = it.next();
                    if (!other.owner.isAlive()) {
                        other.closeQuietly();
                        it.remove();
                    }
                }
                readers.add(session);
            }
            return session;
        }

        private Connection connectReader() {
            try {
                return connect(url, SQLiteConfig.TransactionMode.DEFERRED);
            } catch (SQLException e) {
                throw failure("cannot open a reader connection", e);
            }
        }

        @Override
        protected void doPut(byte[] key, byte[] value) throws SQLException {
            write(PUT_SLOT, PUT, key, value);
        }

        @Override
        protected void doDelete(byte[] key) throws SQLException {
            write(DELETE_SLOT, DELETE, key, null);
        }

        /** One statement in autocommit mode: its own transaction, committed (and the WAL synced) when it returns. */
        private void write(int slot, String sql, byte[] key, byte[] value) throws SQLException {
            writing.lock();
            try {
                writer.update(slot, sql, key, value);
            } finally {
                writing.unlock();
            }
        }

        @Override
        protected byte[] doGet(byte[] key) throws SQLException {
            return select(reader.get(), key);
        }

        static byte[] select(Session session, byte[] key) throws SQLException {
            PreparedStatement s = session.statement(GET_SLOT, GET);
            s.setBytes(1, key);
            try (ResultSet rs = s.executeQuery()) { // closing it resets the statement: its read transaction ends
                if (!rs.next()) return null;
                byte[] value = rs.getBytes(1);
                return value == null ? new byte[0] : value; // the driver may hand a zero-length BLOB as null
            }
        }

        @Override
        protected void doScan(byte[] from, byte[] to, EntryVisitor visitor) throws SQLException {
            Session session = reader.get();
            int shape = (from != null ? 1 : 0) + (to != null ? 2 : 0);
            // A scan started from inside a visitor gets a statement of its own: the cached one is still stepping.
            boolean nested = session.scanning;
            PreparedStatement s = nested ? session.connection.prepareStatement(SCANS[shape])
                    : session.statement(SCAN_SLOT + shape, SCANS[shape]);
            session.scanning = true;
            try {
                int parameter = 1;
                if (from != null) s.setBytes(parameter++, from);
                if (to != null) s.setBytes(parameter, to);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        byte[] value = rs.getBytes(2);
                        if (!visitor.visit(rs.getBytes(1), value == null ? new byte[0] : value)) return;
                    }
                }
            } finally {
                session.scanning = nested;
                if (nested) s.close();
            }
        }

        /** A pass is one BEGIN IMMEDIATE transaction of the writer connection, committed at its end. */
        @Override
        protected WritePass doOpenWritePass() throws SQLException {
            writing.lock();
            try {
                writer.connection.setAutoCommit(false); // the driver sends BEGIN IMMEDIATE (the writer's mode)
            } catch (SQLException | RuntimeException e) {
                writing.unlock();
                throw e;
            }
            return new WritePass(this) {
                @Override
                protected void doPut(byte[] key, byte[] value) throws SQLException {
                    writer.update(PUT_SLOT, PUT, key, value);
                }

                @Override
                protected void doCommit() throws SQLException {
                    endPass(true);
                }

                @Override
                protected void doAbort() throws SQLException {
                    endPass(false);
                }
            };
        }

        /** Commits (the driver sends COMMIT when autocommit is turned back on) or rolls back, then lets writers in. */
        private void endPass(boolean commit) throws SQLException {
            try {
                if (!commit) writer.connection.rollback(); // then the driver begins again: ended empty below
                writer.connection.setAutoCommit(true);
            } catch (SQLException | RuntimeException e) {
                try (Statement s = writer.connection.createStatement()) {
                    s.execute("ROLLBACK"); // a failed COMMIT leaves its transaction open; end it
                } catch (SQLException ignored) {
                    // no transaction was left open
                }
                throw e;
            } finally {
                writing.unlock();
            }
        }

        /**
         * A pass is one read transaction of the thread's reader connection: started by a first read at the opening,
         * so the pass sees the store as of then, and ended at its close.
         */
        @Override
        protected ReadPass doOpenReadPass() throws SQLException {
            Session session = reader.get();
            session.connection.setAutoCommit(false);
            try (Statement s = session.connection.createStatement()) {
                s.executeQuery("SELECT 1 FROM kv LIMIT 1").next();
            } catch (SQLException | RuntimeException e) {
                session.connection.setAutoCommit(true);
                throw e;
            }
            return new ReadPass(this) {
                @Override
                protected int doGet(byte[] key, byte[] valueOut) throws SQLException {
                    byte[] v = select(session, key);
                    if (v != null) System.arraycopy(v, 0, valueOut, 0, Math.min(v.length, valueOut.length));
                    return v == null ? -1 : v.length;
                }

                @Override
                protected void doClose() throws SQLException {
                    session.connection.setAutoCommit(true); // COMMIT of the read transaction
                }
            };
        }

        /** synchronous=FULL fsyncs the WAL at every commit: what was acknowledged is on stable storage already. */
        @Override
        protected void doFlush() {
        }

        /** The readers first; the writer's connection, closed last, checkpoints the WAL into the file, removes it. */
        @Override
        protected void doClose() throws SQLException {
            synchronized (readers) {
                for (Session session : readers) session.closeQuietly();
                readers.clear();
            }
            writer.connection.close();
        }
    }
}

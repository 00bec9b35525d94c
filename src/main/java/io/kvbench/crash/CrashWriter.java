package io.kvbench.crash;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.StoreOptions;
import io.kvbench.infra.Directories;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;

/**
 * The process a crash test kills: it opens the store left by the previous (killed) process, prints the recovered state,
 * then writes operations {@code firstSeq ..} of the seeded stream, printing each acknowledgement, until it is killed or
 * has written {@code operations} of them. Runs in its own JVM (in a container, or a local child process).
 *
 * <p>An operation is acknowledged ({@code W}) when put/delete returned; a flush ({@code F}) when flush() returned after
 * it. Which of those the engine must keep is decided by the test, not by this process: it reads the adapter's declared
 * durability.
 *
 * <p>A write-once engine (Sparkey) is sealed by its first read, so its recovered state is read from a copy of the
 * directory, and the writer then appends to the original, which is exactly what a restarted application would do.
 */
public final class CrashWriter {

    /**
     * Subdirectory of the crash directory that holds the store; a sibling holds the copy a write-once engine is read
     * from.
     */
    public static final String STORE_DIR = "store";
    static final String READ_COPY_DIR = "read-copy";
    static final String WARM_UP_DIR = "warm-up";
    /** Last argument of a writer to be killed while it reopens the store: it prints READY just before the open. */
    static final String READY_AT_OPEN = "ready-at-open";

    private final KvEngine engine;
    private final Path root;
    private final CrashOps ops;
    private final PrintStream ledger;
    private final boolean readyAtOpen;

    private CrashWriter(KvEngine engine, Path root, CrashOps ops, PrintStream ledger, boolean readyAtOpen) {
        this.engine = engine;
        this.root = root;
        this.ops = ops;
        this.ledger = ledger;
        this.readyAtOpen = readyAtOpen;
    }

    /**
     * {@code CrashWriter <engine> <crash dir> <seed> <first seq> <operations> [ready-at-open]}; exits with the code of
     * {@link #run}. With {@value #READY_AT_OPEN} it prints READY just before it opens the store (from
     * then on a kill lands in the recovery), then only reopens.
     */
    public static void main(String[] args) {
        boolean readyAtOpen = args.length == 6 && args[5].equals(READY_AT_OPEN);
        if (args.length != 5 && !readyAtOpen) {
            System.err.println("usage: CrashWriter <engine> <crash dir> <seed> <first seq> <operations> ["
                    + READY_AT_OPEN + "]");
            System.exit(2);
        }
        System.exit(run(args[0], Path.of(args[1]), Long.parseLong(args[2]), Long.parseLong(args[3]),
                readyAtOpen ? -1 : Long.parseLong(args[4])));
    }

    /**
     * Runs the writer on this process's stdout and returns the process exit code. Engine chatter on System.out is sent
     * to stderr so that stdout carries the ledger only.
     *
     * @param operations how many to write, or -1: none, and READY comes just before the open (a kill lands in recovery)
     */
    public static int run(String engineId, Path root, long seed, long firstSeq, long operations) {
        PrintStream ledger = new PrintStream(
                new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 12),
                true, StandardCharsets.US_ASCII);
        ledger.println(WriterProtocol.line(WriterProtocol.STARTED));
        System.setOut(System.err);
        KvEngine engine = Engines.byId(engineId);
        CrashOps ops = CrashOps.forEngine(seed, engine.capabilities());
        return new CrashWriter(engine, root, ops, ledger, operations < 0).run(firstSeq, Math.max(0, operations));
    }

    private int run(long firstSeq, long operations) {
        Path storeDir = root.resolve(STORE_DIR);
        try {
            Files.createDirectories(storeDir);
            // The store directory is the application's, not the engine's: made durable here, as a deployment's data
            // directory exists before the engine starts (else a power cut takes the whole store with its name).
            try (FileChannel parent = FileChannel.open(root, StandardOpenOption.READ)) {
                parent.force(true);
            }
        } catch (IOException e) {
            print(WriterProtocol.OPEN_FAILED, "cannot create " + storeDir + ": " + WriterProtocol.oneLine(e));
            return WriterProtocol.EXIT_OPEN_FAILED;
        }
        warmUp();
        if (readyAtOpen) print(WriterProtocol.READY);
        boolean writeOnce = engine.capabilities().writeOnce();
        KvStore store;
        try {
            if (writeOnce) {
                int code = readCopy(storeDir);
                if (code != 0) return code;
                store = open(storeDir, false);
            } else {
                store = open(storeDir, true);
                if (store == null) return WriterProtocol.EXIT_OPEN_FAILED;
                if (!printState(store)) return WriterProtocol.EXIT_READ_FAILED;
            }
        } catch (IOException e) {
            print(WriterProtocol.READ_FAILED, "cannot copy the store to read it: " + WriterProtocol.oneLine(e));
            return WriterProtocol.EXIT_READ_FAILED;
        }
        if (store == null) return WriterProtocol.EXIT_OPEN_FAILED;
        if (!readyAtOpen) print(WriterProtocol.READY);
        return write(store, firstSeq, operations);
    }

    /**
     * Opens and closes an empty scratch store first, so that the recovery time printed next excludes what every fresh
     * JVM pays once: class loading, native library extraction, Chronicle's code generation.
     */
    private void warmUp() {
        Path scratch = root.resolve(WARM_UP_DIR);
        try {
            Directories.deleteRecursively(scratch);
            Files.createDirectories(scratch);
            try (KvStore store = Engines.open(engine, scratch,
                    new StoreOptions(ops.keySpace(), CrashOps.KEY_BYTES, ops.maxValue() / 2))) {
                store.flush();
            }
            Directories.deleteRecursively(scratch);
        } catch (IOException | RuntimeException e) {
            // only a warm-up: if the engine cannot open a fresh store, opening the real one will say so
        }
    }

    /** Opens the store; prints OPENED with the time it took (recovery included) when asked, OPEN-FAILED if it fails. */
    private KvStore open(Path dir, boolean report) {
        long start = System.nanoTime();
        try {
            KvStore store = Engines.open(engine, dir,
                    new StoreOptions(ops.keySpace(), CrashOps.KEY_BYTES, ops.maxValue() / 2));
            if (report) print(WriterProtocol.OPENED, System.nanoTime() - start);
            return store;
        } catch (RuntimeException | Error e) {
            print(WriterProtocol.OPEN_FAILED, WriterProtocol.oneLine(e));
            return null;
        }
    }

    private int readCopy(Path storeDir) throws IOException {
        Path copy = root.resolve(READ_COPY_DIR);
        Directories.deleteRecursively(copy);
        Directories.copyRecursively(storeDir, copy);
        KvStore store = open(copy, true);
        if (store == null) return WriterProtocol.EXIT_OPEN_FAILED;
        try (store) {
            if (!printState(store)) return WriterProtocol.EXIT_READ_FAILED;
        } catch (RuntimeException e) {
            // closing the copy failed: its state was printed, the copy is scratch
        }
        Directories.deleteRecursively(copy);
        return 0;
    }

    /** Prints every crash key's state, and every key a scan finds that the stream never wrote. */
    private boolean printState(KvStore store) {
        try {
            int present = 0;
            for (int k = 0; k < ops.keySpace(); k++) {
                byte[] value = store.get(CrashOps.key(k));
                if (value == null) continue;
                present++;
                long seq = ops.writtenBy(k, value);
                if (seq >= 0) print(WriterProtocol.KEY, k, seq);
                else print(WriterProtocol.CORRUPT, k, value.length);
            }
            if (engine.capabilities().scans()) {
                store.scan(null, null, (key, value) -> {
                    if (ops.keyIndex(key) < 0) print(WriterProtocol.FOREIGN, HexFormat.of().formatHex(key));
                    return true;
                });
            }
            print(WriterProtocol.VERIFIED, present);
            return true;
        } catch (RuntimeException | InternalError e) {
            // InternalError: a mapped page that cannot be read (SIGBUS in Java code): the error the JVM reports
            print(WriterProtocol.READ_FAILED, WriterProtocol.oneLine(e));
            return false;
        } catch (OutOfMemoryError e) {
            // A corrupt record's garbage length makes the engine ask for one array larger than the heap: the request
            // fails on its own and leaves the JVM usable. Where it was asked for says whose read it was.
            StackTraceElement[] at = e.getStackTrace();
            print(WriterProtocol.READ_FAILED, WriterProtocol.oneLine(e) + (at.length == 0 ? ""
                    : " at " + at[0].getClassName() + "." + at[0].getMethodName()));
            return false;
        }
    }

    private int write(KvStore store, long firstSeq, long operations) {
        long seq = firstSeq;
        try {
            for (long end = firstSeq + operations; seq < end; seq++) {
                CrashOps.Op op = ops.op(seq);
                byte[] key = CrashOps.key(op.keyIndex());
                if (op.delete()) store.delete(key);
                else store.put(key, ops.value(op));
                print(WriterProtocol.WRITTEN, seq);
                if (op.flushAfter()) {
                    store.flush();
                    print(WriterProtocol.FLUSHED, seq);
                }
            }
            store.flush();
            print(WriterProtocol.FLUSHED, seq - 1);
            store.close();
        } catch (RuntimeException e) {
            print(WriterProtocol.WRITE_FAILED, seq, WriterProtocol.oneLine(e));
            return WriterProtocol.EXIT_WRITE_FAILED;
        }
        print(WriterProtocol.DONE);
        return 0;
    }

    private void print(String type, Object... fields) {
        ledger.println(WriterProtocol.line(type, fields));
    }
}

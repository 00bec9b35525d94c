package io.kvbench.run;

import io.kvbench.infra.InfrastructureException;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;

/**
 * JMH's machine-wide lock: JMH lets one run at a time hold {@code <java.io.tmpdir>/jmh.lock} and fails every other run
 * that starts meanwhile. That failure is the machine's, never the engine's: the local runner checks the lock before
 * its first benchmark (the command then exits 3 naming the lock) and again before each one (a benchmark that meets
 * it is an INFRASTRUCTURE error). {@code -Djmh.ignoreLock=true}, JMH's own switch, turns both checks off.
 */
public final class JmhLock {

    private JmhLock() {
    }

    /** The file JMH locks, as JMH names it. */
    public static Path file() {
        return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /** Why a JMH run could not start now (the lock is held, or its file cannot be opened); null when it could. */
    public static String unavailable() {
        if (Boolean.getBoolean("jmh.ignoreLock")) return null;
        File file = file().toFile();
        try {
            // As JMH does: a file every user may lock, so that one user's run never locks another's out for good.
            if (file.createNewFile()) file.setWritable(true, false);
            try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
                FileLock lock;
                try {
                    lock = raf.getChannel().tryLock();
                } catch (OverlappingFileLockException heldHere) {
                    lock = null;
                }
                if (lock == null) {
                    return "JMH's lock " + file + " is held by another JMH run (another kvbench run with the local "
                            + "runner, or a JMH benchmark): wait for it to end, or use --runner container";
                }
                lock.release();
                return null;
            }
        } catch (IOException e) {
            return "cannot open JMH's lock " + file + " (" + e.getMessage() + "): JMH cannot run; make it writable";
        }
    }

    /** Throws when a JMH run could not start now: before a run's first benchmark, so that none is blamed for it. */
    public static void check() {
        String why = unavailable();
        if (why != null) throw new InfrastructureException(why);
    }
}

package io.kvbench.crash.fuse;

import io.kvbench.input.BadInputException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the file system is told to get wrong, and what it did: a chosen fsync that fails with EIO, a disk that is full
 * from a chosen byte on, sectors that fail every read with EIO. Armed and read by the crash loop (through
 * {@link PowerCutFs#faults()}); consulted by the FUSE callbacks on every fsync, growth and read. Nothing is armed
 * unless asked for, and then the file system behaves as without faults.
 */
public final class Faults {

    /** The disk's used bytes: the apparent size of every live file (unlinked files free their bytes at once). */
    private final AtomicLong used = new AtomicLong();
    private volatile long limit = Long.MAX_VALUE;
    /** File fsyncs left before the one that fails; 0: none armed. */
    private final AtomicInteger fsyncCountdown = new AtomicInteger();
    /** Per file, sector ranges [from, to) that fail reads until a write covers them. */
    private final Map<Inode, List<long[]>> badSectors = new ConcurrentHashMap<>();
    private final AtomicInteger fsyncErrors = new AtomicInteger();
    private final AtomicInteger noSpace = new AtomicInteger();
    private final AtomicInteger readErrors = new AtomicInteger();
    private final AtomicInteger fullReports = new AtomicInteger();
    private volatile HeldWrite held;

    /**
     * What the faults did since the last {@link #take()}.
     *
     * @param fsyncErrors fsync/fdatasync calls answered with EIO
     * @param noSpace     writes, truncates and fallocates answered with ENOSPC
     * @param readErrors  reads answered with EIO
     * @param fullReports statfs calls answered with the full disk's room (an engine that checks the free space before
     *                    writing learns of the fault there, without an ENOSPC)
     */
    public record Counts(int fsyncErrors, int noSpace, int readErrors, int fullReports) {
        public boolean any() {
            return fsyncErrors + noSpace + readErrors + fullReports > 0;
        }
    }

    /** The {@code nth} (1-based) fsync or fdatasync of a file from now fails with EIO; that file's data is dropped. */
    public void failFsync(int nth) {
        if (nth < 1) throw new BadInputException("nth must be >= 1, was " + nth);
        fsyncCountdown.set(nth);
    }

    /** From now, growth beyond {@code bytes} more than is used now is refused with ENOSPC. */
    public void fillDiskAfter(long bytes) {
        limit = used.get() + bytes;
    }

    /**
     * The {@code nth} (1-based) write to a file named {@code fileName} that covers byte {@code offset} waits in the
     * file system until {@link HeldWrite#release()}, and is then refused without being done: a writer killed while it
     * waits has every earlier write and not this one, at an exact point no timed kill could find. One at a time.
     */
    public HeldWrite holdWrite(String fileName, long offset, int nth) {
        if (nth < 1) throw new BadInputException("nth must be >= 1, was " + nth);
        HeldWrite h = new HeldWrite(fileName, offset, nth);
        held = h;
        return h;
    }

    /** Disarms everything armed: no fsync fails, the space comes back, bad sectors read again. */
    public void clear() {
        fsyncCountdown.set(0);
        limit = Long.MAX_VALUE;
        badSectors.clear();
        held = null;
    }

    /** The counts since the last call, and zero again. */
    public Counts take() {
        return new Counts(fsyncErrors.getAndSet(0), noSpace.getAndSet(0), readErrors.getAndSet(0),
                fullReports.getAndSet(0));
    }

    /** Bytes left before the disk is full: {@link Long#MAX_VALUE} when no limit is armed. */
    long free() {
        long l = limit;
        return l == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, l - used.get());
    }

    /** Bytes in use, as the disk-full fault counts them. */
    public long used() {
        return used.get();
    }

    // --- consulted by the file system ---

    /** True once the held write was released (the caller then refuses it); blocks while it is held. */
    boolean heldAndReleased(String path, long offset, long length) {
        HeldWrite h = held;
        if (h == null || !h.matches(path, offset, length)) return false;
        held = null;
        h.hold();
        return true;
    }

    /** {@link #free()}, for statfs: counted when the disk-full fault is armed. */
    long reportFree() {
        long free = free();
        if (free != Long.MAX_VALUE) fullReports.incrementAndGet();
        return free;
    }

    void usage(long bytes) {
        used.set(bytes);
    }

    /** True (and counted) when this fsync is the one armed to fail. */
    boolean fsyncFails() {
        int left = fsyncCountdown.getAndUpdate(n -> n > 0 ? n - 1 : 0);
        if (left != 1) return false;
        fsyncErrors.incrementAndGet();
        return true;
    }

    /** Takes {@code bytes} of growth, or refuses it (counted) when the disk is full. Negative: bytes given back. */
    void grow(long bytes) throws NoSpaceException {
        if (bytes <= 0) {
            used.addAndGet(bytes);
            return;
        }
        long now;
        do {
            now = used.get();
            if (now + bytes > limit) {
                noSpace.incrementAndGet();
                throw new NoSpaceException();
            }
        } while (!used.compareAndSet(now, now + bytes));
    }

    void failReads(Inode file, long from, long to) {
        badSectors.computeIfAbsent(file, f -> new ArrayList<>()).add(new long[] {from, to});
    }

    /** True (and counted) when a read of [offset, offset + length) touches a bad sector. */
    boolean readFails(Inode file, long offset, long length) {
        List<long[]> bad = badSectors.get(file);
        if (bad == null) return false;
        synchronized (bad) {
            for (long[] s : bad) {
                if (offset < s[1] && offset + length > s[0]) {
                    readErrors.incrementAndGet();
                    return true;
                }
            }
        }
        return false;
    }

    /** A write over a bad sector remaps it, as a disk does. */
    void written(Inode file, long offset, long length) {
        List<long[]> bad = badSectors.get(file);
        if (bad == null) return;
        synchronized (bad) {
            bad.removeIf(s -> offset <= s[0] && offset + length >= s[1]);
        }
    }

    /** A write that waits in the file system until released (see {@link #holdWrite}). */
    public static final class HeldWrite {
        private final String fileName;
        private final long offset;
        private int left;
        private final CountDownLatch arrived = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private HeldWrite(String fileName, long offset, int nth) {
            this.fileName = fileName;
            this.offset = offset;
            this.left = nth;
        }

        private synchronized boolean matches(String path, long from, long length) {
            if (!path.endsWith("/" + fileName) || offset < from || offset >= from + length) return false;
            return --left == 0;
        }

        private void hold() {
            arrived.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Whether the write arrived (and now waits) within {@code timeout}. */
        public boolean awaitHeld(Duration timeout) throws InterruptedException {
            return arrived.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** Lets the held write return, refused with EIO and not done. */
        public void release() {
            released.countDown();
        }
    }

    /** ENOSPC: the disk-full fault refused growth. */
    static final class NoSpaceException extends java.io.IOException {
        NoSpaceException() {
            super("no space left on device (kvbench disk-full fault)");
        }
    }
}

package io.kvbench.crash.fuse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * What a power cut does to one file's bytes. The file is taken back to its last complete fsync (undoing its log, newest
 * first, and keeping each undone write's bytes), then what reached the disk is written again, oldest first: the pages
 * a successful fsync after a failed one wrote back, and of the writes since the last sync the part the variant keeps.
 * Writes before a failed fsync are never written again: the kernel dropped them.
 */
final class FileCut {

    /**
     * What the cut did to one file.
     *
     * @param undone   unsynced changes not written again
     * @param kept     unsynced changes written again (whole, or at least one page of them)
     * @param torn     1 when the last write was written again in part
     * @param reordered 1 when a kept page of an unsynced write came after a dropped one (no prefix of the writes)
     * @param lost     writes before a failed fsync, dropped
     */
    record Outcome(int undone, int kept, int torn, int reordered, int lost) {
    }

    private final RandomAccessFile raf;
    private final List<Inode.Entry> log;
    private final SplittableRandom random;
    /** The bytes each write of the log wrote, by its index in the log (null for truncates and markers). */
    private final byte[][] written;

    private FileCut(RandomAccessFile raf, List<Inode.Entry> log, SplittableRandom random) {
        this.raf = raf;
        this.log = log;
        this.random = random;
        this.written = new byte[log.size()][];
    }

    static Outcome apply(RandomAccessFile raf, List<Inode.Entry> log, PowerCut.Variant variant, SplittableRandom random)
            throws IOException {
        return new FileCut(raf, log, random).apply(variant);
    }

    private Outcome apply(PowerCut.Variant variant) throws IOException {
        int tail = tailStart();
        int n = log.size() - tail;
        // Draws come before the file changes, in the order of the variants before failed fsyncs existed, so that a seed
        // replays as it did.
        int keep = switch (variant) {
            case DROP_ALL, REORDER -> 0;
            case KEEP_PREFIX -> random.nextInt(n + 1);
            case TORN -> n - 1;
        };
        undoAll();
        int lost = replaySynced(tail);
        for (int i = tail; i < tail + keep; i++) redo(i);
        int torn = 0;
        int reordered = 0;
        int kept = keep;
        if (variant == PowerCut.Variant.TORN && n > 0 && written[log.size() - 1] != null) {
            torn = tear(log.size() - 1) ? 1 : 0;
        } else if (variant == PowerCut.Variant.REORDER && n > 0) {
            int[] pages = reorder(tail);
            kept = pages[0];
            reordered = pages[1];
        }
        return new Outcome(n - kept, kept, torn, reordered, lost);
    }

    /** Index of the first entry after the last sync or failed sync. */
    private int tailStart() {
        for (int i = log.size() - 1; i >= 0; i--) if (!(log.get(i) instanceof Inode.Undo)) return i + 1;
        return 0;
    }

    /** Back to the file as of its last complete fsync, remembering what each write wrote. */
    private void undoAll() throws IOException {
        FileChannel ch = raf.getChannel();
        for (int i = log.size() - 1; i >= 0; i--) {
            if (!(log.get(i) instanceof Inode.Undo u)) continue;
            if (u.truncate()) {
                raf.setLength(u.oldLength());
                writeFully(ch, ByteBuffer.wrap(u.old()), u.offset());
            } else {
                written[i] = FsModel.read(ch, u.offset(), u.newLength());
                writeFully(ch, ByteBuffer.wrap(u.old()), u.offset());
                raf.setLength(u.oldLength());
            }
        }
    }

    /** Writes again what reached the disk before the tail: the pages of successful fsyncs. Returns the writes lost. */
    private int replaySynced(int tail) throws IOException {
        int lost = 0;
        int pending = 0;
        for (int i = 0; i < tail; i++) {
            Inode.Entry e = log.get(i);
            if (e instanceof Inode.Undo) {
                pending++;
            } else if (e instanceof Inode.FailedSync) {
                lost += pending;
                pending = 0;
            } else if (e instanceof Inode.Sync sync) {
                raf.setLength(sync.length());
                for (Inode.Page page : sync.pages()) {
                    writeFully(raf.getChannel(), ByteBuffer.wrap(page.bytes()), page.offset());
                }
                pending = 0;
            }
        }
        return lost;
    }

    private void redo(int i) throws IOException {
        Inode.Undo u = (Inode.Undo) log.get(i);
        if (u.truncate()) raf.setLength(u.offset());
        else writeFully(raf.getChannel(), ByteBuffer.wrap(written[i]), u.offset());
    }

    /**
     * Writes a whole-sector prefix of write {@code i}: up to a random sector boundary strictly inside it, or none of it
     * (a write within one sector is atomic: all or nothing, and "all" is not a tear). True when some bytes were kept.
     */
    private boolean tear(int i) throws IOException {
        Inode.Undo last = (Inode.Undo) log.get(i);
        long start = last.offset(), end = start + written[i].length;
        long firstBoundary = (start / PowerCut.SECTOR + 1) * PowerCut.SECTOR;
        List<Long> cuts = new ArrayList<>(List.of(start)); // no sector of it written
        for (long b = firstBoundary; b < end; b += PowerCut.SECTOR) cuts.add(b);
        long cut = cuts.get(random.nextInt(cuts.size()));
        if (cut == start) return false;
        writeFully(raf.getChannel(), ByteBuffer.wrap(written[i], 0, (int) (cut - start)), start);
        return true;
    }

    /**
     * Per page the tail's writes touched, a random number of that page's writes, oldest first (the page as it was
     * when write-back took it); a truncate is kept or not by a coin. Pages are independent: the kept writes of the file
     * need not be a prefix. Returns {writes with a kept part, 1 if the kept part is no prefix}.
     */
    private int[] reorder(int tail) throws IOException {
        TreeMap<Long, List<int[]>> pages = new TreeMap<>(); // page -> pieces {entry, from, to} in write order
        boolean[] keepTruncate = new boolean[log.size()];
        for (int i = tail; i < log.size(); i++) {
            Inode.Undo u = (Inode.Undo) log.get(i);
            if (u.truncate()) {
                keepTruncate[i] = random.nextBoolean();
                continue;
            }
            long end = u.offset() + u.newLength();
            for (long from = u.offset(); from < end; from = (from / FsModel.PAGE + 1) * FsModel.PAGE) {
                long to = Math.min(end, (from / FsModel.PAGE + 1) * FsModel.PAGE);
                pages.computeIfAbsent(from / FsModel.PAGE, p -> new ArrayList<>())
                        .add(new int[] {i, (int) (from - u.offset()), (int) (to - u.offset())});
            }
        }
        List<int[]> keptPieces = new ArrayList<>();
        List<int[]> droppedPieces = new ArrayList<>();
        for (List<int[]> pieces : pages.values()) {
            int keep = random.nextInt(pieces.size() + 1);
            keptPieces.addAll(pieces.subList(0, keep));
            droppedPieces.addAll(pieces.subList(keep, pieces.size()));
        }
        keptPieces.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        boolean[] touched = new boolean[log.size()];
        int next = 0;
        for (int i = tail; i < log.size(); i++) {
            Inode.Undo u = (Inode.Undo) log.get(i);
            if (u.truncate() && keepTruncate[i]) {
                raf.setLength(u.offset());
                touched[i] = true;
            }
            for (; next < keptPieces.size() && keptPieces.get(next)[0] == i; next++) {
                int[] piece = keptPieces.get(next);
                ByteBuffer bytes = ByteBuffer.wrap(written[i], piece[1], piece[2] - piece[1]);
                writeFully(raf.getChannel(), bytes, u.offset() + piece[1]);
                touched[i] = true;
            }
        }
        int firstDropped = Integer.MAX_VALUE;
        for (int[] piece : droppedPieces) firstDropped = Math.min(firstDropped, piece[0]);
        for (int i = tail; i < log.size(); i++) if (!touched[i]) firstDropped = Math.min(firstDropped, i);
        int kept = 0;
        boolean noPrefix = false;
        for (int i = tail; i < log.size(); i++) {
            if (!touched[i]) continue;
            kept++;
            if (i > firstDropped) noPrefix = true;
        }
        return new int[] {kept, noPrefix ? 1 : 0};
    }

    static void writeFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) at += ch.write(buf, at);
    }
}

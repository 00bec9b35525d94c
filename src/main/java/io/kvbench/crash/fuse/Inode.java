package io.kvbench.crash.fuse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A file or directory as the power-cut model sees it: not a path, because POSIX makes data durable per file (fsync of
 * the file) and names durable per directory (fsync of the directory), independently. A file's bytes stay where they are
 * (the live backing file, or an orphan copy once unlinked); what is not durable is the log of changes since the file's
 * last complete fsync. A directory keeps two name maps: the live one and the one as of its last fsync.
 */
final class Inode {

    final long id;
    final boolean dir;
    /**
     * Files: what happened to the bytes since the last fsync that left nothing behind, oldest first. Without a failed
     * fsync in it, every entry is an unsynced {@link Undo} and an fsync clears it. Guarded by this.
     */
    final List<Entry> log = new ArrayList<>();
    /** Directories: names now. Guarded by the model's namespace lock. */
    final Map<String, Inode> live;
    /** Directories: names as of the last fsync of this directory (or of the mount). Guarded by the namespace lock. */
    Map<String, Inode> durable;
    /** How many durable name maps hold this inode: when it is unlinked, its bytes are kept only while this is > 0. */
    int durableRefs;
    /** Files: an fsync made some of its bytes durable (so losing its name loses data the engine believed safe). */
    volatile boolean everSynced;
    /**
     * Where the bytes of an unlinked file that a durable name still refers to are kept; null while it has a live name.
     */
    Path orphan;

    Inode(long id, boolean dir) {
        this.id = id;
        this.dir = dir;
        this.live = dir ? new HashMap<>() : null;
        this.durable = dir ? new HashMap<>() : null;
    }

    /** An entry of a file's log. */
    sealed interface Entry permits Undo, FailedSync, Sync {
    }

    /**
     * One change to a file's bytes, enough to undo it: a write of {@code newLength} bytes at {@code offset} that
     * overwrote {@code old} (the bytes that were in [offset, offset + old.length)); or a truncate ({@code truncate}) to
     * {@code offset} that cut off {@code old}. {@code oldLength} is the file's length before the change.
     */
    record Undo(boolean truncate, long offset, byte[] old, long oldLength, int newLength) implements Entry {
    }

    /**
     * An fsync that failed: the changes since the previous sync never reach the disk (the kernel marked their pages
     * clean), although they stay readable until the next power cut.
     */
    record FailedSync() implements Entry {
    }

    /**
     * A successful fsync after a failed one: the pages the changes since the previous sync touched reached the disk as
     * they were then (whole pages, so a lost write that shares a page with a later one is written after all), and the
     * file's length (metadata the retried fsync commits: a lost append reads back as zeros).
     */
    record Sync(long length, List<Page> pages) implements Entry {
    }

    /** A page's bytes (shorter at the end of the file) at {@code offset}. */
    record Page(long offset, byte[] bytes) {
    }

    /** True when an fsync of this file failed since its last complete fsync. */
    boolean hasFailedSync() {
        for (Entry e : log) if (e instanceof FailedSync) return true;
        return false;
    }

    @Override
    public String toString() {
        return (dir ? "dir#" : "file#") + id;
    }
}

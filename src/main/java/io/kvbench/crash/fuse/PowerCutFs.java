package io.kvbench.crash.fuse;

import io.kvbench.infra.Commands;
import io.kvbench.infra.Directories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A FUSE mount of a backing directory that forgets, on {@link #powerCut}, whatever POSIX does not promise to keep:
 * file bytes not fsync'd, names whose directory was not fsync'd. The model (what is durable) is {@link FsModel}; the
 * cut itself {@link PowerCut}. A power cut unmounts first (the kernel writes back the dirty pages of mapped files,
 * which arrive as unsynced writes and are dropped with the rest, and its page cache cannot serve stale bytes
 * afterwards), changes the backing tree, and mounts again.
 *
 * <p>Needs /dev/fuse, libfuse 2 (Debian/Ubuntu package {@code libfuse2}) and root or a {@code fusermount} binary.
 */
public final class PowerCutFs implements AutoCloseable {

    private static final long MOUNT_TIMEOUT_MILLIS = 15_000;

    private final Path backing;
    private final Path state;
    private final Path mountPoint;
    private final Faults faults = new Faults();
    private FsModel model;
    private PassthroughFuse fuse;

    private PowerCutFs(Path backing, Path mountPoint) {
        this.backing = backing.toAbsolutePath().normalize();
        this.mountPoint = mountPoint.toAbsolutePath().normalize();
        this.state = this.backing.resolveSibling(this.backing.getFileName() + ".powercut-state");
    }

    /** Why this machine cannot mount it, or empty when it can. */
    public static Optional<String> unavailableReason() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("FUSE power cuts need Linux");
        }
        if (!Files.exists(Path.of("/dev/fuse"))) {
            return Optional.of("/dev/fuse is missing (no FUSE kernel module or device in this container)");
        }
        if (!Files.isReadable(Path.of("/dev/fuse")) || !Files.isWritable(Path.of("/dev/fuse"))) {
            return Optional.of("/dev/fuse is not readable and writable by this user");
        }
        if (!libfuse2Installed()) {
            return Optional.of("libfuse 2 is missing (install the libfuse2 package: apt-get install libfuse2)");
        }
        if (!isRoot() && onPath("fusermount").isEmpty()) {
            return Optional.of("not root and no fusermount on PATH (libfuse 2 mounts through it)");
        }
        return Optional.empty();
    }

    /**
     * Unmounts what a JVM that died without unmounting left at {@code mountPoint} (its FUSE server is gone: every
     * access fails with "transport endpoint is not connected", deleting the directory too). Best effort, lazily.
     */
    public static void clearStaleMount(Path mountPoint) {
        Path mp = mountPoint.toAbsolutePath().normalize();
        if (!mounted(mp)) return;
        try {
            run(isRoot() || onPath("fusermount").isEmpty() ? List.of("umount", "-l", mp.toString())
                    : List.of("fusermount", "-u", "-z", mp.toString()));
        } catch (IOException e) {
            // the deletion that follows will say what is wrong
        }
    }

    /** Mounts {@code backing} (created if missing; everything in it counts as durable) at {@code mountPoint}. */
    public static PowerCutFs mount(Path backing, Path mountPoint) throws IOException {
        PowerCutFs fs = new PowerCutFs(backing, mountPoint);
        clearStaleMount(fs.mountPoint);
        Files.createDirectories(fs.backing);
        Files.createDirectories(fs.mountPoint);
        fs.model = FsModel.load(fs.backing, fs.state, fs.faults);
        fs.start();
        return fs;
    }

    public Path mountPoint() {
        return mountPoint;
    }

    public Path backing() {
        return backing;
    }

    /** The faults this file system injects (none until armed); they stay armed across power cuts. */
    public Faults faults() {
        return faults;
    }

    /** Cuts the power: unmounts, drops what was not durable (per variant, seeded), mounts what remains. */
    public synchronized PowerCut.Result powerCut(PowerCut.Variant variant, long seed) throws IOException {
        stop();
        PowerCut.Result result = PowerCut.apply(model, variant, seed);
        remount();
        return result;
    }

    /**
     * Damages synced data below {@code under} (a directory relative to the mount): flips one bit, or makes one sector
     * fail every read until a write covers it (drawn from the seed; see {@link Corruption}). Unmounts for it, so that
     * no cached page hides the damage. Empty, and nothing damaged, when no fully synced file there has bytes.
     */
    public synchronized Optional<Corruption> corrupt(String under, boolean readError, long seed) throws IOException {
        stop();
        Optional<Corruption> target = Corruption.draw(model, under, readError, seed);
        if (target.isPresent() && !readError) target.get().flip(backing);
        start(); // the same model: the names and what is synced did not change, only a byte went bad
        if (target.isPresent() && readError) {
            Corruption c = target.get();
            faults.failReads(model.lookup("/" + c.file()), c.offset(), c.offset() + Corruption.SECTOR);
        }
        return target;
    }

    /** Copies the backing tree (all in it, as a power cut now would leave it) to {@code to}, unmounted meanwhile. */
    public synchronized void snapshot(Path to) throws IOException {
        stop();
        Directories.copyRecursively(backing, to);
        start(); // the same model: nothing changed
    }

    /** Makes the backing tree the copy {@code from} again (a {@link #snapshot}); bad sectors go with the old bytes. */
    public synchronized void restore(Path from) throws IOException {
        stop();
        Directories.deleteRecursively(backing);
        Directories.copyRecursively(from, backing);
        faults.clear();
        remount();
    }

    private void remount() throws IOException {
        model = FsModel.load(backing, state, faults);
        start();
    }

    private void start() throws IOException {
        fuse = new PassthroughFuse(model);
        // hard_remove: unlink a file that is open instead of renaming it to .fuse_hidden (which would be a name the
        // model never saw); big_writes: up to 128 KiB per write request instead of 4 KiB.
        String options = "hard_remove,big_writes,fsname=kvbench-powercut" + (isRoot() ? ",allow_other" : "");
        // jnr-fuse's non-blocking mount waits 2 s for a failure that does not come; a thread of our own serving the
        // blocking mount is up as soon as the mount appears in mountinfo.
        PassthroughFuse serving = fuse;
        Thread thread = new Thread(() -> serving.mount(mountPoint, true, false, new String[] {"-o", options}),
                "kvbench-powercut-fuse");
        thread.setDaemon(true);
        thread.start();
        long deadline = System.currentTimeMillis() + MOUNT_TIMEOUT_MILLIS;
        while (!mounted(mountPoint)) {
            if (System.currentTimeMillis() > deadline || !thread.isAlive()) {
                throw new IOException("FUSE mount at " + mountPoint + " did not appear (see stderr for libfuse's "
                        + "reason)");
            }
            sleep(5);
        }
    }

    /** Unmounts: the kernel flushes dirty pages to us first, and returns once every request was answered. */
    private void stop() throws IOException {
        if (fuse == null) return;
        IOException last = null;
        for (int attempt = 0; attempt < 50 && mounted(mountPoint); attempt++) {
            try {
                run(isRoot() || onPath("fusermount").isEmpty() ? List.of("umount", mountPoint.toString())
                        : List.of("fusermount", "-u", mountPoint.toString()));
            } catch (IOException busy) { // a killed writer's last descriptors may still be closing
                last = busy;
                sleep(100);
            }
        }
        if (mounted(mountPoint)) throw new IOException("cannot unmount " + mountPoint, last);
        try {
            fuse.awaitDestroyed(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        fuse.markUnmounted();
        fuse = null;
    }

    /** Unmounts; the backing directory keeps the live (not power-cut) state. */
    @Override
    public synchronized void close() throws IOException {
        stop();
    }

    private static boolean mounted(Path mountPoint) {
        try {
            String target = " " + mountPoint + " ";
            for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                if (line.contains(target)) return true;
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private static void run(List<String> command) throws IOException {
        Commands.output(command, Duration.ofSeconds(30));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static Optional<Path> onPath(String binary) {
        return Commands.onPath(binary);
    }

    private static boolean libfuse2Installed() {
        List<Path> dirs = new ArrayList<>(List.of(
                Path.of("/lib/x86_64-linux-gnu"), Path.of("/usr/lib/x86_64-linux-gnu"),
                Path.of("/lib/aarch64-linux-gnu"), Path.of("/usr/lib/aarch64-linux-gnu"),
                Path.of("/lib64"), Path.of("/usr/lib64"),
                Path.of("/usr/lib"), Path.of("/lib"), Path.of("/usr/local/lib")));
        for (Path dir : dirs) if (Files.exists(dir.resolve("libfuse.so.2"))) return true;
        return false;
    }
}

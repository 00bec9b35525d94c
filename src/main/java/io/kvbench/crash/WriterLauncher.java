package io.kvbench.crash;

import java.nio.file.Path;
import java.util.List;

/** Starts crash writers: where they run (a fresh container each time, or local child JVMs). */
interface WriterLauncher {

    /** "container" or "local". */
    String name();

    /**
     * Starts {@code CrashWriter} with these arguments; {@code dir} (the crash directory) must be readable and writable
     * by
     * the writer at the same path.
     */
    WriterProcess start(String name, List<String> writerArgs, Path dir);

    /** JVM options of every writer: small heap, serial GC (no GC threads to race with the kill). */
    List<String> WRITER_JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
}

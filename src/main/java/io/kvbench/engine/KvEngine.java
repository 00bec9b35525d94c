package io.kvbench.engine;

import java.nio.file.Path;
import java.util.List;

/**
 * The whole contract an engine adapter implements: who it is, what it promises, and how to open a store.
 *
 * <p>Adapters are found with {@link java.util.ServiceLoader} (one line in
 * {@code META-INF/services/io.kvbench.engine.KvEngine}), so tests and benchmarks never name an engine. Like YCSB's DB
 * class, every adapter states the semantics it chose in its {@link Capabilities} so that results compare honestly.
 *
 * <p>Callers open stores through {@link Engines#open}, which validates the directory first; adapters implement
 * {@link #openStore} and may assume the directory exists and is writable.
 */
public interface KvEngine {

    /** Short, stable, lower-case id used on the command line and in result files, e.g. {@code rocksdb}. */
    String id();

    /**
     * Version of the engine library actually on the class path (not of this adapter): for an engine reached through a
     * binding, the binding's version (lmdbjava 0.9.3), see {@link #nativeVersion()}.
     */
    String version();

    /**
     * The native engine a binding bundles and its version, e.g. "LMDB 0.9.33" for lmdbjava 0.9.3, asked of the loaded
     * library where it can say; empty for an engine written in Java. A binding's version and its engine's version are
     * different things and are shown apart.
     */
    default String nativeVersion() {
        return "";
    }

    /**
     * The Maven artifacts of the engine library this adapter links against, as {@code groupId:artifactId} without a
     * version (the class path decides it), e.g. {@code org.rocksdb:rocksdbjni}; empty for an engine built on the JDK.
     * {@code kvbench run --engine-version ID=VERSION} puts that version of these artifacts, with their dependencies,
     * on the benchmark JVMs' class path in place of the ones this build has; {@code --engine-jar ID=JAR} puts a jar in
     * their place.
     */
    default List<String> artifacts() {
        return List.of();
    }

    /** What the engine promises, as the adapter configures it. */
    Capabilities capabilities();

    /**
     * Opens (creating if needed) a store in {@code dir}, which exists, is a directory and is writable.
     * Engine failures are reported as {@link KvException} naming this engine.
     */
    KvStore openStore(Path dir, StoreOptions options);
}

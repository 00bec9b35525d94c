package io.kvbench.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** The registry of adapters (found with ServiceLoader) and the one way to open a store. */
public final class Engines {

    private static final List<KvEngine> ALL = load();

    private Engines() {
    }

    /** Every registered engine, sorted by id. */
    public static List<KvEngine> all() {
        return ALL;
    }

    /** The engine with this id; an unknown id is an error that lists the valid ones. */
    public static KvEngine byId(String id) {
        for (KvEngine engine : ALL) {
            if (engine.id().equals(id)) return engine;
        }
        throw new IllegalArgumentException("unknown engine '" + id + "'; valid engines: " + ids());
    }

    /** Comma-separated ids of every registered engine. */
    public static String ids() {
        return ALL.stream().map(KvEngine::id).collect(Collectors.joining(", "));
    }

    /**
     * Opens a store of {@code engine} in {@code dir}, creating the directory if needed. A path that is a file or is not
     * writable fails here, with the engine and the path named, before the engine sees it.
     */
    public static KvStore open(KvEngine engine, Path dir, StoreOptions options) {
        if (dir == null) throw new KvException(engine.id(), "null store directory");
        if (options == null) throw new KvException(engine.id(), "null store options");
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new KvException(engine.id(), "cannot open store: " + dir + " is a file, not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new KvException(engine.id(), "cannot open store: cannot create directory " + dir, e);
        }
        if (!Files.isWritable(dir)) {
            throw new KvException(engine.id(), "cannot open store: directory " + dir + " is not writable");
        }
        try {
            return engine.openStore(dir, options);
        } catch (KvException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw new KvException(engine.id(), "cannot open store in " + dir, e);
        }
    }

    private static List<KvEngine> load() {
        List<KvEngine> engines = new ArrayList<>();
        ServiceLoader.load(KvEngine.class).forEach(engines::add);
        engines.sort(Comparator.comparing(KvEngine::id));
        for (int i = 1; i < engines.size(); i++) {
            if (engines.get(i).id().equals(engines.get(i - 1).id())) {
                throw new IllegalStateException("two adapters claim engine id '" + engines.get(i).id() + "'");
            }
        }
        return List.copyOf(engines);
    }
}

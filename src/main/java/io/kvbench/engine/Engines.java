package io.kvbench.engine;

import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The registry of adapters (found with ServiceLoader) and the one way to open a store. An adapter that cannot be
 * loaded (its native library is missing, its static initializer throws) disables that engine only: it is listed as
 * {@link Unavailable} with the reason, selecting it is a one-line error, and every other engine works.
 */
public final class Engines {

    /**
     * An adapter that failed to load.
     *
     * @param adapter the adapter class named in the service registration
     * @param reason  the failure, on one line, e.g. "UnsatisfiedLinkError: no rocksdbjni in java.library.path"
     * @param failure what was thrown, for its type ({@link Linkage#find}: the adapter does not link against the engine
     *                library on the class path)
     */
    public record Unavailable(String adapter, String reason, Throwable failure) {
        /** Whether {@code id} is probably this adapter's engine: "leveldb-jni" for LevelDbJniEngine. */
        public boolean mayBe(String id) {
            String simple = adapter.substring(adapter.lastIndexOf('.') + 1).replace('$', '-');
            if (simple.endsWith("Engine")) simple = simple.substring(0, simple.length() - "Engine".length());
            return simple.toLowerCase(Locale.ROOT).replace("-", "")
                    .equals(id.toLowerCase(Locale.ROOT).replace("-", ""));
        }

        public String describe() {
            return adapter + ": " + reason;
        }
    }

    /** One registered adapter: its class name and how to make it (for tests, any supplier). */
    record Candidate(String adapter, Supplier<KvEngine> create) {
    }

    /** The engines that loaded, sorted by id, and the adapters that did not. */
    record Registry(List<KvEngine> engines, List<Unavailable> unavailable) {
    }

    /**
     * Engines whose adapters live outside this build (adapters/<engine>/, loaded with {@code --adapter}) because their
     * artifacts are not on every Maven Central mirror: data (published comparisons) may name them in any build.
     */
    public static final Set<String> OPT_IN = Set.of("halodb", "hestiastore", "datastore4j");

    /** Guards against a service iterator that keeps failing without advancing. */
    private static final int MAX_REGISTRATIONS = 10_000;

    private static final Registry REGISTRY = load(Thread.currentThread().getContextClassLoader());
    private static final List<KvEngine> ALL = REGISTRY.engines();

    private Engines() {
    }

    /** Every registered engine, sorted by id. */
    public static List<KvEngine> all() {
        return ALL;
    }

    /** Adapters that are registered but failed to load, in registration order. */
    public static List<Unavailable> unavailable() {
        return REGISTRY.unavailable();
    }

    /** The engine with this id; an unknown id is an error that lists the valid ones (and the unloadable adapters). */
    public static KvEngine byId(String id) {
        return byId(REGISTRY, id);
    }

    static KvEngine byId(Registry registry, String id) {
        for (KvEngine engine : registry.engines()) {
            if (engine.id().equals(id)) return engine;
        }
        for (Unavailable broken : registry.unavailable()) {
            if (id != null && broken.mayBe(id)) {
                throw new BadInputException("engine '" + id + "' is unavailable: " + broken.describe(),
                        broken.failure());
            }
        }
        String unavailable = registry.unavailable().isEmpty() ? ""
                : "; unavailable adapters: " + registry.unavailable().stream().map(Unavailable::describe)
                        .collect(Collectors.joining("; "));
        throw new BadInputException("unknown engine '" + id + "'; valid engines: "
                + registry.engines().stream().map(KvEngine::id).collect(Collectors.joining(", ")) + unavailable);
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

    /**
     * The engines {@code loader} registers, made afresh (this build's and those of outside adapters on a class path
     * that another JVM will run with): for reading what an adapter declares before that JVM starts.
     */
    public static List<KvEngine> registeredIn(ClassLoader loader) {
        return load(loader).engines();
    }

    private static Registry load(ClassLoader loader) {
        List<Candidate> candidates = new ArrayList<>();
        List<Unavailable> unloadable = new ArrayList<>();
        var providers = ServiceLoader.load(KvEngine.class, loader).stream().iterator();
        for (int i = 0; i < MAX_REGISTRATIONS; i++) {
            try {
                if (!providers.hasNext()) break;
                ServiceLoader.Provider<KvEngine> provider = providers.next();
                candidates.add(new Candidate(provider.type().getName(), provider::get));
            } catch (ServiceConfigurationError | LinkageError e) {
                // The adapter class itself cannot be loaded (a dependency is missing from the class path).
                unloadable.add(new Unavailable(adapterNamed(e), reason(e), e));
            }
        }
        Registry registry = load(candidates);
        List<Unavailable> all = new ArrayList<>(unloadable);
        all.addAll(registry.unavailable());
        return new Registry(registry.engines(), List.copyOf(all));
    }

    /**
     * Makes every candidate; one that throws (an Error included: UnsatisfiedLinkError, ExceptionInInitializerError,
     * NoClassDefFoundError) is unavailable with the reason. Two adapters with one id are a packaging bug: that stays
     * fatal.
     */
    static Registry load(List<Candidate> candidates) {
        List<KvEngine> engines = new ArrayList<>();
        List<Unavailable> unavailable = new ArrayList<>();
        for (Candidate candidate : candidates) {
            try {
                KvEngine engine = candidate.create().get();
                engines.add(engine);
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                unavailable.add(new Unavailable(candidate.adapter(), reason(e), e));
            }
        }
        engines.sort(Comparator.comparing(KvEngine::id));
        for (int i = 1; i < engines.size(); i++) {
            if (engines.get(i).id().equals(engines.get(i - 1).id())) {
                throw new IllegalStateException("two adapters claim engine id '" + engines.get(i).id() + "'");
            }
        }
        return new Registry(List.copyOf(engines), List.copyOf(unavailable));
    }

    /** The innermost cause, which names the real failure (ServiceLoader and class initialisation wrap it). */
    private static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String message = root.getMessage() == null ? "" : ": " + root.getMessage();
        return (root.getClass().getSimpleName() + message).replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    /** ServiceLoader's message is "io.kvbench.engine.KvEngine: Provider X could not be ..."; X, else the message. */
    private static String adapterNamed(Throwable e) {
        String message = String.valueOf(e.getMessage());
        int at = message.indexOf("Provider ");
        if (at < 0) return message;
        String rest = message.substring(at + "Provider ".length());
        int end = rest.indexOf(' ');
        return end < 0 ? rest : rest.substring(0, end);
    }
}

package io.kvbench.cli;

import io.kvbench.classpath.Adapters;
import io.kvbench.classpath.BuildArtifacts;
import io.kvbench.classpath.EngineSwap;
import io.kvbench.classpath.MavenRepository;
import io.kvbench.classpath.SwappedClassPath;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.ClassPaths;
import io.kvbench.input.BadInputException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The class path of one configuration: a base (this JVM's, or --a-classpath), outside adapters after it, engine
 * versions and jars swapped in ({@link SwappedClassPath}). The Maven repository is opened only when something must be
 * resolved, and closed with the plan.
 */
final class ClassPathPlan implements AutoCloseable {

    private MavenRepository repository;

    /** The adapters' entries, checked (one line for a missing or broken one). */
    List<Path> adapters(List<String> values) {
        return Adapters.entries(values, this::repository);
    }

    /**
     * {@code base} with {@code versions} ("ID=VERSION") and {@code jars} ("ID=PATH") swapped in.
     *
     * @param options   the option names, for messages: "--engine-version", "--engine-jar"
     * @param adapters  entries on {@code base} that hold outside adapters (their engines may be swapped too)
     */
    SwappedClassPath.Composed swapped(List<Path> base, List<Path> adapters, SwapValues values) {
        List<EngineSwap> swaps = swaps(values, adapters);
        if (swaps.isEmpty()) return new SwappedClassPath.Composed(List.copyOf(base), "");
        return SwappedClassPath.compose(ClassPaths.existing(base), swaps, BuildArtifacts.ofThisBuild(), repository());
    }

    /** What a command line asks to swap, with the options that asked, for messages. */
    record SwapValues(String versionOption, List<String> versions, String jarOption, List<String> jars) {
        boolean isEmpty() {
            return versions.isEmpty() && jars.isEmpty();
        }
    }

    private List<EngineSwap> swaps(SwapValues values, List<Path> adapters) {
        Map<String, EngineSwap> swaps = new LinkedHashMap<>();
        for (String value : values.versions()) {
            String[] idVersion = EngineSwap.assignment(values.versionOption(), value);
            add(swaps, EngineSwap.version(idVersion[0], artifacts(idVersion[0], adapters), idVersion[1]));
        }
        Map<String, List<Path>> jars = new LinkedHashMap<>();
        for (String value : values.jars()) {
            String[] idPath = EngineSwap.assignment(values.jarOption(), value);
            jars.computeIfAbsent(idPath[0], id -> new ArrayList<>()).add(Path.of(idPath[1]));
        }
        jars.forEach((id, paths) -> add(swaps, EngineSwap.jars(id, artifacts(id, adapters), paths)));
        return List.copyOf(swaps.values());
    }

    private static void add(Map<String, EngineSwap> swaps, EngineSwap swap) {
        if (swaps.putIfAbsent(swap.engine(), swap) != null) {
            throw new BadInputException("engine '" + swap.engine() + "' is swapped twice: give one version or "
                    + "its jars");
        }
    }

    /** The artifacts the engine's adapter declares, asked of this build or of the outside adapters given. */
    private static List<String> artifacts(String id, List<Path> adapters) {
        if (adapters.isEmpty()) return Names.engine(id).artifacts();
        try (URLClassLoader loader = new URLClassLoader(urls(adapters), ClassPathPlan.class.getClassLoader())) {
            List<KvEngine> engines = Engines.registeredIn(loader);
            return engines.stream().filter(e -> e.id().equals(id)).findFirst().map(KvEngine::artifacts)
                    .orElseThrow(() -> new BadInputException("unknown engine '" + id + "'; valid engines: "
                            + engines.stream().map(KvEngine::id).collect(Collectors.joining(", "))));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static URL[] urls(List<Path> entries) {
        List<URL> urls = new ArrayList<>();
        for (Path entry : entries) {
            try {
                urls.add(entry.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new BadInputException("not a class path entry: " + entry, e);
            }
        }
        return urls.toArray(URL[]::new);
    }

    /** The engine's first declared Maven artifact, whose versions are swapped in; bad input when it declares none. */
    static String artifact(KvEngine engine) {
        if (engine.artifacts().isEmpty()) {
            throw new BadInputException("engine '" + engine.id() + "' declares no Maven artifact (it is built "
                    + "on the JDK, or its adapter does not say): its versions cannot be swapped");
        }
        return engine.artifacts().get(0);
    }

    /** Every version of an artifact ({@code groupId:artifactId}) the repositories list, in Maven's order. */
    List<String> versions(String artifact) {
        return repository().versions(artifact);
    }

    private MavenRepository repository() {
        if (repository == null) repository = MavenRepository.fromSettings();
        return repository;
    }

    @Override
    public void close() {
        if (repository != null) repository.close();
    }
}

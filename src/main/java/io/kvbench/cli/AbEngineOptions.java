package io.kvbench.cli;

import io.kvbench.classpath.SwappedClassPath;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.Interleaving;
import io.kvbench.infra.ClassPaths;
import io.kvbench.input.BadInputException;
import io.kvbench.run.BenchmarkRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * What A and B of {@code kvbench interleave} run from: a class path (this kvbench's by default, or another kvbench
 * jar), engine versions and engine jars swapped into it ({@link ClassPathPlan}), and benchmark JVM flags. A side that
 * differs from this JVM's class path runs in child JVMs on its own (ClassPathRunner) or in containers that
 * mount it.
 */
final class AbEngineOptions {

    @Option(names = "--a-classpath", paramLabel = "CP", description = "Class path of A (default: this kvbench's).")
    String aClassPath;

    @Option(names = "--b-classpath", paramLabel = "CP", description = "Class path of B (default: this kvbench's).")
    String bClassPath;

    @Option(names = "--a-engine-version", paramLabel = "ID=VERSION",
            description = "A: an engine version from a Maven repository, repeatable, e.g. rocksdb=11.7.0 (default: the "
                    + "class path's; docs/engine-versions.md).")
    List<String> aVersions = List.of();

    @Option(names = "--b-engine-version", paramLabel = "ID=VERSION",
            description = "B: an engine version from a Maven repository, repeatable (default: the class path's).")
    List<String> bVersions = List.of();

    @Option(names = "--a-engine-jar", paramLabel = "ID=PATH",
            description = "A: an engine jar (a snapshot build) in place of the engine's artifact, repeatable "
                    + "(default: none).")
    List<String> aJars = List.of();

    @Option(names = "--b-engine-jar", paramLabel = "ID=PATH",
            description = "B: an engine jar (a snapshot build) in place of the engine's artifact, repeatable, e.g. "
                    + "rocksdb=/path/rocksdbjni-SNAPSHOT.jar (default: none).")
    List<String> bJars = List.of();

    @Option(names = "--a-engine-versions-from", paramLabel = "FILE",
            description = "A: the engine versions of another build, read from its `mvn dependency:list "
                    + "-DincludeScope=runtime -DoutputFile=FILE` (e.g. a pull request's merge base), for every engine "
                    + "compared whose version there differs from this build's (default: none).")
    Path aVersionsFrom;

    /** One side's class path and its description; the plan resolves what it needs. */
    record Side(List<Path> classPath, String description) {
    }

    Side a(ClassPathPlan plan, List<KvEngine> engines) throws IOException {
        List<String> versions = new ArrayList<>(aVersions);
        if (aVersionsFrom != null) {
            Map<String, String> other = OtherBuild.changedVersions(engines, aVersionsFrom);
            other.forEach((id, version) -> versions.add(id + "=" + version));
        }
        return side(plan, aClassPath, new ClassPathPlan.SwapValues("--a-engine-version", versions, "--a-engine-jar",
                aJars));
    }

    Side b(ClassPathPlan plan) {
        return side(plan, bClassPath, new ClassPathPlan.SwapValues("--b-engine-version", bVersions, "--b-engine-jar",
                bJars));
    }

    /** One side: {@code classPath} (null: this kvbench's) with {@code swaps} swapped in. */
    static Side side(ClassPathPlan plan, String classPath, ClassPathPlan.SwapValues swaps) {
        List<Path> given = classPath == null ? null : ClassPaths.parse(classPath);
        if (given != null && given.isEmpty()) throw new BadInputException("empty class path");
        if (given != null) {
            for (Path entry : given) {
                if (!entry.toFile().exists()) throw new BadInputException("class path entry " + entry
                        + " does not exist");
            }
        }
        if (swaps.isEmpty()) return new Side(given, describe(classPath, given));
        List<Path> base = given != null ? given : ClassPaths.mountable();
        SwappedClassPath.Composed composed = plan.swapped(base, List.of(), swaps);
        return new Side(composed.entries(), describe(classPath, given) + " with " + composed.description());
    }

    /**
     * A side called {@code name} that runs this kvbench with one released engine version swapped in.
     *
     * @param option the option that asked, for messages: "--good", "--versions"
     * @param swap   "ID=VERSION"
     * @param flags  the side's benchmark JVM flags
     */
    static Interleaving.Side released(ClassPathPlan plan, BenchmarkRunner base, String name, String option,
                                      String swap, List<String> flags) {
        Side build = side(plan, null, new ClassPathPlan.SwapValues(option, List.of(swap), "--engine-jar", List.of()));
        return new Interleaving.Side(name, AbOptions.side(base, build.classPath(), flags),
                AbSessionOptions.describe(build.description(), flags));
    }

    private static String describe(String classPath, List<Path> entries) {
        if (classPath == null) return "this kvbench's class path";
        return entries.size() <= 2 ? "class path " + classPath
                : "class path " + entries.get(0) + " and " + (entries.size() - 1) + " more entries";
    }
}

package io.kvbench.cli;

import io.kvbench.classpath.BuildArtifacts;
import io.kvbench.classpath.Coordinates;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Another build's engine versions, read from its {@code mvn dependency:list} output (e.g. a pull request's merge base,
 * listed without building it): which engines it has at other versions than this build, and which.
 */
final class OtherBuild {

    private OtherBuild() {
    }

    /**
     * Engine id to the other build's version, for each of {@code engines} whose declared artifacts the two builds
     * have at different versions (the first such artifact's version); engines built on the JDK never differ.
     */
    static Map<String, String> changedVersions(List<KvEngine> engines, Path dependencyList) throws IOException {
        if (!Files.isRegularFile(dependencyList)) {
            throw new BadInputException(dependencyList + " is not a file (expected the output of "
                    + "mvn dependency:list -DincludeScope=runtime -DoutputFile=FILE of the other build)");
        }
        Map<String, String> other = versions(BuildArtifacts.read(dependencyList));
        Map<String, String> here = versions(BuildArtifacts.ofThisBuild());
        Map<String, String> changed = new LinkedHashMap<>();
        for (KvEngine engine : engines) {
            for (String artifact : engine.artifacts()) {
                String theirs = other.get(artifact);
                if (theirs != null && !theirs.equals(here.get(artifact))) {
                    changed.put(engine.id(), theirs);
                    break;
                }
            }
        }
        return changed;
    }

    private static Map<String, String> versions(List<Coordinates> artifacts) {
        Map<String, String> versions = new LinkedHashMap<>();
        for (Coordinates c : artifacts) versions.putIfAbsent(c.groupId() + ":" + c.artifactId(), c.version());
        return versions;
    }
}

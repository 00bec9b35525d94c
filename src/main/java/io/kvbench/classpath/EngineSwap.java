package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Another build of one engine's library for a class path: a version from a Maven repository ({@code --engine-version
 * rocksdb=11.7.0}) or jars (a snapshot build, {@code --engine-jar rocksdb=/path/rocksdbjni-SNAPSHOT.jar}), put in
 * place of the artifacts the engine's adapter declares.
 *
 * @param engine    the engine id
 * @param artifacts the adapter's declared artifacts, {@code groupId:artifactId} (KvEngine.artifacts)
 * @param version   the version to resolve, or "" for jars
 * @param jars      the jars to use, or empty for a version
 */
public record EngineSwap(String engine, List<String> artifacts, String version, List<Path> jars) {

    public EngineSwap {
        artifacts = List.copyOf(artifacts);
        jars = List.copyOf(jars);
        if (artifacts.isEmpty()) {
            throw new BadInputException("engine '" + engine + "' declares no Maven artifact (it is built on the "
                    + "JDK, or its adapter does not say): there is nothing to swap");
        }
        if (version.isEmpty() == jars.isEmpty()) throw new BadInputException("a version or jars, not both");
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) throw new BadInputException("engine jar " + jar + " is not a file");
        }
    }

    public static EngineSwap version(String engine, List<String> artifacts, String version) {
        if (version.isBlank()) throw new BadInputException("empty version for engine '" + engine + "'");
        return new EngineSwap(engine, artifacts, version.strip(), List.of());
    }

    public static EngineSwap jars(String engine, List<String> artifacts, List<Path> jars) {
        return new EngineSwap(engine, artifacts, "", jars);
    }

    /** "rocksdbjni 11.7.0 from a Maven repository" or "jar rocksdbjni-SNAPSHOT.jar", for the description of a side. */
    public String describe() {
        String names = String.join(", ", artifacts.stream().map(a -> a.substring(a.indexOf(':') + 1)).toList());
        return jars.isEmpty() ? names + " " + version
                : "jar " + String.join(", ", jars.stream().map(j -> j.getFileName().toString()).toList());
    }

    /** {@code ID=VALUE} as options write it: the id and the value, each non-empty. */
    public static String[] assignment(String option, String text) {
        int at = text.indexOf('=');
        if (at <= 0 || at == text.length() - 1) {
            throw new BadInputException(option + " " + text + ": expected ID=" + (option.endsWith("jar") ? "PATH"
                    : "VERSION") + ", e.g. rocksdb=" + (option.endsWith("jar") ? "/path/rocksdbjni.jar" : "11.7.0"));
        }
        return new String[] {text.substring(0, at).strip(), text.substring(at + 1).strip()};
    }
}

package io.kvbench.cli;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --engine-version ID=VERSION} and {@code --engine-jar ID=PATH} of the commands that run one configuration
 * (run, reproduce, crash, engines, contract): another build of an engine's library in place of this kvbench's, for this
 * command and every JVM it starts. interleave has the same per side ({@code --a-engine-version},
 * {@code --b-engine-jar}, ...).
 */
final class EngineSwapOptions {

    static final String VERSION_DESCRIPTION = "Engine version from a Maven repository in place of this build's, "
            + "repeatable: ID=VERSION, e.g. rocksdb=11.7.0 (its dependencies as that version declares them; the local "
            + "repository first, then Maven Central or settings.xml's mirrors) (default: this build's versions; "
            + "docs/engine-versions.md).";
    static final String JAR_DESCRIPTION = "Engine jar in place of this build's artifact(s) of the engine, repeatable: "
            + "ID=PATH, e.g. rocksdb=/path/rocksdbjni-SNAPSHOT.jar (a snapshot build; its dependencies stay this "
            + "build's) (default: none).";

    @Option(names = "--engine-version", paramLabel = "ID=VERSION", description = VERSION_DESCRIPTION)
    List<String> versions = List.of();

    @Option(names = "--engine-jar", paramLabel = "ID=PATH", description = JAR_DESCRIPTION)
    List<String> jars = List.of();

    boolean isEmpty() {
        return versions.isEmpty() && jars.isEmpty();
    }
}

package io.kvbench.cli;

import io.kvbench.classpath.Adapters;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --adapter PATH|GROUP:ARTIFACT:VERSION}, on every command that names engines: outside adapters (engines this
 * kvbench does not ship) put on the class path of this command and of every JVM it starts. {@value Adapters#VARIABLE}
 * adds adapters for every command (comma-separated), e.g. in CI.
 */
final class AdapterOption {

    static final String DESCRIPTION = "Outside adapter, repeatable: a jar with a KvEngine service (several joined like "
            + "a class path: the adapter and its engine's jars), a directory of such jars, or a Maven coordinate "
            + "GROUP:ARTIFACT:VERSION resolved with its dependencies; $" + Adapters.VARIABLE + " adds more, "
            + "comma-separated (default: none; docs/outside-adapters.md).";

    @Option(names = "--adapter", paramLabel = "PATH|G:A:V", description = DESCRIPTION)
    List<String> adapters = new ArrayList<>();

    /** The variable's adapters, then the option's. */
    List<String> all() {
        List<String> all = new ArrayList<>(Adapters.fromEnvironment());
        for (String adapter : adapters) if (!all.contains(adapter)) all.add(adapter);
        return all;
    }
}

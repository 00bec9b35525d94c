package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runtime artifacts a build resolved, as {@code mvn dependency:list} writes them: this kvbench's own list (a
 * resource the build writes, see pom.xml) or another checkout's (a pull request's merge base). Lines that are not an
 * artifact (the header, blank lines) are skipped; the colours and module names Maven may add are ignored.
 */
public final class BuildArtifacts {

    /** The resource pom.xml writes with maven-dependency-plugin's list goal. */
    static final String RESOURCE = "/io/kvbench/classpath/runtime-artifacts.txt";

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*m");
    /** groupId:artifactId:type[:classifier]:version:scope */
    private static final Pattern LINE = Pattern.compile("^([^:\\s]+):([^:\\s]+):([^:\\s]+)(?::([^:\\s]+))?:([^:\\s]+)"
            + ":(compile|runtime|provided|system|test)\\b");

    private BuildArtifacts() {
    }

    /** This build's runtime artifacts; empty when the resource is missing (classes compiled without Maven). */
    public static List<Coordinates> ofThisBuild() {
        try (InputStream in = BuildArtifacts.class.getResourceAsStream(RESOURCE)) {
            return in == null ? List.of() : parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The artifacts listed in {@code file}, the output of {@code mvn dependency:list -DoutputFile=FILE}. */
    public static List<Coordinates> read(Path file) throws IOException {
        List<Coordinates> artifacts = parse(Files.readString(file));
        if (artifacts.isEmpty()) {
            throw new BadInputException(file
                    + " lists no artifact (expected the output of mvn dependency:list)");
        }
        return artifacts;
    }

    static List<Coordinates> parse(String text) {
        List<Coordinates> artifacts = new ArrayList<>();
        for (String raw : text.split("\\R")) {
            Matcher m = LINE.matcher(ANSI.matcher(raw).replaceAll("").strip());
            if (!m.find()) continue;
            String classifier = m.group(4) == null ? "" : m.group(4);
            artifacts.add(new Coordinates(m.group(1), m.group(2), classifier, m.group(5)));
        }
        return List.copyOf(artifacts);
    }
}

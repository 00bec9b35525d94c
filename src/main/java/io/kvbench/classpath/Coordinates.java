package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.util.Objects;

/**
 * A Maven artifact: {@code groupId:artifactId[:classifier]:version}, as a user writes it ({@code --adapter
 * com.example:my-adapter:1.0}) and as {@code mvn dependency:list} prints it ({@code g:a:jar[:classifier]:v:scope}).
 *
 * @param classifier "" when none
 * @param version    "" when not known yet (an engine's declared artifact, before its version is chosen)
 */
public record Coordinates(String groupId, String artifactId, String classifier, String version) {

    public Coordinates {
        Objects.requireNonNull(classifier, "classifier");
        Objects.requireNonNull(version, "version");
        if (groupId == null || groupId.isBlank() || artifactId == null || artifactId.isBlank()) {
            throw new BadInputException("a Maven artifact needs a groupId and an artifactId, got "
                    + groupId + ":" + artifactId);
        }
    }

    /** {@code groupId:artifactId} (an engine's declared artifact) at {@code version}. */
    public static Coordinates of(String groupIdArtifactId, String version) {
        String[] parts = groupIdArtifactId.split(":", -1);
        if (parts.length != 2) {
            throw new BadInputException("expected groupId:artifactId, got '" + groupIdArtifactId + "'");
        }
        return new Coordinates(parts[0].trim(), parts[1].trim(), "", version);
    }

    /** {@code groupId:artifactId:version} or {@code groupId:artifactId:classifier:version}. */
    public static Coordinates parse(String text) {
        String[] parts = text.trim().split(":", -1);
        for (String part : parts) {
            if (part.isBlank()) throw new BadInputException("'" + text + "' has an empty part");
        }
        if (parts.length == 3) return new Coordinates(parts[0], parts[1], "", parts[2]);
        if (parts.length == 4) return new Coordinates(parts[0], parts[1], parts[2], parts[3]);
        throw new BadInputException("'" + text + "' is not groupId:artifactId[:classifier]:version");
    }

    /** Whether {@code text} is written like coordinates (three or four parts, no path separator or file name). */
    public static boolean looksLike(String text) {
        int colons = text.length() - text.replace(":", "").length();
        return (colons == 2 || colons == 3) && !text.contains("/") && !text.contains("\\") && !text.endsWith(".jar");
    }

    /** The artifact whatever its version: {@code groupId:artifactId[:classifier]}. */
    public String key() {
        return groupId + ":" + artifactId + (classifier.isEmpty() ? "" : ":" + classifier);
    }

    public Coordinates withVersion(String newVersion) {
        return new Coordinates(groupId, artifactId, classifier, newVersion);
    }

    @Override
    public String toString() {
        return key() + (version.isEmpty() ? "" : ":" + version);
    }
}

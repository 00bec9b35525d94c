package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.aether.util.version.GenericVersionScheme;
import org.eclipse.aether.version.InvalidVersionSpecificationException;
import org.eclipse.aether.version.Version;

/**
 * The released versions of an artifact from one to another, in Maven's order (Maven Resolver's
 * {@link GenericVersionScheme}, the order Maven itself uses: 0.10 after 0.9, 1.0-rc1 before 1.0), for {@code kvbench
 * bisect}. Pre-releases are left out unless one is an end: a search over releases should not stop at a release
 * candidate that was never meant to be used.
 */
public final class ReleasedVersions {

    private static final GenericVersionScheme SCHEME = new GenericVersionScheme();
    private static final Pattern RELEASE_PART = Pattern.compile("^\\d+(\\.\\d+)*");
    /**
     * Qualifiers that mark a pre-release though Maven orders them after the release (it knows alpha, beta, milestone,
     * rc and snapshot, and puts unknown words after the release).
     */
    private static final Set<String> PRE_RELEASE_WORDS = Set.of("ea", "preview", "dev", "pre", "nightly", "snapshot");
    private static final Pattern WORD = Pattern.compile("[a-z]+");

    private ReleasedVersions() {
    }

    /** Maven's order of two versions. */
    public static final Comparator<String> ORDER = Comparator.comparing(ReleasedVersions::parse);

    /**
     * The versions of {@code listed} from {@code good} to {@code bad}, both included, in order, without pre-releases
     * between them.
     *
     * @param artifact for messages: "org.lmdbjava:lmdbjava"
     * @throws IllegalArgumentException when an end is not listed, or good is not older than bad
     */
    public static List<String> between(String artifact, List<String> listed, String good, String bad) {
        for (String end : List.of(good, bad)) requireListed(artifact, listed, end);
        if (ORDER.compare(good, bad) >= 0) {
            throw new BadInputException("--good " + good + " is not older than --bad " + bad
                    + " in Maven's version order");
        }
        List<String> out = new ArrayList<>();
        for (String v : listed.stream().sorted(ORDER).toList()) {
            boolean inside = ORDER.compare(v, good) > 0 && ORDER.compare(v, bad) < 0;
            if (v.equals(good) || v.equals(bad) || inside && !isPreRelease(v)) out.add(v);
        }
        return List.copyOf(out);
    }

    /** @throws IllegalArgumentException naming the artifact and its latest release when the version is not listed */
    public static void requireListed(String artifact, List<String> listed, String version) {
        if (!listed.contains(version)) {
            throw new BadInputException("version " + version + " of " + artifact + " is not in the "
                    + "repository's list (" + listed.size() + " versions, the latest " + latest(listed) + ")");
        }
    }

    /**
     * Whether a version is a pre-release: Maven orders it before its own release part (1.0-rc1, 2.0.0-alpha1,
     * 1.0-SNAPSHOT before 1.0 and 2.0.0), or it carries a word that marks one ({@link #PRE_RELEASE_WORDS}).
     */
    public static boolean isPreRelease(String version) {
        Matcher release = RELEASE_PART.matcher(version);
        if (release.find() && release.end() < version.length()
                && parse(version).compareTo(parse(release.group())) < 0) {
            return true;
        }
        Matcher word = WORD.matcher(version.toLowerCase(Locale.ROOT));
        while (word.find()) {
            if (PRE_RELEASE_WORDS.contains(word.group())) return true;
        }
        return false;
    }

    /** The latest release (Maven orders some pre-releases after their release: 1.1-ea after 1.1). */
    private static String latest(List<String> listed) {
        return listed.stream().filter(v -> !isPreRelease(v)).max(ORDER)
                .orElse(listed.stream().max(ORDER).orElse("none"));
    }

    private static Version parse(String version) {
        try {
            return SCHEME.parseVersion(version);
        } catch (InvalidVersionSpecificationException e) {
            throw new BadInputException("not a version: " + version, e);
        }
    }
}

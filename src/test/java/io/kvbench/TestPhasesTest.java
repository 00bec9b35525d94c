package io.kvbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TagFilter;

/**
 * The two test commands split the tests by tag (pom.xml): {@code mvn test} (surefire's {@code groups}) runs what the
 * design card promises, and {@code mvn verify} adds the full check (failsafe's {@code groups}). Every tag a test uses
 * is one of CONTRIBUTING's, and every combination of them lands in exactly one of the two, except the workflow
 * harness, which is in neither (scripts/test-workflows.sh runs it): no test is run twice or left out.
 */
class TestPhasesTest {

    /** The tags CONTRIBUTING.md describes ("How to add a test"). */
    static final List<String> TAGS =
            List.of("fork", "container", "fuse", "crash", "kill", "perf", "browser", "workflow");

    private static final Pattern TAG_USE = Pattern.compile("@Tag\\(\"([^\"]+)\"\\)");

    @Test
    void everyTagIsADocumentedOne() throws IOException {
        Set<String> used = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = TAG_USE.matcher(Files.readString(file));
                while (m.find()) used.add(m.group(1));
            }
        }
        assertThat(used).as("tags used in src/test/java").isNotEmpty().isSubsetOf(TAGS);
        String contributing = Files.readString(Path.of("CONTRIBUTING.md"));
        for (String tag : TAGS) {
            assertThat(contributing).as("CONTRIBUTING describes tag " + tag).contains("`" + tag + "`");
        }
    }

    @Test
    void everyCombinationOfTagsRunsInExactlyOnePhase() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        // Both plugins also leave out the excludedGroups property's tags.
        PostDiscoveryFilter excluded = TagFilter.excludeTags(property(pom, "excludedGroups").split(","));
        Filter<TestDescriptor> test = Filter.composeFilters(TagFilter.includeTags(property(pom, "groups")), excluded);
        Filter<TestDescriptor> verify = Filter.composeFilters(TagFilter.includeTags(failsafeGroups(pom)), excluded);
        for (int subset = 0; subset < 1 << TAGS.size(); subset++) {
            List<String> tags = new ArrayList<>();
            for (int i = 0; i < TAGS.size(); i++) if ((subset & 1 << i) != 0) tags.add(TAGS.get(i));
            TestDescriptor descriptor = descriptor(tags);
            boolean inTest = test.apply(descriptor).included();
            boolean inVerify = verify.apply(descriptor).included();
            if (tags.contains("workflow")) {
                assertThat(inTest || inVerify).as("a workflow test %s runs in neither phase", tags).isFalse();
            } else {
                assertThat(inTest ^ inVerify).as("tags %s: in mvn test %s, in the full check %s", tags, inTest,
                        inVerify).isTrue();
            }
        }
        assertThat(test.apply(descriptor(List.of())).included()).as("untagged tests run in mvn test").isTrue();
        assertThat(test.apply(descriptor(List.of("perf", "container"))).included()).as("the perf gate").isTrue();
        assertThat(test.apply(descriptor(List.of("kill", "crash"))).included()).as("the crash kills").isTrue();
    }

    /** A property of the pom's own properties (surefire reads {@code groups}, both plugins {@code excludedGroups}). */
    static String property(String pom, String name) {
        return xml(pom.substring(pom.indexOf("<properties>")), name);
    }

    /** Failsafe's own tag expression, in its plugin configuration. */
    static String failsafeGroups(String pom) {
        int plugin = pom.indexOf("<artifactId>maven-failsafe-plugin</artifactId>", pom.indexOf("<plugins>",
                pom.indexOf("</pluginManagement>")));
        assertThat(plugin).as("pom.xml configures maven-failsafe-plugin").isNotNegative();
        return xml(pom.substring(plugin), "groups");
    }

    private static String xml(String text, String element) {
        Matcher m = Pattern.compile("<" + element + ">([^<]*)</" + element + ">").matcher(text);
        assertThat(m.find()).as("<%s> in pom.xml", element).isTrue();
        return m.group(1).replace("&amp;", "&");
    }

    private static TestDescriptor descriptor(List<String> tags) {
        String name = tags.isEmpty() ? "untagged" : String.join("+", tags);
        return new AbstractTestDescriptor(UniqueId.forEngine("phases").append("test", name), name) {
            @Override
            public Type getType() {
                return Type.TEST;
            }

            @Override
            public Set<TestTag> getTags() {
                Set<TestTag> set = new TreeSet<>((a, b) -> a.getName().compareTo(b.getName()));
                tags.forEach(t -> set.add(TestTag.create(t)));
                return set;
            }
        };
    }
}

package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

/**
 * Keeps .github/workflows in step with the README and the CLI: the README's test and build commands are the ones the
 * workflows run, every kvbench command line in them parses with the real picocli model (subcommand and options), and
 * they follow the safety rules (pinned actions, no inputs or event text spliced into scripts). actionlint
 * (scripts/lint-workflows.sh) checks the workflow syntax and the scripts themselves.
 */
class WorkflowsTest {

    private static final Pattern README_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);
    /** A full commit SHA: a tag can be moved to other code, a commit cannot (Dependabot keeps the pins current). */
    private static final Pattern PINNED = Pattern.compile("[\\w.-]+/[\\w./-]+@[0-9a-f]{40}");
    private static final Pattern UNSAFE_IN_SCRIPT =
            Pattern.compile("\\$\\{\\{[^}]*\\b(inputs|github\\.event|github\\.head_ref)\\b");
    private static final String JAR_ARTIFACT = "kvbench-jar";
    /** The pull-request A/B check also runs the merge base's build, from base/ (built there, or downloaded). */
    private static final String BASE_DIR = "base";
    private static final String BASE_JAR_ARTIFACT = "kvbench-base-jar";

    /** One `java -jar .../kvbench.jar ARGS` in a run script. */
    record Invocation(Workflows.Step step, String jar, List<String> args) {
        @Override
        public String toString() {
            return "kvbench " + String.join(" ", args) + " (" + step + ")";
        }
    }

    /** The command lines of the README's first bash block, split at &&, comments left out. */
    private static List<String> readmeCommands() throws IOException {
        Matcher block = README_BLOCK.matcher(Files.readString(Path.of("README.md")));
        assertThat(block.find()).as("README.md has a ```bash block").isTrue();
        return block.group(1).lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .flatMap(l -> Arrays.stream(l.split("&&"))).map(String::strip).toList();
    }

    private static String readmeCommand(String regex) throws IOException {
        List<String> matching = readmeCommands().stream().filter(c -> c.matches(regex)).toList();
        assertThat(matching).as("README commands matching " + regex + " in " + readmeCommands()).hasSize(1);
        return matching.get(0);
    }

    static String readmeTestCommand() throws IOException {
        return readmeCommand("mvn( -\\S+)* test");
    }

    static String readmeBuildCommand() throws IOException {
        return readmeCommand("mvn .*\\bpackage\\b.*");
    }

    /** "target/kvbench.jar", from the README's `java -jar target/kvbench.jar run`. */
    static String readmeJar() throws IOException {
        return readmeCommand("java -jar \\S+ .*").split(" ")[2];
    }

    static List<Invocation> invocations() {
        List<Invocation> found = new ArrayList<>();
        for (Workflows.Step step : Workflows.allSteps()) {
            for (List<String> words : ShellWords.commands(step.run(), step.env())) {
                for (int i = 0; i + 2 < words.size(); i++) {
                    if (words.get(i).equals("java") && words.get(i + 1).equals("-jar")
                            && words.get(i + 2).endsWith("kvbench.jar")) {
                        found.add(new Invocation(step, words.get(i + 2), words.subList(i + 3, words.size())));
                    }
                }
            }
        }
        return found;
    }

    /**
     * CI runs the full check, the README's test command with its phase {@code test} carried on to {@code verify}:
     * Maven's lifecycle runs the test phase before verify, so every test of the README's command runs, then the
     * integration-test phase.
     */
    @Test
    void ciRunsTheFullCheckThroughTheReadmeTestCommand() throws IOException {
        String test = readmeTestCommand();
        assertThat(test).isEqualTo("mvn -B test");
        String verify = test.replaceFirst(" test$", " verify");
        Workflows.Workflow ci = Workflows.named("ci.yml");
        assertThat(ci.steps()).as("a ci.yml step whose script has the line '" + verify + "'")
                .anyMatch(step -> step.runLines().contains(verify));
        assertThat(ci.root().path("on").has("push")).as("ci.yml runs on push").isTrue();
        assertThat(ci.root().path("on").has("pull_request")).as("ci.yml runs on pull_request").isTrue();
    }

    @Test
    void everyJarIsTheReadmeJarBuiltWithTheReadmeBuildCommand() throws IOException {
        String build = readmeBuildCommand();
        String jar = readmeJar();
        assertThat(build).isEqualTo("mvn -B package -DskipTests");
        assertThat(invocations()).isNotEmpty().allSatisfy(inv -> assertThat(inv.jar()).as(inv.toString())
                .isIn(jar, BASE_DIR + "/" + jar));
        for (Invocation inv : invocations()) {
            if (!inv.jar().startsWith(BASE_DIR + "/")) continue;
            // The merge base's jar: built with the README's command in base/ earlier in the job, or downloaded.
            List<Workflows.Step> before = Workflows.named(inv.step().workflow()).steps().stream()
                    .filter(s -> s.job().equals(inv.step().job()) && s.index() < inv.step().index()).toList();
            assertThat(before).as(inv + " runs the merge base's jar: build it in " + BASE_DIR + "/ or download "
                    + BASE_JAR_ARTIFACT)
                    .anyMatch(s -> (s.runLines().contains(build) && s.node().path("working-directory")
                    .asText().equals(BASE_DIR))
                            || (s.uses().startsWith("actions/download-artifact@")
                                && s.node().path("with").path("name").asText().equals(BASE_JAR_ARTIFACT)));
        }
        for (Workflows.Step step : Workflows.allSteps()) {
            for (List<String> words : ShellWords.commands(step.run())) {
                if (words.get(0).equals("mvn") && words.contains("package")) {
                    // A release sets the version from its tag (release.yml); nothing else may differ.
                    String command = String.join(" ", words);
                    if (step.workflow().equals("release.yml") && step.run().contains(" -Drevision=")) {
                        command = command.replaceFirst(" (-Drevision=\\S+|" + ShellWords.EXPANDED + ")$", "");
                    }
                    assertThat(command).as("the build in " + step).isEqualTo(build);
                }
            }
        }
        // Each job builds the jar before it first runs it, or downloads the jar a job built that way.
        for (Workflows.Workflow workflow : Workflows.all()) {
            for (Workflows.Step first : firstUsePerJob(workflow)) {
                List<Workflows.Step> before = workflow.steps().stream()
                        .filter(s -> s.job().equals(first.job()) && s.index() < first.index()).toList();
                boolean built = before.stream().anyMatch(s -> s.runLines().stream()
                        .anyMatch(l -> l.equals(build) || l.startsWith(build + " -Drevision=")));
                boolean downloaded = before.stream().anyMatch(s -> s.uses().startsWith("actions/download-artifact@")
                        && s.node().path("with").path("name").asText().equals(JAR_ARTIFACT));
                assertThat(built || downloaded).as(first + " runs " + jar + " without building it ('" + build
                        + "') or downloading the '" + JAR_ARTIFACT + "' artifact first").isTrue();
                if (downloaded) assertThat(uploadersOfTheJar(workflow))
                        .as(workflow.file() + ": who builds " + JAR_ARTIFACT)
                        .isNotEmpty().allSatisfy(job -> assertThat(workflow.steps()).anyMatch(s -> s.job().equals(job)
                                && s.runLines().contains(build)));
            }
        }
    }

    private static List<Workflows.Step> firstUsePerJob(Workflows.Workflow workflow) {
        List<String> jobs = new ArrayList<>();
        List<Workflows.Step> first = new ArrayList<>();
        for (Invocation inv : invocations()) {
            if (inv.step().workflow().equals(workflow.file()) && !jobs.contains(inv.step().job())) {
                jobs.add(inv.step().job());
                first.add(inv.step());
            }
        }
        return first;
    }

    private static List<String> uploadersOfTheJar(Workflows.Workflow workflow) {
        return workflow.steps().stream().filter(s -> s.uses().startsWith("actions/upload-artifact@")
                && s.node().path("with").path("name").asText().equals(JAR_ARTIFACT)).map(Workflows.Step::job).toList();
    }

    /** Each kvbench command line parses with the real CLI: its subcommand exists and takes those options. */
    @TestFactory
    Stream<DynamicTest> everyKvbenchCommandLineIsARealCommand() {
        List<Invocation> all = invocations();
        assertThat(all).extracting(inv -> inv.args().isEmpty() ? "" : inv.args().get(0))
                .contains("run", "report", "gate", "interleave", "baseline", "engines", "crash", "history");
        return all.stream().map(inv -> DynamicTest.dynamicTest(inv.toString(), () -> {
            CommandLine cli = KvBench.commandLine();
            assertThat(inv.args()).as("a subcommand").isNotEmpty();
            if (inv.args().equals(List.of("--version"))) return; // the one top-level option a workflow uses
            assertThat(cli.getSubcommands()).as("'" + inv.args().get(0) + "' in " + inv + " is a subcommand of kvbench")
                    .containsKey(inv.args().get(0));
            // Words known only at run time stand for one value each; parsing checks option names, arity and types.
            String[] args = inv.args().stream().map(a -> a.equals(ShellWords.EXPANDED) ? "x" : a)
                    .toArray(String[]::new);
            try {
                cli.parseArgs(args);
            } catch (CommandLine.ParameterException e) {
                throw new AssertionError(inv + ": " + e.getMessage(), e);
            }
        }));
    }

    @Test
    void inputsAndEventTextReachScriptsOnlyThroughTheEnvironment() {
        assertThat(Workflows.allSteps()).allSatisfy(step -> assertThat(UNSAFE_IN_SCRIPT.matcher(step.run()).find())
                .as(step + " splices ${{ inputs.* }} or event text into its script: pass it through env: instead")
                .isFalse());
    }

    @Test
    void everyActionIsPinnedToAVersion() {
        List<String> uses = Workflows.allSteps().stream().map(Workflows.Step::uses).filter(u -> !u.isEmpty()).toList();
        assertThat(uses).isNotEmpty().allSatisfy(u -> assertThat(u).as("uses: " + u).matches(PINNED));
    }

    @Test
    void baselineUpdateOffersTheShippedProfilesAndNeedsAReason() {
        var inputs = Workflows.named("update-baselines.yml").root().path("on").path("workflow_dispatch").path("inputs");
        List<String> options = new ArrayList<>();
        inputs.path("profile").path("options").forEach(o -> options.add(o.asText()));
        // Not "published": its dataset alone (DataStore4J at 10M records) needs a 16.5 GiB container, more than a
        // GitHub-hosted runner has; it runs on a machine of one's own (docs/published-comparisons.md, Published sizes).
        assertThat(options).isEqualTo(Catalog.PROFILES.stream().filter(p -> !p.equals("published")).toList());
        assertThat(inputs.path("reason").path("required").asBoolean()).isTrue();
        assertThat(inputs.path("engines").isObject()).isTrue();
    }

    @Test
    void nightlyShardsAreTheEnginesTheCliLists() {
        Workflows.Workflow nightly = Workflows.named("nightly.yml");
        assertThat(nightly.job("shard").path("strategy").path("matrix").path("engine").asText())
                .isEqualTo("${{ fromJSON(needs.engines.outputs.ids) }}");
        assertThat(invocations()).anyMatch(inv -> inv.step().workflow().equals(nightly.file())
                && inv.step().job().equals("engines") && inv.args().equals(List.of("engines", "--json")));
        assertThat(nightly.job("report").path("if").asText()).contains("!cancelled()");
    }

    /**
     * download-artifact extracts a lone match of {@code pattern:} into {@code path} itself, and several matches into
     * {@code path/<name>/}: so every pattern download merges (merge-multiple), and the matched artifacts each hold
     * their
     * own directory, whatever their count (the workflow harness runs both cases).
     */
    @Test
    void patternDownloadsMergeArtifactsThatHoldTheirOwnDirectory() {
        List<Workflows.Step> downloads = Workflows.allSteps().stream()
                .filter(s -> s.uses().startsWith("actions/download-artifact@") && s.node().path("with").has("pattern"))
                .toList();
        assertThat(downloads).isNotEmpty().allSatisfy(s -> assertThat(s.node().path("with").path("merge-multiple")
                .asBoolean())
                .as(s + " downloads by pattern without merge-multiple: true").isTrue());
    }
}

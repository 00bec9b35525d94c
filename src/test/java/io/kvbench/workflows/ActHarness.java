package io.kvbench.workflows;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.infra.Directories;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Runs this repository's GitHub workflows for real, offline, with nektos/act in host mode: the jobs run on this
 * machine as they would on a self-hosted runner, with the actions the workflows pin (mapped to local folders), act's
 * own artifact and cache servers on loopback, a local bare repository as the git remote and {@link GitHubStandIn} as
 * GitHub's REST API (also as the HTTPS host of the origin remote's URL). Each scenario gets its own copy of the
 * repository under test (the project's files as they are in the work tree, committed to a fresh repository), its own
 * remote and artifacts; the scratch HOME with the tool cache (the machine's JDK 17 and Python, as a runner image has
 * them) is shared by all scenarios of one test run.
 *
 * <p>Where to find things: {@code KVBENCH_ACT} (act built by scripts/setup-act.sh), {@code KVBENCH_NODE24_BIN} (the
 * directory of Node 24, which the pinned actions need), {@code KVBENCH_ACTIONS_DIR} (the pinned actions, default
 * {@code ../shared/actions}); a workflow whose pinned action is not there is skipped, naming the missing folder.
 */
final class ActHarness implements AutoCloseable {

    static final String REPOSITORY = "kvbench/kvbench";
    static final String BASE_IMAGE = System.getenv().getOrDefault("KVBENCH_BASE_IMAGE", "kvbench-base:bookworm-jdk17");
    private static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final Path WORKFLOWS = PROJECT.resolve(".github/workflows");
    private static final Pattern USES = Pattern.compile("uses:\\s*([\\w.-]+/[\\w.-]+)@([0-9a-f]{40})");
    /**
     * act's "[<workflow name>/<job name>] ... Job succeeded|failed" (names padded; the workflow's may hold a slash).
     */
    private static final Pattern JOB_END = Pattern.compile("^\\[(.+?)\\]\\s+\\S*\\s*Job (succeeded|failed)");
    private static final Pattern WORKFLOW_NAME = Pattern.compile("(?m)^name:\\s*(.+?)\\s*$");
    private static final String COMMIT_DATE = "2026-11-20T00:00:00Z";
    private static final String TOOLS = System.getenv().getOrDefault("KVBENCH_TOOLS",
            Path.of(System.getProperty("user.home"), ".cache/kvbench/tools").toString());
    private static final AtomicLong RUN_IDS =
            new AtomicLong(7_000_000L + (System.currentTimeMillis() / 1000) % 100_000);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Pinned actions replaced by a stand-in (a folder of this package's resources), because they need GitHub. */
    private static final Map<String, String> STAND_IN_ACTIONS = Map.of("actions/setup-go", "setup-go");
    private static Path sharedHome;

    final Path dir;
    final Path repo;
    final Path remote;
    final Path artifacts;
    final GitHubStandIn github;
    /** The origin remote's URL: on the stand-in's HTTPS host (where create-pull-request looks for the API). */
    private final String origin;

    /** What one act invocation did; {@code jobs}: "success" or "failure" by job name, for the jobs that ran. */
    record Run(long id, int exitCode, String log, Map<String, String> jobs) {

        @Override
        public String toString() {
            return "act run " + id + " (exit " + exitCode + ", jobs " + jobs + ")";
        }
    }

    /** A scenario's scratch directory (emptied first), with its own copy of the repository under test and remote. */
    ActHarness(String scenario) throws IOException, InterruptedException, GeneralSecurityException {
        assumeTrue(act() != null, "workflow harness: set KVBENCH_ACT to act built by scripts/setup-act.sh"
                + " (scripts/test-workflows.sh does)");
        assumeTrue(node24() != null, "workflow harness: set KVBENCH_NODE24_BIN to Node 24's bin directory"
                + " (scripts/setup-act.sh installs it)");
        for (String missing : missingPins()) assumeTrue(false, "workflow harness: the pinned action folder " + missing
                + " is not there (a pin moved?): the workflows are not run");
        dir = PROJECT.resolve("target/workflow-runs").resolve(scenario);
        Directories.deleteRecursively(dir);
        Files.createDirectories(dir);
        artifacts = Files.createDirectories(dir.resolve("artifacts"));
        remote = dir.resolve("remote.git");
        repo = dir.resolve("repo");
        github = new GitHubStandIn(artifacts, dir.resolve("tls"));
        origin = "https://" + github.httpsHost() + "/" + REPOSITORY;
        home();
        copyWorkTree(repo);
        git(dir, "init", "--quiet", "--bare", "-b", "main", remote.toString());
        writeGitConfig();
        git(repo, "init", "--quiet", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "commit", "--quiet", "-m", "kvbench under test");
        git(repo, "remote", "add", "origin", origin);
        git(repo, "push", "--quiet", "origin", "main");
        git(repo, "fetch", "--quiet", "origin");
    }

    /** Runs one workflow of the repository under test for an event; {@code inputs} are workflow_dispatch inputs. */
    Run run(String workflow, String event, JsonNode payload, Map<String, String> inputs, List<String> extra)
            throws IOException, InterruptedException {
        return run(new Checkout(repo, REPOSITORY), workflow, event, withInputs(payload, inputs), extra);
    }

    /** A repository's work tree and its GitHub name (another repository's, for a caller of a reusable workflow). */
    record Checkout(Path dir, String name) {}

    private static JsonNode withInputs(JsonNode payload, Map<String, String> inputs) {
        // Dispatch inputs travel in the event, as on GitHub (act reads them from there, not from --input).
        if (inputs.isEmpty()) return payload;
        ObjectNode withInputs = ((ObjectNode) payload.deepCopy());
        inputs.forEach(withInputs.putObject("inputs")::put);
        return withInputs;
    }

    /** Runs one workflow of the repository {@code checkout} for an event; its artifacts and API are this harness's. */
    Run run(Checkout checkout, String workflow, String event, JsonNode payload, List<String> extra)
            throws IOException, InterruptedException {
        long id = RUN_IDS.incrementAndGet();
        Path eventFile = dir.resolve("event-" + id + ".json");
        JSON.writeValue(eventFile.toFile(), payload);
        List<String> cmd = new ArrayList<>(List.of(act().toString(), event, "-W", ".github/workflows/" + workflow,
                "-e", eventFile.toString(), "-P", "ubuntu-latest=-self-hosted", "--action-offline-mode",
                "--action-cache-path", home().resolve(".cache/act").toString(),
                "--artifact-server-path", artifacts.toString(), "--artifact-server-addr", "127.0.0.1",
                "--artifact-server-port", Integer.toString(freePort()),
                "--cache-server-addr", "127.0.0.1", "--cache-server-path", home().resolve(".cache/actcache").toString(),
                "--env", "GITHUB_RUN_ID=" + id, "--env", "GITHUB_API_URL=" + github.url(),
                "--env", "NODE_EXTRA_CA_CERTS=" + github.certificate(),
                "--env", "GITHUB_REPOSITORY=" + checkout.name(),
                "--var", "KVBENCH_BASE_IMAGE=" + BASE_IMAGE, "-s", "GITHUB_TOKEN=stand-in-token",
                // What this machine's runner environment needs for Testcontainers (../shared/ENVIRONMENT.md).
                "--env", "TESTCONTAINERS_RYUK_DISABLED=true", "--env", "TESTCONTAINERS_HOST_OVERRIDE=localhost",
                // One block at a time: act's artifact server appends the blocks of an upload as they arrive, so blocks
                // sent at once (upload-artifact's default, 5) can land out of order or interleaved in the zip.
                "--env", "ACTIONS_ARTIFACT_UPLOAD_CONCURRENCY=1",
                // The runner's own tool cache, as a self-hosted runner keeps it: CI's actionlint and Otava, installed
                // once by scripts/lint-workflows.sh and setup-otava.sh (.ci/run runs both before the harness).
                "--env", "KVBENCH_TOOLS=" + TOOLS,
                // No style check in the jobs' Maven builds: .ci/run's own mvn test checks these sources before.
                "--env", "MAVEN_OPTS=-Dcheckstyle.skip=true",
                // One job at a time: on GitHub each job has a runner of its own, here they share two cores.
                "--concurrent-jobs", "1"));
        for (Map.Entry<String, Path> pin : pins().entrySet()) {
            String action = pin.getKey().substring(0, pin.getKey().indexOf('@'));
            String standIn = STAND_IN_ACTIONS.get(action);
            Path folder = standIn != null ? home().resolve(standIn) : pin.getValue();
            cmd.addAll(List.of("--local-repository", pin.getKey() + "=" + folder));
        }
        cmd.addAll(extra);
        Path log = dir.resolve("act-" + id + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(checkout.dir().toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("HOME", home().toString());
        pb.environment().put("PATH", node24() + ":" + home().resolve("bin") + ":" + System.getenv("PATH"));
        Process p = pb.start();
        if (!p.waitFor(Duration.ofMinutes(25).toSeconds(), TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("act run " + id + " of " + workflow + " did not end in 25 minutes; log: " + log);
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        Path file = checkout.dir().resolve(".github/workflows").resolve(workflow);
        Matcher name = WORKFLOW_NAME.matcher(Files.readString(file));
        return new Run(id, p.exitValue(), text, jobs(text, name.find() ? name.group(1) : workflow));
    }

    /**
     * Job results by job name. A job of a called workflow is logged as "[caller job/called workflow/job]": it is
     * listed by its own name, as GitHub shows it under the caller's.
     */
    private static Map<String, String> jobs(String log, String workflowName) throws IOException {
        List<String> called = calledWorkflowNames();
        Map<String, String> jobs = new LinkedHashMap<>();
        for (String line : log.split("\n")) {
            Matcher m = JOB_END.matcher(line);
            if (!m.find()) continue;
            String label = m.group(1);
            String job = label.startsWith(workflowName + "/") ? label.substring(workflowName.length() + 1) : null;
            for (String name : called) {
                int at = label.indexOf("/" + name + "/");
                if (at >= 0) job = label.substring(at + name.length() + 2);
            }
            if (job == null) continue;
            String result = m.group(2).equals("succeeded") ? "success" : "failure";
            jobs.merge(job.strip(), result,
                    (a, b) -> a.equals("failure") || b.equals("failure") ? "failure" : "success");
        }
        return jobs;
    }

    /** The files of an artifact of a run, by path inside the artifact; fails when there is no such artifact. */
    Map<String, byte[]> artifact(long runId, String name) throws IOException {
        Path zip = artifacts.resolve(Long.toString(runId)).resolve(name).resolve(name + ".zip");
        if (!Files.isRegularFile(zip)) {
            throw new AssertionError("run " + runId + " uploaded no artifact '" + name + "'; has: "
                    + artifactNames(runId));
        }
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                if (!e.isDirectory()) files.put(e.getName(), in.readAllBytes());
            }
        }
        return files;
    }

    List<String> artifactNames(long runId) throws IOException {
        Path run = artifacts.resolve(Long.toString(runId));
        if (!Files.isDirectory(run)) return List.of();
        try (Stream<Path> s = Files.list(run)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The event of a workflow started by hand in this repository (its inputs are added by {@link #run}). */
    static ObjectNode dispatchEvent() {
        ObjectNode event = JSON.createObjectNode();
        event.putObject("repository").put("full_name", REPOSITORY).put("default_branch", "main");
        return event;
    }

    long nextRunId() {
        return RUN_IDS.get() + 1;
    }

    /** The output of a git command in the given directory (the remote is a bare repository: use --git-dir). */
    static String git(Path where, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(where.toFile()).redirectErrorStream(true);
        pb.environment().put("HOME", home().toString());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        // One date for every commit and tag: the same files make the same commit id in every scenario, so the first
        // commit of each is the one PrebuiltJar builds.
        pb.environment().put("GIT_AUTHOR_DATE", COMMIT_DATE);
        pb.environment().put("GIT_COMMITTER_DATE", COMMIT_DATE);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IOException("git " + String.join(" ", args) + " in " + where + ": " + out);
        return out;
    }

    /** The project's files as they are now (tracked and untracked, not ignored), so uncommitted work is what runs. */
    private static void copyWorkTree(Path to) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
                .directory(PROJECT.toFile());
        Process p = pb.start();
        String list = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IOException("git ls-files failed in " + PROJECT);
        for (String name : list.split("\0")) {
            if (name.isEmpty()) continue;
            Path from = PROJECT.resolve(name);
            if (!Files.isRegularFile(from)) continue;
            Path target = to.resolve(name);
            Files.createDirectories(target.getParent());
            Files.copy(from, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /**
     * The scratch HOME shared by the scenarios of this JVM: setup-java writes settings.xml and toolchains.xml there;
     * its tool cache holds the machine's JDK 17 and a virtual environment of the machine's Python, as a runner image
     * does, so that setup-java and setup-python find them offline; Maven's local repository is the machine's own, as
     * on a self-hosted runner; git rewrites the repository's GitHub URL to each scenario's bare remote.
     */
    static synchronized Path home() {
        if (sharedHome != null) return sharedHome;
        try {
            Path home = PROJECT.resolve("target/workflow-runs/home");
            Directories.deleteRecursively(home); // the links in it (JDK, Maven repository) are removed, not followed
            Path toolCache = Files.createDirectories(home.resolve(".cache/act/tool_cache"));
            String javaVersion = Runtime.version().toString().replaceAll("[+-].*", "");
            Path jdk = Files.createDirectories(toolCache.resolve("Java_Temurin-Hotspot_jdk").resolve(javaVersion));
            Files.createSymbolicLink(jdk.resolve("x64"), Path.of(System.getProperty("java.home")));
            Files.writeString(jdk.resolve("x64.complete"), "");
            String python = command("python3", "-c", "import platform; print(platform.python_version())").strip();
            Path py = Files.createDirectories(toolCache.resolve("Python").resolve(python));
            command("python3", "-m", "venv", py.resolve("x64").toString());
            Files.writeString(py.resolve("x64.complete"), "");
            Path m2 = Files.createDirectories(home.resolve(".m2"));
            Files.createSymbolicLink(m2.resolve("repository"),
                    Path.of(System.getProperty("user.home"), ".m2", "repository"));
            Path bin = Files.createDirectories(home.resolve("bin"));
            for (String stub : List.of("gh")) {
                try (InputStream in = ActHarness.class.getResourceAsStream(stub)) {
                    Files.copy(in, bin.resolve(stub));
                }
                bin.resolve(stub).toFile().setExecutable(true);
            }
            for (String action : STAND_IN_ACTIONS.values()) {
                Path folder = Files.createDirectories(home.resolve(action));
                try (InputStream in = ActHarness.class.getResourceAsStream(action + "/action.yml")) {
                    Files.copy(in, folder.resolve("action.yml"));
                }
            }
            sharedHome = home;
            return home;
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(
                    "workflow harness: could not prepare the scratch HOME: " + e.getMessage(), e);
        }
    }

    /**
     * The scratch HOME's git configuration for this scenario: an identity for commits, and the repository's GitHub URL
     * pointed at this scenario's bare remote (for git in the jobs and in the test), replacing the previous scenario's.
     */
    private void writeGitConfig() throws IOException {
        Files.writeString(home().resolve(".gitconfig"), """
                [user]
                \tname = kvbench workflow harness
                \temail = harness@kvbench.invalid
                [url "%s"]
                \tinsteadOf = %s
                """.formatted(remote.toUri(), origin));
    }

    /** The output of a command; its failure is an IOException with the output. */
    static String command(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IOException(String.join(" ", cmd) + ": " + out);
        return out;
    }

    static Path act() {
        String act = System.getenv("KVBENCH_ACT");
        return act == null || !Files.isExecutable(Path.of(act)) ? null : Path.of(act);
    }

    static Path node24() {
        String bin = System.getenv("KVBENCH_NODE24_BIN");
        return bin == null || !Files.isExecutable(Path.of(bin, "node")) ? null : Path.of(bin);
    }

    static Path actionsDir() {
        String dir = System.getenv("KVBENCH_ACTIONS_DIR");
        return dir != null ? Path.of(dir) : PROJECT.resolveSibling("shared").resolve("actions");
    }

    /** The names of this repository's reusable workflows ({@code on: workflow_call}). */
    private static List<String> calledWorkflowNames() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(WORKFLOWS)) {
            for (Path file : files.sorted().toList()) {
                String text = Files.readString(file);
                Matcher name = WORKFLOW_NAME.matcher(text);
                if (text.contains("\n  workflow_call:") && name.find()) names.add(name.group(1));
            }
        }
        return names;
    }

    /** Every action the workflows pin, mapped to its local folder {@code <owner>-<repo>@<sha>}. */
    static Map<String, Path> pins() throws IOException {
        Map<String, Path> pins = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(WORKFLOWS)) {
            for (Path file : files.sorted().toList()) {
                Matcher m = USES.matcher(Files.readString(file));
                while (m.find()) pins.put(m.group(1) + "@" + m.group(2),
                        actionsDir().resolve(m.group(1).replace('/', '-') + "@" + m.group(2)));
            }
        }
        return pins;
    }

    static Set<String> missingPins() throws IOException {
        Set<String> missing = new LinkedHashSet<>();
        for (Path folder : pins().values()) if (!Files.isDirectory(folder)) missing.add(folder.toString());
        return missing;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        github.close();
    }
}

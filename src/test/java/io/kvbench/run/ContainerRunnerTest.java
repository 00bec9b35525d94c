package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Event;
import io.kvbench.SharedResources;
import io.kvbench.infra.DockerEngine;
import io.kvbench.infra.GitRevision;
import io.kvbench.infra.KvbenchContainer;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.task.ContainerResources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Real benchmarks in real containers (Docker through Testcontainers, no mocks): results come back with the runner and
 * the resources recorded, an OOM kill is an infrastructure error, and no container is left behind, also after an
 * interrupt or a Ctrl-C. Skipped, saying why, where no Docker engine answers (scripts/setup-docker.sh provides one).
 * The class runs beside the host-bound test classes, never beside another Docker user, its tests one at a time (they
 * count containers).
 */
@Tag("container")
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(SharedResources.DOCKER)
@Order(4)
class ContainerRunnerTest {

    private static final AtomicBoolean SAID_WHY = new AtomicBoolean();
    static final String TINY = Path.of("src/test/resources/tiny-profile.json").toAbsolutePath().toString();

    @TempDir
    Path tmp;

    /** Per test, not @BeforeAll: surefire reports each test as skipped, with this reason, instead of running none. */
    @BeforeEach
    void needsDocker() {
        Optional<String> unavailable = ContainerRunner.dockerAvailable();
        String why = "container tests skipped: Docker not available (" + unavailable.orElse("") + ")";
        // the console shows only a count of skipped tests: say why once
        if (unavailable.isPresent() && !SAID_WHY.getAndSet(true)) System.out.println(why);
        Assumptions.assumeTrue(unavailable.isEmpty(), why);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void runsEachEnginesBenchmarksInOneContainerAndRecordsTheResources() throws Exception {
        long containersBefore = containers(SELF);
        Path out = tmp.resolve("run");
        RunPlan plan = RunPlan.of(List.of("rocksdb", "chronicle-map"), List.of("ycsb-c", "tc-random-read"), TINY, out);

        long since = System.currentTimeMillis() / 1000;
        RunResults results = RunLoop.run(new ContainerRunner(ContainerResources.load("one-core")), plan, progress(plan),
                partial -> ResultsJson.write(out.resolve("partial.json"), partial));

        assertThat(created(SELF, since)).as("containers created for 2 engines x 2 workloads").isEqualTo(2);
        assertThat(results.complete()).isTrue();
        assertThat(results.runner()).isEqualTo("container");
        assertThat(results.machine().cores()).isEqualTo(1);
        assertThat(results.results()).hasSize(4).allSatisfy(r -> {
            assertThat(r.status()).as(r.key() + ": " + r.reason()).isEqualTo(Status.OK);
            assertThat(r.samples()).hasSize(4).allSatisfy(s -> assertThat(s).isPositive());
            assertThat(r.context().runner()).isEqualTo("container");
            assertThat(r.context().gitRevision()).isEqualTo(GitRevision.current());
            assertThat(r.context().machine().cores()).isEqualTo(1);
            assertThat(r.context().resources())
                    .containsEntry("name", "one-core").containsEntry("cpus", "1").containsEntry("gc", "SerialGC")
                    .containsEntry("heap", "256m").containsEntry("memory", "2816m").containsEntry("network", "none")
                    .containsKeys("cpuset", "image", "baseImage", "baseImageId");
            assertThat(r.context().resources().get("image")).startsWith("kvbench-runtime:");
        });
        assertThat(ResultsJson.read(out.resolve("partial.json")).results()).hasSize(4);
        RunLayout layout = new RunLayout(out);
        assertThat(layout.jmhResults()).isNotEmptyFile();
        assertThat(Files.readString(layout.jmhLog())).contains("-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1");
        assertThat(layout.containers()).doesNotExist();
        assertThat(layout.failureLog("rocksdb-ycsb-c").getParent()).doesNotExist();
        assertThat(containers(SELF)).isEqualTo(containersBefore);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void twoDuetSidesRunAtOnceOnTheirOwnCoresWithTheirIterationsLinedUp() throws Exception {
        Assumptions.assumeTrue(ContainerRunner.dockerCpus() >= 2, "a duet needs two CPUs; this Docker host has one");
        // Relative to the working directory, as `interleave --out ab/ab-rocksdb` makes it (Docker refuses a relative
        // bind source: the runner must mount it by its absolute path).
        Path barrier = Path.of("").toAbsolutePath().relativize(Files.createDirectories(tmp.resolve("barrier")));
        ContainerRunner oneCore = new ContainerRunner(ContainerResources.load("one-core"));
        assertThatThrownBy(() -> oneCore.inDuet(new DuetSlot("0-1", barrier, "A", "B")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cpuset 0-1 has 2 CPUs where resource profile one-core gives a benchmark 1");

        // A pass workload and an operations workload: both kinds of iteration wait at the barrier.
        List<String> workloads = List.of("tc-random-read", "ycsb-c");
        ExecutorService both = Executors.newFixedThreadPool(2);
        try {
            Future<RunResults> a = both.submit(() -> RunLoop.run(oneCore.inDuet(new DuetSlot("0", barrier, "A", "B"))
                    .orElseThrow(), RunPlan.of(List.of("rocksdb"), workloads, TINY, tmp.resolve("a")),
                    new Progress(System.out, 2), partial -> { }));
            Future<RunResults> b = both.submit(() -> RunLoop.run(oneCore.inDuet(new DuetSlot("1", barrier, "B", "A"))
                    .orElseThrow(), RunPlan.of(List.of("rocksdb"), workloads, TINY, tmp.resolve("b")),
                    new Progress(System.out, 2), partial -> { }));
            assertThat(a.get(5, TimeUnit.MINUTES).results()).hasSize(2).allSatisfy(r -> {
                assertThat(r.status()).as(r.reason()).isEqualTo(Status.OK);
                assertThat(r.context().resources()).containsEntry("cpuset", "0").containsEntry("cpus", "1");
                assertThat(r.context().resources().get("jvmFlags")).contains("-Dkvbench.duet.sides=A,B");
            });
            assertThat(b.get(5, TimeUnit.MINUTES).results()).hasSize(2).allSatisfy(r -> {
                assertThat(r.status()).as(r.reason()).isEqualTo(Status.OK);
                assertThat(r.context().resources()).containsEntry("cpuset", "1");
            });
        } finally {
            both.shutdownNow();
        }
        try (var files = Files.list(barrier)) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            assertThat(names).as("no side gave up waiting").doesNotContain("abandoned");
            for (String workload : workloads) {
                long ofA = names.stream().filter(n -> n.startsWith("rocksdb-" + workload + ".A.")).count();
                long ofB = names.stream().filter(n -> n.startsWith("rocksdb-" + workload + ".B.")).count();
                assertThat(ofA).as(workload + ": every iteration of every fork announced").isPositive().isEqualTo(ofB);
            }
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void anOomKillIsAnInfrastructureError() throws Exception {
        long containersBefore = containers(SELF);
        Path out = tmp.resolve("oom");
        ContainerResources tooSmall =
                ContainerResources.load(Path.of("src/test/resources/oom-resources.json").toString());

        RunPlan plan = RunPlan.of(List.of("rocksdb"), List.of("ycsb-c"), TINY, out);
        RunResults results = RunLoop.run(new ContainerRunner(tooSmall), plan, progress(plan), partial -> { });

        BenchmarkResult r = results.results().get(0);
        assertThat(r.status()).isEqualTo(Status.ERROR);
        assertThat(r.kind()).isEqualTo(FailureKind.INFRASTRUCTURE);
        assertThat(r.reason()).startsWith("infrastructure: ").contains("OOM").contains("128m");
        assertThat(r.context().runner()).isEqualTo("container");
        assertThat(new RunLayout(out).failureLog("rocksdb-ycsb-c")).isNotEmptyFile();
        assertThat(containers(SELF)).isEqualTo(containersBefore);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aFullDiskIsAnInfrastructureError() throws Exception {
        // A real full file system: a 1 MiB tmpfs as the data directory (tmpfs only to be small and real; measurements
        // never use tmpfs). Needs root, as scripts/setup-docker.sh does; skipped, saying why, where mounting is
        // refused.
        Path full = Files.createDirectories(tmp.resolve("full"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "kvbench-full-disk",
                full.toString()).redirectErrorStream(true).start();
        String mountOutput = new String(mount.getInputStream().readAllBytes());
        Assumptions.assumeTrue(mount.waitFor() == 0,
                "cannot mount a 1 MiB tmpfs to fill (" + mountOutput.strip() + ")");
        try {
            long containersBefore = containers(SELF);
            Path out = tmp.resolve("full-disk");
            // ycsb-c preloads 2,000 records of 1,000 bytes: 2 MB into a 1 MiB file system.
            RunPlan defaults = RunPlan.of(List.of("rocksdb"), List.of("ycsb-c"), TINY, out);
            RunPlan plan = new RunPlan(defaults.engines(), defaults.workloads(), defaults.profile(), out, full);
            RunResults results = RunLoop.run(new ContainerRunner(ContainerResources.load("one-core")), plan,
                    progress(plan), partial -> { });

            BenchmarkResult r = results.results().get(0);
            assertThat(r.status()).isEqualTo(Status.ERROR);
            assertThat(r.kind()).isEqualTo(FailureKind.INFRASTRUCTURE);
            assertThat(r.reason()).startsWith("infrastructure: disk full");
            assertThat(containers(SELF)).isEqualTo(containersBefore);
        } finally {
            new ProcessBuilder("umount", full.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void anInterruptedRunRemovesItsContainer() throws Exception {
        Path out = tmp.resolve("interrupted");
        RunPlan plan = RunPlan.of(List.of("rocksdb"), List.of("ycsb-c", "ycsb-b"), TINY, out);
        AtomicReference<RunResults> results = new AtomicReference<>();
        Path partial = out.resolve("partial.json");
        Thread run = new Thread(() -> results.set(RunLoop.run(new ContainerRunner(ContainerResources.load("one-core")),
                plan, progress(plan), p -> ResultsJson.write(partial, p))));
        run.start();
        await().atMost(Duration.ofSeconds(60)).until(() -> containers(SELF) > 0);

        run.interrupt();

        run.join(Duration.ofSeconds(30).toMillis());
        assertThat(run.isAlive()).isFalse();
        assertThat(results.get().complete()).isFalse();
        assertThat(results.get().results()).hasSize(1);
        assertThat(results.get().results().get(0).reason()).isEqualTo("interrupted");
        assertThat(ResultsJson.read(partial).complete()).isFalse(); // the checkpoint still writes after an interrupt
        assertThat(containers(SELF)).isZero();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void ctrlCRemovesTheRunningContainer() throws Exception {
        Path log = tmp.resolve("kvbench.log");
        Process process = RunnerChoiceTest.start(Map.of(), log, "run", "--runner", "container", "--profile", TINY,
                "--engines", "rocksdb", "--workloads", "ycsb-c,ycsb-b", "--out", tmp.resolve("out").toString());
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> containers(process.pid()) > 0);
            process.destroy(); // SIGTERM: the JVM runs its shutdown hooks, as on Ctrl-C
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();
            await().atMost(Duration.ofSeconds(10)).until(() -> containers(process.pid()) == 0);
        } finally {
            process.destroyForcibly();
        }
    }

    /** This JVM's process id: the owner of the containers its runners start. */
    private static final long SELF = ProcessHandle.current().pid();

    /**
     * The containers (running or not, docker ps -a) that the kvbench process {@code ownerPid} started: another kvbench
     * on the same Docker engine (a second test run, a benchmark) does not change the count.
     */
    static long containers(long ownerPid) {
        DockerClient client = DockerEngine.client();
        return client.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(KvbenchContainer.OWNER_LABEL, Long.toString(ownerPid))).exec().size();
    }

    /** How many containers the kvbench process {@code ownerPid} created since {@code since} (epoch seconds). */
    static long created(long ownerPid, long since) throws InterruptedException {
        List<Event> events = new ArrayList<>();
        DockerEngine.client().eventsCmd().withSince(Long.toString(since))
                .withUntil(Long.toString(System.currentTimeMillis() / 1000 + 1))
                .withLabelFilter(Map.of(KvbenchContainer.OWNER_LABEL, Long.toString(ownerPid)))
                .withEventFilter("create").exec(new ResultCallback.Adapter<Event>() {
                    @Override
                    public void onNext(Event event) {
                        events.add(event);
                    }
                }).awaitCompletion(30, TimeUnit.SECONDS);
        return events.size();
    }

    /** Progress lines go to the test log; each benchmark's line shows its container's start-to-result time. */
    private static Progress progress(RunPlan plan) {
        return new Progress(System.out, plan.size());
    }
}

package io.kvbench.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.engine.Engines;
import io.kvbench.infra.Directories;
import io.kvbench.infra.JavaCommand;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash loop with real writer processes and real SIGKILLs (local child JVMs), and damage done to the store between
 * a kill and the reopen, as a forgetful or corrupting engine would: the loop must report it, keep the directory and the
 * ledgers, and say how to replay it. Proves that the crash tests can fail.
 */
@Tag("fork")
class CrashLoopTest {

    private static final String ENGINE = "naive-properties"; // fast to start, writes a file per flush

    @TempDir
    Path work;

    @Test
    void aStoreThatForgetsEverythingAfterAKillBreaksItsPromise() throws Exception {
        EngineCrashResult result = run(store -> deleteContents(store));
        assertThat(result.verdict()).isEqualTo(Verdict.BROKEN_PROMISE);
        assertThat(result.counts().damage().lost()).isPositive();
        assertThat(result.kind()).isEqualTo(FailureKind.DATA_LOSS);
        assertThat(result.reason()).contains("keys lost acknowledged writes");
        assertThat(result.judgement().examples()).isNotEmpty().allMatch(e -> e.startsWith("key "));
        assertThat(result.replay().reproduce()).contains("--engines " + ENGINE, "--seed 11");
        Path kept = Path.of(result.replay().keptDirectory());
        assertThat(kept.resolve(CrashLoop.LEDGERS_DIR))
                .isDirectoryContaining(p -> p.getFileName().toString().endsWith("-killed.log"));
        assertThat(result.failed()).isTrue();
    }

    @Test
    void aStoreThatCannotBeReopenedBreaksItsPromise() throws Exception {
        EngineCrashResult result = run(CrashLoopTest::replaceWithAFile);
        assertThat(result.verdict()).isEqualTo(Verdict.BROKEN_PROMISE);
        assertThat(result.counts().damage().unopenable()).isEqualTo(1);
        assertThat(result.kind()).isEqualTo(FailureKind.UNOPENABLE);
        assertThat(result.reason()).startsWith("unopenable after the kill of cycle 2");
    }

    @Test
    void anUndamagedStorePasses() throws Exception {
        EngineCrashResult result = run(store -> { });
        assertThat(result.verdict()).as(result.reason()).isEqualTo(Verdict.PASS);
        assertThat(result.counts().cycles()).isEqualTo(3);
        assertThat(result.kind()).isNull();
        assertThat(result.counts().acknowledged()).isPositive();
        assertThat(result.replay().keptDirectory()).isNull();
        assertThat(work.resolve(ENGINE)).doesNotExist();
    }

    @Test
    void aWriterWhoseJvmDoesNotStartIsTheMachinesFailureNotTheEngines() throws Exception {
        // as when the disk is full or memory short: the JVM exits before the writer prints anything
        WriterLauncher broken = new WriterLauncher() {
            @Override
            public String name() {
                return LocalWriters.NAME;
            }

            @Override
            public WriterProcess start(String name, List<String> args, Path dir) {
                return LocalWriters.launch(name, JavaCommand.here().flags(List.of("-XX:+KvbenchNoSuchOption"))
                        .main(CrashWriter.class.getName(), args).build());
            }
        };
        CrashLoop loop = new CrashLoop(Engines.byId(ENGINE), broken,
                new CrashLoop.Settings(3, 11, Duration.ofMillis(400), work, Fault.PROCESS_KILL), System.out::println);
        EngineCrashResult result = loop.run();
        assertThat(result.verdict()).isEqualTo(Verdict.ERROR);
        assertThat(result.kind()).isEqualTo(FailureKind.INFRASTRUCTURE);
        assertThat(result.reason()).contains("did not start (exit 1)", "KvbenchNoSuchOption");
        assertThat(result.counts().damage().unopenable()).isZero();
    }

    /** Three kills; {@code damage} is done to the store directory after the second kill. */
    private EngineCrashResult run(Consumer<Path> damage) throws InterruptedException {
        WriterLauncher damaging = new DamagingWriters((started, args) -> started == 2, damage);
        // Kill delays of 300-400 ms: long enough for acknowledged writes and flushes in every cycle.
        CrashLoop loop = new CrashLoop(Engines.byId(ENGINE), damaging,
                new CrashLoop.Settings(3, 11, Duration.ofMillis(400), work, Fault.PROCESS_KILL), System.out::println);
        return loop.run();
    }

    private static void deleteContents(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) Directories.deleteRecursively(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The store directory becomes a file: no engine opens that. */
    private static void replaceWithAFile(Path dir) {
        try {
            Directories.deleteRecursively(dir);
            Files.writeString(dir, "this is not a store\n");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}

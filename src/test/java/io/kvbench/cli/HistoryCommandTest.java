package io.kvbench.cli;

import static io.kvbench.fixtures.Fixtures.MACHINE_CLASS;
import static io.kvbench.fixtures.Fixtures.PROFILE;
import static io.kvbench.fixtures.HistoryFixtures.commit;
import static io.kvbench.fixtures.HistoryFixtures.night;
import static io.kvbench.fixtures.HistoryFixtures.result;
import static io.kvbench.fixtures.HistoryFixtures.run;
import static io.kvbench.fixtures.HistoryFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kvbench history append and compare --history through the real command line, on constructed runs. */
class HistoryCommandTest {

    @TempDir
    Path tmp;

    /** Appends nights 0..n-1 of rocksdb / ycsb-c around 1000 ops/s, each from its own results directory. */
    private Path history(int nights) throws Exception {
        Path history = tmp.resolve("history");
        for (int i = 0; i < nights; i++) {
            Path dir = write(tmp.resolve("night" + i), run(night(i),
                    result("rocksdb", "ycsb-c", MACHINE_CLASS, 10 + i, 1000)));
            CliRun append = CliRun.of("history", "append", "--results", dir.toString(), "--history", history.toString(),
                    "--commit", commit(i));
            assertThat(append.exitCode()).as(append.err()).isZero();
        }
        return history;
    }

    private CliRun compare(Path history, double mean) throws Exception {
        Path run = write(tmp.resolve("tonight"), run(night(99), result("rocksdb", "ycsb-c", MACHINE_CLASS, 77, mean)));
        return CliRun.of("compare", "--results", run.toString(), "--history", history.toString(), "--nights", "5");
    }

    @Test
    void appendIsIdempotentPerNight() throws Exception {
        Path history = history(1);
        Path night0 = tmp.resolve("night0");
        CliRun again = CliRun.of("history", "append", "--results", night0.toString(), "--history", history.toString(),
                "--commit", commit(0));
        assertThat(again.exitCode()).isZero();
        Path file = history.resolve(PROFILE).resolve(MACHINE_CLASS).resolve("rocksdb").resolve("ycsb-c.jsonl");
        assertThat(Files.readAllLines(file)).hasSize(1);
        CliRun retimed = CliRun.of("history", "append", "--results", night0.toString(), "--history", history.toString(),
                "--commit", commit(0), "--time", night(0));
        assertThat(retimed.exitCode()).isZero();
        assertThat(Files.readAllLines(file)).as("--time equal to startedAt names the same night").hasSize(1);
    }

    @Test
    void aTwentyPercentDropAgainstFivePooledNightsIsARegression() throws Exception {
        CliRun drop = compare(history(5), 800);
        assertThat(drop.exitCode()).as(drop.out() + drop.err()).isEqualTo(ExitCode.FAILED.code());
        assertThat(drop.out()).containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+REGRESSION\\s+");
        assertThat(Files.readString(tmp.resolve("tonight").resolve("comparison.md"))).contains("history");
    }

    @Test
    void anUnchangedNightPasses() throws Exception {
        CliRun same = compare(history(5), 1000);
        assertThat(same.exitCode()).as(same.out() + same.err()).isZero();
        assertThat(same.out()).containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+PASS\\s+");
    }

    @Test
    void twoNightsAreNotJudgedAndTheNoteSaysWhy() throws Exception {
        CliRun few = compare(history(2), 500);
        assertThat(few.exitCode()).as(few.out() + few.err()).isZero();
        assertThat(few.out()).containsPattern("(?m)^rocksdb\\s+ycsb-c\\s+NOT_COMPARED\\s+")
                .contains("throughput not compared: history has 2 nights of class " + MACHINE_CLASS
                + "; the gate needs 3");
    }

    @Test
    void badInputExitsTwo() throws Exception {
        Path history = history(1);
        CliRun missing = CliRun.of("compare", "--results", tmp.resolve("night0").toString(), "--history",
                tmp.resolve("typo").toString());
        assertThat(missing.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(missing.err()).contains("typo").contains("does not exist");
        CliRun nights = CliRun.of("gate", "--runner", "local", "--history", history.toString(), "--nights", "2");
        assertThat(nights.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(nights.err()).contains("--nights must be >= 3");
        CliRun badTime = CliRun.of("history", "append", "--results", tmp.resolve("night0").toString(), "--history",
                history.toString(), "--commit", "abc", "--time", "yesterday");
        assertThat(badTime.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
    }

    @Test
    void changesWithoutOtavaIsAnInfrastructureErrorThatSaysHowToInstallIt() throws Exception {
        Path history = history(1);
        CliRun none = CliRun.of("history", "changes", "--history", history.toString(), "--out", tmp.resolve("changes")
                .toString(),
                "--otava", tmp.resolve("no-such-otava").toString());
        assertThat(none.exitCode()).isEqualTo(ExitCode.INFRASTRUCTURE.code());
        assertThat(none.err()).contains("Apache Otava not found").contains("pip install apache-otava");
    }
}

package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.kvbench.calibration.AbFigures;
import io.kvbench.calibration.AbSessions;
import io.kvbench.input.InputException;
import io.kvbench.judge.SequentialTest;
import io.kvbench.result.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An A/B campaign's sessions summed up: counts with their exact (Clopper-Pearson) intervals, medians of spread, rounds
 * and minutes, the pooled rows; and a sessions file that is not one is refused naming the field.
 */
class AbSessionsMarkdownTest {

    @TempDir
    Path tmp;

    /** 20 unchanged sessions, none alarmed; 20 with 10 % injected, 19 caught; spreads 1 to 20 per mille. */
    private static AbSessions campaign() {
        List<AbSessions.Session> sessions = new ArrayList<>();
        AbSessions.Level none = new AbSessions.Level(0, 0);
        AbSessions.Level ten = new AbSessions.Level(0.10, 800);
        for (int i = 1; i <= 20; i++) {
            sessions.add(new AbSessions.Session("rocksdb", "ycsb-c", none, new AbSessions.Outcome(Verdict.PASS,
                    4 + i % 3, 1.0 + i / 10.0, i / 1000.0, 0.001, 0.05), "2026-11-26T03:00:00Z"));
            Verdict caught = i == 7 ? Verdict.PASS : Verdict.REGRESSION;
            sessions.add(new AbSessions.Session("rocksdb", "ycsb-c", ten, new AbSessions.Outcome(caught, 4, 1.5,
                    i / 1000.0, 0.095, caught == Verdict.PASS ? 0.12 : Double.NaN), "2026-11-26T03:00:00Z"));
        }
        AbSessions.Sizing sizing = new AbSessions.Sizing("rocksdb", "ycsb-c", 7200, List.of(ten));
        return new AbSessions(AbSessions.SCHEMA_VERSION, new AbSessions.Conditions("ci", "container",
                "sequential test", "amd-epyc-f26-m2-s1-1c-4g", "2026-11-26T02:00:00Z"), List.of(sizing), sessions,
                true);
    }

    @Test
    void falseAlarmsAndDetectionsCarryExactIntervals() {
        List<AbFigures> rows = AbFigures.of(campaign());
        assertThat(rows).hasSize(2);
        AbFigures unchanged = rows.get(0);
        assertThat(unchanged.slowdown()).isZero();
        assertThat(unchanged.regressions().withInterval()).as("0 of 20: below 1 - 0.025^(1/20)")
                .isEqualTo("0/20 (95 % CI 0-17 %)");
        assertThat(unchanged.spread().median()).isCloseTo(0.0105, within(1e-12));
        assertThat(unchanged.spread().max()).isCloseTo(0.020, within(1e-12));
        assertThat(unchanged.costs().maxRounds()).isEqualTo(6);
        assertThat(unchanged.effect().resolution()).isCloseTo(0.05, within(1e-12));
        AbFigures injected = rows.get(1);
        assertThat(injected.regressions().withInterval()).isEqualTo("19/20 (95 % CI 75-100 %)");
        assertThat(injected.effect().resolution()).as("only the pass states one").isCloseTo(0.12, within(1e-12));

        String md = AbSessionsMarkdown.markdown(campaign(), SequentialTest.withDefaults(0.01, 0.05));
        assertThat(md).contains("machine class `amd-epyc-f26-m2-s1-1c-4g`; 40 sessions.")
                .contains("rocksdb / ycsb-c 7200 ns per operation (10.0 % = 800 ns)")
                .contains("| rocksdb | ycsb-c | none | 20 | false alarms 0/20 (95 % CI 0-17 %) | - |")
                .contains("| rocksdb | ycsb-c | 10.0 % | 20 | caught 19/20 (95 % CI 75-100 %) | +9.5 % |")
                .contains("| **all** | all | none | 20 |");
    }

    @Test
    void aSessionsFileWithAnImpossibleSlowdownIsRefusedNamingTheField() throws Exception {
        Path file = tmp.resolve(AbSessions.FILE);
        campaign().write(file);
        assertThat(AbSessions.read(file).sessions()).hasSize(40);
        Files.writeString(file, Files.readString(file).replaceAll("\"slowdown\" : 0\\.1,", "\"slowdown\" : 1.5,"));
        assertThatThrownBy(() -> AbSessions.read(file)).isInstanceOf(InputException.class)
                .hasMessageContaining("sessions[1].slowdown");
    }
}

package io.kvbench.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.infra.InfrastructureException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading Otava's JSON output without Otava: what kvbench relies on, and what it refuses. */
class HistoryOtavaParseTest {

    private static Otava.Input series(String id, int nights) {
        List<Otava.Point> points = new ArrayList<>();
        Instant t = Instant.parse("2026-01-01T02:00:00Z");
        for (int i = 0; i < nights; i++) points.add(new Otava.Point(t.plus(Duration.ofDays(i)), "c" + i, 1000));
        return new Otava.Input(id, points);
    }

    @Test
    void readsOneObjectPerSeriesAndIgnoresEverythingElse() throws Exception {
        Otava.Input a = series("series0", 40);
        long night20 = a.points().get(20).time().getEpochSecond();
        List<String> out = List.of("INFO: Computing change points for test series0...",
                "{\"series0\": [{\"time\": " + night20
                        + ", \"attributes\": {\"commit\": \"c20\"}, \"changes\": [{\"metric\": "
                        + "\"score\", \"index\": 17, \"time\": " + night20 + ", \"forward_change_percent\": \"-14\", "
                        + "\"mean_before\": \"1000.0\", \"mean_after\": \"850.0\", \"pvalue\": \"0.000010\"}]}]}",
                "{\"series1\": []}");
        List<Otava.Found> found = Otava.parse(out, List.of(a, series("series1", 3)));
        assertThat(found).singleElement().satisfies(f -> {
            assertThat(f.index()).as("located by its time, not Otava's index").isEqualTo(20);
            assertThat(f.shiftPercent()).isCloseTo(-15.0, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(f.pValue()).isEqualTo(0.00001);
        });
    }

    @Test
    void aSeriesOtavaDidNotAnswerIsAnInfrastructureError() {
        assertThatThrownBy(() -> Otava.parse(List.of("{\"series0\": []}"),
                List.of(series("series0", 5), series("series1", 5))))
                .isInstanceOf(InfrastructureException.class).hasMessageContaining("series1");
    }

    @Test
    void theCommandComesFromTheOptionThenTheEnvironmentThenThePath() {
        assertThatThrownBy(() -> Otava.resolve(null, Map.of("PATH", "/nonexistent")))
                .isInstanceOf(InfrastructureException.class).hasMessageContaining("pip install apache-otava");
        assertThatThrownBy(() -> Otava.resolve(null, Map.of(Otava.ENV, "/no/such/otava")))
                .hasMessageContaining("/no/such/otava").hasMessageContaining(Otava.ENV);
        assertThat(Otava.resolve("/bin/sh -c true", Map.of(Otava.ENV, "/no/such/otava")).command())
                .containsExactly("/bin/sh", "-c", "true");
    }
}

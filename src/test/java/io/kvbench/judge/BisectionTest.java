package io.kvbench.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.judge.Bisection.End;
import io.kvbench.judge.Bisection.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The search with a scripted A/B: each version's outcome given, every judgement recorded. */
class BisectionTest {

    private static final List<String> VERSIONS = List.of("1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7");

    /** Bad from {@code firstBad} on, good before it; the versions in {@code script} as it says. */
    private static final class Scripted implements Bisection.Judge<String> {
        final List<String> asked = new ArrayList<>();
        private final String firstBad;
        private final Map<String, Outcome> script;

        Scripted(String firstBad, Map<String, Outcome> script) {
            this.firstBad = firstBad;
            this.script = script;
        }

        @Override
        public Bisection.Judgement<String> judge(String version) {
            asked.add(version);
            Outcome outcome = script.getOrDefault(version, VERSIONS.indexOf(version) >= VERSIONS.indexOf(firstBad)
                    ? Outcome.REGRESSION : Outcome.NO_REGRESSION);
            return new Bisection.Judgement<>(outcome, "session of " + version);
        }
    }

    private static Bisection.Result<String> run(Scripted judge) throws IOException {
        return Bisection.run(VERSIONS, judge);
    }

    @Test
    void theFirstBadVersionInTheMiddleIsFoundInLogarithmicSteps() throws IOException {
        Scripted judge = new Scripted("1.4", Map.of());
        Bisection.Result<String> result = run(judge);
        assertThat(result.end()).isEqualTo(End.FOUND);
        assertThat(result.firstBad()).isEqualTo("1.4");
        assertThat(result.lastGood()).isEqualTo("1.3");
        assertThat(result.candidates()).containsExactly("1.4");
        assertThat(judge.asked).as("the bad end first, then halves").containsExactly("1.7", "1.3", "1.5", "1.4");
        assertThat(result.steps()).extracting(Bisection.Step::detail).containsExactly("session of 1.7",
                "session of 1.3", "session of 1.5", "session of 1.4");
    }

    @Test
    void theFirstBadVersionAtEitherEndIsFound() throws IOException {
        Bisection.Result<String> right = run(new Scripted("1.7", Map.of()));
        assertThat(right.end()).isEqualTo(End.FOUND);
        assertThat(right.firstBad()).isEqualTo("1.7");
        assertThat(right.lastGood()).isEqualTo("1.6");
        Bisection.Result<String> left = run(new Scripted("1.1", Map.of()));
        assertThat(left.end()).isEqualTo(End.FOUND);
        assertThat(left.firstBad()).isEqualTo("1.1");
        assertThat(left.lastGood()).isEqualTo("1.0");
    }

    @Test
    void anUndecidedStepStopsTheSearchWithTheRangeLeft() throws IOException {
        Scripted judge = new Scripted("1.6", Map.of("1.5", Outcome.UNDECIDED));
        Bisection.Result<String> result = run(judge);
        assertThat(result.end()).isEqualTo(End.UNDECIDED);
        assertThat(judge.asked).containsExactly("1.7", "1.3", "1.5");
        assertThat(result.lastGood()).isEqualTo("1.3");
        assertThat(result.firstBad()).as("the earliest known bad, not a guess").isEqualTo("1.7");
        assertThat(result.candidates()).containsExactly("1.4", "1.5", "1.6", "1.7");
    }

    @Test
    void aFailedStepStopsTheSearchToo() throws IOException {
        Bisection.Result<String> result = run(new Scripted("1.6", Map.of("1.3", Outcome.FAILED)));
        assertThat(result.end()).isEqualTo(End.FAILED);
        assertThat(result.candidates()).containsExactly(VERSIONS.subList(1, 8).toArray(String[]::new));
    }

    @Test
    void aVersionThatDoesNotLinkIsSkippedForItsNeighbourAndNamed() throws IOException {
        Scripted judge = new Scripted("1.4", Map.of("1.3", Outcome.SKIPPED));
        Bisection.Result<String> result = run(judge);
        assertThat(judge.asked).as("1.3 skipped: the neighbour after it, 1.4, instead")
                .containsExactly("1.7", "1.3", "1.4", "1.2");
        assertThat(result.end()).as("1.3 is skipped, so 1.3 or 1.4 can be the first bad").isEqualTo(End.CANDIDATES);
        assertThat(result.candidates()).containsExactly("1.3", "1.4");
        assertThat(result.skipped()).containsExactly("1.3");
        assertThat(result.lastGood()).isEqualTo("1.2");
    }

    @Test
    void aSkippedVersionOutsideTheAnswerStillFindsOneVersion() throws IOException {
        Bisection.Result<String> result = run(new Scripted("1.6", Map.of("1.3", Outcome.SKIPPED)));
        assertThat(result.end()).isEqualTo(End.FOUND);
        assertThat(result.firstBad()).isEqualTo("1.6");
        assertThat(result.skipped()).containsExactly("1.3");
    }

    @Test
    void allGoodMeansTheBadEndIsNotConfirmedAndNothingIsSearched() throws IOException {
        Scripted judge = new Scripted("none", Map.of("1.7", Outcome.NO_REGRESSION));
        Bisection.Result<String> result = run(judge);
        assertThat(result.end()).isEqualTo(End.NOT_CONFIRMED);
        assertThat(judge.asked).containsExactly("1.7");
        assertThat(result.firstBad()).isNull();
        assertThat(result.candidates()).isEmpty();
        for (Outcome o : Set.of(Outcome.UNDECIDED, Outcome.SKIPPED)) {
            assertThat(run(new Scripted("1.1", Map.of("1.7", o))).end()).isEqualTo(End.NOT_CONFIRMED);
        }
        assertThat(run(new Scripted("1.1", Map.of("1.7", Outcome.FAILED))).end()).isEqualTo(End.FAILED);
    }

    @Test
    void twoVersionsNeedNoMeasurement() throws IOException {
        List<String> asked = new ArrayList<>();
        Bisection.Result<String> result = Bisection.run(List.of("1.0", "1.1"), v -> {
            asked.add(v);
            return new Bisection.Judgement<>(Outcome.REGRESSION, null);
        });
        assertThat(result.end()).isEqualTo(End.NOTHING_BETWEEN);
        assertThat(result.firstBad()).isEqualTo("1.1");
        assertThat(asked).isEmpty();
    }

    @Test
    void onlySkippedVersionsLeftNamesThemAll() throws IOException {
        Scripted judge = new Scripted("1.1", Map.of("1.1", Outcome.SKIPPED, "1.2", Outcome.SKIPPED,
                "1.3", Outcome.SKIPPED));
        Bisection.Result<String> result = Bisection.run(VERSIONS.subList(0, 5), judge);
        assertThat(result.end()).isEqualTo(End.CANDIDATES);
        assertThat(result.candidates()).containsExactly("1.1", "1.2", "1.3", "1.4");
        assertThat(result.skipped()).containsExactly("1.1", "1.2", "1.3");
    }

    @Test
    void nextIsTheMiddleOrItsNearestUntriedNeighbour() {
        assertThat(Bisection.next(0, 8, Set.of())).isEqualTo(4);
        assertThat(Bisection.next(0, 8, Set.of(4))).isEqualTo(5);
        assertThat(Bisection.next(0, 8, Set.of(4, 5))).isEqualTo(3);
        assertThat(Bisection.next(3, 4, Set.of())).isEqualTo(-1);
        assertThat(Bisection.next(0, 3, Set.of(1, 2))).isEqualTo(-1);
    }

    @Test
    void fewerThanTwoOrRepeatedVersionsAreRefused() {
        assertThatThrownBy(() -> Bisection.run(List.of("1.0"), v -> null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Bisection.run(List.of("1.0", "1.0"), v -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("repeat");
    }
}

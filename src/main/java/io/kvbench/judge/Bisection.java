package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The search of {@code kvbench bisect}, apart from how a version is measured: over versions in order, from a good one
 * to a bad one, find the first bad version by judging the version halfway between the last known good and the first
 * known bad against the good end, as {@code git bisect} does with commits. It assumes that badness does not come and
 * go: once a version is bad, every later one is.
 *
 * <ul>
 *   <li>First the ends: the bad end must be judged a {@link Outcome#REGRESSION} against the good one, else there is
 *       nothing to search ({@link End#NOT_CONFIRMED}).</li>
 *   <li>A version that cannot be measured ({@link Outcome#SKIPPED}: its adapter does not link, its build failed) is
 *       skipped like {@code git bisect skip}: the nearest untried version beside it is judged instead. Where only
 *       skipped versions are left, the answer is the list of them and the first known bad
 *       ({@link End#CANDIDATES}).</li>
 *   <li>An {@link Outcome#UNDECIDED} step stops the search, and so does a {@link Outcome#FAILED} one: the result names
 *       the range that is left, never a guess.</li>
 * </ul>
 *
 * <p>Versions are labels (released versions, commit ids): the order is the caller's.
 */
public final class Bisection {

    /** What one judgement of a version against the good end says. */
    public enum Outcome {
        /** Worse than the good end: a bad version. */
        REGRESSION,
        /** Not worse by the minimum effect: a good version. */
        NO_REGRESSION,
        /** Measured, but neither accepted: the search stops. */
        UNDECIDED,
        /** Cannot be measured (does not link, does not build): try a neighbour. */
        SKIPPED,
        /** The measurement itself failed (an error of a side, the machine): the search stops. */
        FAILED
    }

    /** How the search ended. */
    public enum End {
        /** One first bad version, after the last good one. */
        FOUND,
        /** No version lies between the ends: the bad end is the first bad version, if it is bad; nothing measured. */
        NOTHING_BETWEEN,
        /** The bad end is not a regression against the good one (or could not be measured): nothing to search. */
        NOT_CONFIRMED,
        /** Only skipped versions are left: the first bad version is one of the candidates. */
        CANDIDATES,
        /** A step stayed undecided: the first bad version is one of the candidates. */
        UNDECIDED,
        /** A step failed: the first bad version is one of the candidates (none when it was the bad end's). */
        FAILED
    }

    /** Judges one version against the good end; {@code detail} is whatever the caller keeps of it (a session). */
    @FunctionalInterface
    public interface Judge<T> {
        Judgement<T> judge(String version) throws IOException;
    }

    /** @param detail what was measured, for the report; may be null */
    public record Judgement<T>(Outcome outcome, T detail) {
        public Judgement {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    /** One judged version, in the order judged; the first step of a search is the bad end's. */
    public record Step<T>(String version, Outcome outcome, T detail) {
    }

    /**
     * @param lastGood   the latest version known good (the good end at least)
     * @param firstBad   the earliest version known bad; null when the bad end was not confirmed
     * @param candidates the versions the first bad version can be, in order: one when {@link End#FOUND}; empty when
     *                   not confirmed
     * @param skipped    the versions skipped, in order
     * @param steps      every judgement, in the order made
     */
    public record Result<T>(End end, String lastGood, String firstBad, List<String> candidates, List<String> skipped,
                            List<Step<T>> steps) {
        public Result {
            candidates = List.copyOf(candidates);
            skipped = List.copyOf(skipped);
            steps = List.copyOf(steps);
        }
    }

    private Bisection() {
    }

    /**
     * @param versions from the good end (first) to the bad end (last), in order, each once; at least the two ends
     */
    public static <T> Result<T> run(List<String> versions, Judge<T> judge) throws IOException {
        if (versions.size() < 2) throw new BadInputException("a bisection needs a good and a bad version");
        if (Set.copyOf(versions).size() != versions.size()) {
            throw new BadInputException("versions repeat: " + versions);
        }
        int good = 0;
        int bad = versions.size() - 1;
        List<Step<T>> steps = new ArrayList<>();
        if (versions.size() == 2) {
            return new Result<>(End.NOTHING_BETWEEN, versions.get(good), versions.get(bad),
                    List.of(versions.get(bad)), List.of(), steps);
        }
        Step<T> ends = step(versions.get(bad), judge);
        steps.add(ends);
        if (ends.outcome() != Outcome.REGRESSION) {
            End end = ends.outcome() == Outcome.FAILED ? End.FAILED : End.NOT_CONFIRMED;
            return new Result<>(end, versions.get(good), null, List.of(), List.of(), steps);
        }
        Set<Integer> skipped = new TreeSet<>();
        for (int next = next(good, bad, skipped); next >= 0; next = next(good, bad, skipped)) {
            Step<T> step = step(versions.get(next), judge);
            steps.add(step);
            switch (step.outcome()) {
                case REGRESSION -> bad = next;
                case NO_REGRESSION -> good = next;
                case SKIPPED -> skipped.add(next);
                case UNDECIDED -> {
                    return stopped(End.UNDECIDED, versions, good, bad, skipped, steps);
                }
                case FAILED -> {
                    return stopped(End.FAILED, versions, good, bad, skipped, steps);
                }
                default -> throw new IllegalStateException("outcome " + step.outcome());
            }
        }
        End end = bad - good == 1 ? End.FOUND : End.CANDIDATES;
        return stopped(end, versions, good, bad, skipped, steps);
    }

    private static <T> Step<T> step(String version, Judge<T> judge) throws IOException {
        Judgement<T> judged = Objects.requireNonNull(judge.judge(version), "judgement of " + version);
        return new Step<>(version, judged.outcome(), judged.detail());
    }

    /**
     * The index to judge next: halfway between the last good and the first bad, or where that is skipped the nearest
     * untried one beside it (after it first); -1 when every version between them is skipped.
     */
    static int next(int good, int bad, Set<Integer> skipped) {
        int middle = (good + bad) / 2;
        for (int d = 0; middle + d < bad || middle - d > good; d++) {
            for (int at : new int[] {middle + d, middle - d}) {
                if (at > good && at < bad && !skipped.contains(at)) return at;
            }
        }
        return -1;
    }

    private static <T> Result<T> stopped(End end, List<String> versions, int good, int bad, Set<Integer> skipped,
                                         List<Step<T>> steps) {
        List<String> skippedVersions = skipped.stream().map(versions::get).toList();
        return new Result<>(end, versions.get(good), versions.get(bad), versions.subList(good + 1, bad + 1),
                skippedVersions, steps);
    }
}

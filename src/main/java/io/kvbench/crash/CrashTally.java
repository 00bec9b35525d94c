package io.kvbench.crash;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.EngineCrashResult.Counts;
import io.kvbench.crash.EngineCrashResult.Damage;
import io.kvbench.crash.EngineCrashResult.FaultEffects;
import io.kvbench.crash.EngineCrashResult.Judgement;
import io.kvbench.crash.EngineCrashResult.Promise;
import io.kvbench.crash.EngineCrashResult.Recovery;
import io.kvbench.crash.EngineCrashResult.Replay;
import io.kvbench.engine.Durability;
import io.kvbench.engine.KvEngine;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/** Running totals of one engine's crash loop, and the result they make. */
final class CrashTally {

    private final KvEngine engine;
    private final String runner;
    private final CrashLoop.Settings settings;
    private final long startedNanos = System.nanoTime();

    int cycles;
    long acknowledged;
    private long promised, pendingKept, lost, resurrected, corrupt, prefixBreaks;
    long unopenable;
    /** What the injected fault did: see {@link FaultEffects}. */
    int injected, reported, wrongData, crashed;
    private final List<Double> recoveryMillis = new ArrayList<>();
    /** The first wrong data and the first crash of a corruption fault, for the reason. */
    String firstWrongData, firstCrash;
    /** A recorded engine bug the loop met and went on past, with how often and where first. */
    KnownIssues.KnownIssue knownIssue;
    FailureKind knownIssueKind;
    String knownIssueFirst;
    List<String> knownIssueExamples = List.of();
    int knownIssueHits;
    private int unpromisedHits;
    private String unpromisedFirst;
    private List<String> unpromisedExamples = List.of();

    CrashTally(KvEngine engine, String runner, CrashLoop.Settings settings) {
        this.engine = engine;
        this.runner = runner;
        this.settings = settings;
    }

    void add(CrashModel.Check check, long openNanos) {
        cycles++;
        promised += check.promisedOps();
        pendingKept += check.pendingKept();
        addDamage(check);
        recovered(openNanos);
    }

    /** The keys a check found damaged. */
    void addDamage(CrashModel.Check check) {
        lost += check.harm().lost() + check.harm().lostInFlight();
        resurrected += check.harm().resurrected();
        corrupt += check.harm().corrupt() + check.harm().foreign();
        if (check.harm().prefixBroken()) prefixBreaks++;
    }

    /** A reopen that was timed but not checked against a history (a corruption fault's read-back). */
    void recovered(long openNanos) {
        if (openNanos >= 0) recoveryMillis.add(openNanos / 1e6);
    }

    /** The median time to reopen so far (0 before any). */
    double medianRecoveryMillis() {
        double[] times = recoveryMillis.stream().mapToDouble(Double::doubleValue).toArray();
        return times.length == 0 ? 0 : new Median().evaluate(times);
    }

    /** A check that broke a recorded engine bug's way: counted, the first remembered. */
    void knownIssue(KnownIssues.KnownIssue issue, Failure failure, List<String> examples) {
        if (knownIssue == null) {
            knownIssue = issue;
            knownIssueKind = failure.kind();
            knownIssueFirst = failure.reason();
            knownIssueExamples = examples;
        }
        knownIssueHits++;
    }

    /** A check that lost data an engine that promises nothing for this fault did not keep: counted, the first kept. */
    void unpromised(Failure failure, List<String> examples) {
        if (unpromisedHits++ == 0) {
            unpromisedFirst = failure.reason();
            unpromisedExamples = examples;
        }
    }

    /** The judgement of a loop that ran to its end: a known issue met on the way, or every check passed. */
    Judgement endJudgement(boolean promises) {
        if (unpromisedHits > 0) {
            String what = "promises nothing after " + settings.fault().aNoun() + "; " + unpromisedHits + " of " + cycles
                    + " recoveries lost data; first " + unpromisedFirst;
            return new Judgement(Verdict.INFORMATION, FailureKind.DATA_LOSS, what, null, unpromisedExamples);
        }
        if (knownIssue != null) {
            return Verdicts.known(knownIssue, knownIssueKind, knownIssueHits + " of " + cycles
                    + " recoveries hit it; first "
                    + knownIssueFirst, knownIssueExamples);
        }
        return promises ? Verdicts.pass() : Verdicts.nothingPromised(settings.fault());
    }

    EngineCrashResult result(Judgement judgement, String keptDir) {
        double[] times = recoveryMillis.stream().mapToDouble(Double::doubleValue).toArray();
        double median = times.length == 0 ? Double.NaN : new Median().evaluate(times);
        double max = Arrays.stream(times).max().orElse(Double.NaN);
        Durability d = engine.capabilities().durability();
        Fault fault = settings.fault();
        String reproduce = Replay.command(engine.id(), settings.seed(), settings.cycles(),
                settings.maxKillDelay().toMillis(), runner, fault);
        Promise declared = new Promise(fault.id(), fault.promise(d).name(), d.prefixConsistent(), d.setting(),
                d.checksums().coverage().name());
        Counts counts = new Counts(cycles, acknowledged, promised, pendingKept,
                new Damage(lost, resurrected, corrupt, prefixBreaks, unopenable),
                new FaultEffects(injected, reported, wrongData, crashed));
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        Replay replay = new Replay(runner, settings.seed(), reproduce, keptDir, seconds);
        return new EngineCrashResult(engine.id(), engine.version(), declared, counts, new Recovery(median, max),
                judgement, replay);
    }
}

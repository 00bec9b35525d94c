package io.kvbench.crash;

import io.kvbench.baseline.KnownIssues;
import io.kvbench.crash.EngineCrashResult.Judgement;
import io.kvbench.result.Failure;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * Turns what a crash loop found into a judgement. The failure's kind decides: a failure of the store's data or recovery
 * breaks the engine's promise (information where it promises nothing for the fault), anything else is an error; a
 * recorded engine bug of that engine, fault and kind is a known issue.
 */
final class Verdicts {

    private Verdicts() {
    }

    static Judgement pass() {
        return new Judgement(Verdict.PASS, null, null, null, List.of());
    }

    /** Every check passed, and the engine promises nothing for this fault: what happened is information. */
    static Judgement nothingPromised(Fault fault) {
        return new Judgement(Verdict.INFORMATION, null, "the engine promises nothing after "
                + fault.aNoun(), null, List.of());
    }

    /** What happened under a fault the engine promises nothing about, reported as it is. */
    static Judgement information(FailureKind kind, String what) {
        return new Judgement(Verdict.INFORMATION, kind, what, null, List.of());
    }

    /** Checks that a recorded engine bug broke, counted across the loop: known, with how often. */
    static Judgement known(KnownIssues.KnownIssue issue, FailureKind kind, String why, List<String> examples) {
        return new Judgement(Verdict.KNOWN_ISSUE, kind, why, issue.reference(), examples);
    }

    /** The failure that ended the loop. */
    static Judgement of(String engine, Fault fault, boolean promises, Failure failure, List<String> examples) {
        Optional<KnownIssues.KnownIssue> known = failure.kind() == FailureKind.INFRASTRUCTURE ? Optional.empty()
                : find(engine, fault, failure);
        if (known.isPresent()) return known(known.get(), failure.kind(), failure.reason(), examples);
        if (!failure.kind().breaksData()) {
            return new Judgement(Verdict.ERROR, failure.kind(), failure.reason(), null, examples);
        }
        if (promises) {
            return new Judgement(Verdict.BROKEN_PROMISE, failure.kind(), failure.reason(), null, examples);
        }
        String what = "promises nothing after " + fault.aNoun() + "; " + failure.reason();
        return new Judgement(Verdict.INFORMATION, failure.kind(), what, null, examples);
    }

    /** The recorded engine bug a failure shows, if any. */
    static Optional<KnownIssues.KnownIssue> find(String engine, Fault fault, Failure failure) {
        return KnownIssues.find(new KnownIssues.CrashFailure(engine, fault.id(), failure.kind(),
                failure.reason()));
    }
}

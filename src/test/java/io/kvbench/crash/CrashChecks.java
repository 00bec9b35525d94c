package io.kvbench.crash;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import java.util.Arrays;
import java.util.List;

/** What the engine-wide crash tests do with each engine's result: pass, report, abort as a known issue, or fail. */
final class CrashChecks {

    private CrashChecks() {
    }

    /** Prints the result's line; fails a broken promise or an error with its damage, kept directory and replay. */
    static void check(EngineCrashResult r) {
        EngineCrashResult.Counts c = r.counts();
        EngineCrashResult.Damage d = c.damage();
        EngineCrashResult.FaultEffects e = c.effects();
        String summary = String.format("%s: %s (%s, promise %s%s), %d cycles, %d acknowledged, %d promised, lost %d, "
                        + "resurrected %d, corrupt %d, prefix breaks %d, unopenable %d; fault hit %d, reported %d, "
                        + "wrong data %d, crashed %d; recovery median %.1f ms", r.engine(), r.verdict(), r.fault().id(),
                r.declared().guarantee(), r.declared().prefixPromised() ? ", prefix" : "", c.cycles(), c.acknowledged(),
                c.promised(), d.lost(), d.resurrected(), d.corrupt(), d.prefixBreaks(), d.unopenable(), e.injected(),
                e.reported(), e.wrongData(), e.crashed(), r.recovery().medianMillis());
        System.out.println(summary);
        switch (r.verdict()) {
            case PASS -> { }
            case INFORMATION -> System.out.println("  (information only: " + r.reason() + ")");
            case KNOWN_ISSUE -> abort("known engine issue " + r.judgement().reference() + ": " + r.reason());
            case BROKEN_PROMISE, ERROR -> fail(summary + "\n" + r.kind() + ": " + r.reason()
                    + (r.judgement().examples().isEmpty() ? "" : "\n  " + String.join("\n  ", r.judgement().examples()))
                    + (r.replay().keptDirectory() == null ? "" : "\nkept: " + r.replay().keptDirectory())
                    + "\nreplay: " + r.replay().reproduce());
        }
    }

    /** All engines, or those of -Dkvbench.engines. */
    static List<KvEngine> selectedEngines() {
        String filter = System.getProperty("kvbench.engines", "").trim();
        if (filter.isEmpty()) return Engines.all();
        return Arrays.stream(filter.split(",")).map(String::trim).map(Engines::byId).toList();
    }
}

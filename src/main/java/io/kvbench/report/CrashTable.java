package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult.Counts;
import io.kvbench.crash.EngineCrashResult.FaultEffects;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.result.Units;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One fault's crash-test table as cells, so that summary.md and report.html show the same rows: one row per engine,
 * the promise checked, the verdict, what the cycles wrote and lost, what the injected fault did, and recovery times.
 *
 * @param fault   the fault
 * @param header  column headings
 * @param rows    one per engine, cells in column order
 * @param results the results in row order
 */
record CrashTable(Fault fault, List<String> header, List<List<String>> rows, List<EngineCrashResult> results) {

    private static final Units UNITS = Units.UNICODE;

    /** One table per fault the run has, in the order faults are declared. */
    static List<CrashTable> of(CrashResults crash) {
        Map<Fault, List<EngineCrashResult>> byFault = new EnumMap<>(Fault.class);
        for (EngineCrashResult r : crash.results()) byFault.computeIfAbsent(r.fault(), f -> new ArrayList<>()).add(r);
        List<CrashTable> tables = new ArrayList<>();
        byFault.forEach((fault, results) -> tables.add(of(fault, results)));
        return tables;
    }

    private static CrashTable of(Fault fault, List<EngineCrashResult> results) {
        List<String> header = new ArrayList<>(List.of("engine", fault.corrupts() ? "checksums" : "promise "
                + fault.promiseHeading(), "verdict", "cycles"));
        if (fault.corrupts()) {
            header.addAll(List.of("corrupted", "detected", "wrong data", "crash", "unaffected"));
        } else {
            header.addAll(List.of("acknowledged", "promised", "lost", "resurrected", "corrupt", "prefix breaks",
                    "unopenable"));
            if (fault.injects()) header.add(fault.noun() + " hit");
            if (fault.strikesWhileWriting()) header.add("engine reported it");
        }
        header.add("recovery median / max");
        List<List<String>> rows = new ArrayList<>();
        for (EngineCrashResult r : results) rows.add(row(fault, r));
        return new CrashTable(fault, List.copyOf(header), List.copyOf(rows), List.copyOf(results));
    }

    private static List<String> row(Fault fault, EngineCrashResult r) {
        Counts c = r.counts();
        FaultEffects e = c.effects();
        List<String> row = new ArrayList<>(List.of(r.engine(), fault.corrupts() ? checksums(r) : promise(r), verdict(r),
                String.valueOf(c.cycles())));
        if (fault.corrupts()) {
            int unaffected = Math.max(0, e.injected() - e.reported() - e.wrongData() - e.crashed());
            row.addAll(numbers(e.injected(), e.reported(), e.wrongData(), e.crashed(), unaffected));
        } else {
            row.addAll(List.of(count(c.acknowledged()), count(c.promised())));
            EngineCrashResult.Damage d = c.damage();
            row.addAll(numbers(d.lost(), d.resurrected(), d.corrupt(), d.prefixBreaks(), d.unopenable()));
            if (fault.injects()) row.addAll(numbers(e.injected()));
            if (fault.strikesWhileWriting()) row.addAll(numbers(e.reported()));
        }
        row.add(recovery(r));
        return row;
    }

    private static List<String> numbers(long... values) {
        return Arrays.stream(values).mapToObj(String::valueOf).toList();
    }

    /** The first right-aligned column: all but engine, promise and verdict are numbers. */
    static final int NUMERIC_FROM = 3;

    static String promise(EngineCrashResult r) {
        String what = switch (r.declared().guarantee() == null ? "" : r.declared().guarantee()) {
            case "EVERY_WRITE" -> "every write";
            case "AFTER_FLUSH" -> "writes before flush";
            case "AFTER_CLOSE" -> "only after close";
            default -> "nothing";
        };
        return what + (r.declared().prefixPromised() ? ", prefix" : "");
    }

    static String checksums(EngineCrashResult r) {
        String declared = r.declared().checksums();
        if (declared == null) return "not declared";
        return switch (declared) {
            case "EVERY_READ" -> "every read";
            case "PARTIAL" -> "partial";
            default -> "none";
        };
    }

    static String verdict(EngineCrashResult r) {
        return switch (r.verdict()) {
            case PASS -> "pass";
            case BROKEN_PROMISE -> "BROKEN PROMISE";
            case KNOWN_ISSUE -> "known issue";
            case INFORMATION -> "information";
            case ERROR -> "ERROR";
            default -> throw new IllegalStateException(r.verdict() + " is not a crash test's verdict");
        };
    }

    static boolean passed(EngineCrashResult r) {
        return r.verdict() == Verdict.PASS;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String recovery(EngineCrashResult r) {
        if (!Double.isFinite(r.recovery().medianMillis())) return "n/a";
        EngineCrashResult.Recovery times = r.recovery();
        return UNITS.value(times.medianMillis(), "ms/op") + " / " + UNITS.value(times.maxMillis(), "ms/op");
    }
}

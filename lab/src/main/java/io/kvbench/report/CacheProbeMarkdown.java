package io.kvbench.report;

import io.kvbench.baseline.Formats;
import io.kvbench.calibration.CacheProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cache probe for people ({@code calibrate --cache-probe}, cache-probe.md): per working set and run, each core's
 * time per load (median and range of the per-second means) and its second-to-second spread, the paired spread of the
 * two cores when both ran, and what that says about the duet on this runner.
 */
public final class CacheProbeMarkdown {

    /**
     * A spread this small is the chase's own jitter; a shared-cache spread this many times the private one, and above
     * {@link #NOISY}, means something else uses the shared cache; a private-cache spread above it, that something else
     * reaches even the private cache's working set.
     */
    static final double NOISY = 0.02;
    static final double SHARED_FACTOR = 3;
    /**
     * The shared cache holds little of its half-size working set when a load from it takes more than this share of a
     * load that only memory holds (a cache of the runner's own answers several times faster than memory).
     */
    static final double HELD_LITTLE = 0.5;
    /** The cores differ when one runs the private-cache chase this much slower than the other. */
    static final double ASYMMETRY = 0.03;

    private CacheProbeMarkdown() {
    }

    public static String markdown(CacheProbe.Result probe) {
        StringBuilder md = new StringBuilder("## Cache probe\n\n");
        md.append(String.format(Locale.ROOT, "Machine: %s, %d cores, class `%s`.%n%n", probe.machine().cpuModel(),
                probe.machine().cores(), probe.machine().machineClass()));
        md.append(String.format(Locale.ROOT, "A pointer chase through a random cycle of 64-byte lines in a JVM pinned "
                + "to cpuset %s and to cpuset %s (the duet's cores), %d s per run: each alone, then both at once. "
                + "Nanoseconds per load, from the mean of each second; spread: the standard deviation of the "
                + "per-second log times; paired: of log(cpuset %s / cpuset %s) over the seconds both ran, about the "
                + "least a duet's per-round B/A spread can be for a benchmark whose working set is of that size.%n%n",
                probe.cpusets().get(0), probe.cpusets().get(1), probe.seconds(), probe.cpusets().get(1),
                probe.cpusets().get(0)));
        md.append(String.format(Locale.ROOT, "| working set | run | cpuset %s: ns per load, median (range) | spread "
                + "| cpuset %s: ns per load, median (range) | spread | paired spread |%n", probe.cpusets().get(0),
                probe.cpusets().get(1)));
        md.append("|---|---|---|---|---|---|---|\n");
        for (CacheProbe.Size size : probe.sizes()) {
            String set = Formats.bytes(size.bytes()) + ", " + size.label();
            md.append(row(set, "alone", size.alone0(), size.alone1(), "-"));
            md.append(row("", "both at once", size.both0(), size.both1(), pct(size.pairedSpread())));
        }
        md.append('\n');
        for (String finding : findings(probe)) md.append("- ").append(finding).append('\n');
        return md.toString();
    }

    private static String row(String set, String run, CacheProbe.CoreSeries a, CacheProbe.CoreSeries b,
            String paired) {
        return String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", set, run, times(a),
                pct(a.spread()), times(b), pct(b.spread()), paired);
    }

    private static String times(CacheProbe.CoreSeries s) {
        return String.format(Locale.ROOT, "%.1f (%.1f-%.1f)", s.median(), s.min(), s.max());
    }

    /** What the rows say, in words: the caches' steadiness, contention between the cores, their asymmetry. */
    static List<String> findings(CacheProbe.Result probe) {
        List<String> findings = new ArrayList<>();
        if (probe.sizes().size() < 2) return findings;
        CacheProbe.Size own = probe.sizes().get(0);
        CacheProbe.Size shared = probe.sizes().get(1);
        CacheProbe.Size memory = probe.sizes().size() > 2 ? probe.sizes().get(2) : null;
        double ownAlone = Math.max(own.alone0().spread(), own.alone1().spread());
        double sharedAlone = Math.max(shared.alone0().spread(), shared.alone1().spread());
        boolean othersShareTheCache = sharedAlone > NOISY && sharedAlone > SHARED_FACTOR * ownAlone;
        boolean privateUnsteady = !othersShareTheCache && ownAlone > NOISY;
        double heldShare = memory == null ? 0 : fastest(shared) / fastest(memory);
        boolean holdsLittle = heldShare > HELD_LITTLE;
        if (othersShareTheCache) {
            findings.add(String.format(Locale.ROOT, "**The shared cache is not this runner's alone**: with the other "
                    + "core idle, the %s chase varied by %s from second to second, the %s one by %s. Something this "
                    + "machine does not run uses that cache (other tenants of the host): a duet of a benchmark whose "
                    + "working set reaches it scatters from round to round with it, one that fits the private "
                    + "caches much less.", Formats.bytes(shared.bytes()), pct(sharedAlone), Formats.bytes(own.bytes()),
                    pct(ownAlone)));
        } else if (privateUnsteady) {
            findings.add(String.format(Locale.ROOT, "**Even the private-cache chase is not steady**: with the other "
                    + "core idle, the %s chase varied by %s from second to second (the %s one by %s). What this "
                    + "machine does not run reaches even a working set that size: the lines it loses from the L2 "
                    + "are fetched from the shared cache or memory, which others use, or the cpu loses time to the "
                    + "hypervisor. A duet of any benchmark scatters with it.%s", Formats.bytes(own.bytes()),
                    pct(ownAlone), Formats.bytes(shared.bytes()), pct(sharedAlone), steal(own)));
        } else if (!holdsLittle) {
            findings.add(String.format(Locale.ROOT, "The caches held steady with the other core idle: the %s chase "
                    + "varied by %s from second to second, the %s one by %s.", Formats.bytes(shared.bytes()),
                    pct(sharedAlone), Formats.bytes(own.bytes()), pct(ownAlone)));
        }
        if (holdsLittle) {
            findings.add(String.format(Locale.ROOT, "**The shared cache holds little of this runner's working set**: "
                    + "with the other core idle, the %s chase took %.1f ns per load, %s of a load from memory "
                    + "(%.1f ns, the %s chase). Others' data fill that cache: a benchmark whose working set outgrows "
                    + "the private cache runs at about memory speed here, and scatters with what memory gives it.",
                    Formats.bytes(shared.bytes()), fastest(shared), pct(heldShare), fastest(memory),
                    Formats.bytes(memory.bytes())));
        }
        double sharedBoth = shared.pairedSpread();
        if (!othersShareTheCache && !privateUnsteady && !holdsLittle && sharedBoth > NOISY
                && sharedBoth > SHARED_FACTOR * own.pairedSpread()) {
            findings.add(String.format(Locale.ROOT, "**The duet's cores contend for the shared cache**: each steady "
                    + "alone, chasing %s at once they differed by a paired spread of %s, against %s for %s.",
                    Formats.bytes(shared.bytes()), pct(sharedBoth), pct(own.pairedSpread()),
                    Formats.bytes(own.bytes())));
        } else {
            findings.add(String.format(Locale.ROOT, "Both at once, the two cores' times differed by a paired spread "
                    + "of %s for %s and %s for %s: about the least a duet's per-round spread can be for a benchmark "
                    + "of that working set on this runner, at this hour.", pct(own.pairedSpread()),
                    Formats.bytes(own.bytes()), pct(sharedBoth), Formats.bytes(shared.bytes())));
        }
        double asymmetry = own.alone1().median() / own.alone0().median() - 1;
        if (Math.abs(asymmetry) > ASYMMETRY) {
            findings.add(String.format(Locale.ROOT, "**The cores are not alike**: cpuset %s runs the %s chase %s %s "
                    + "than cpuset %s. The duet swaps the sides' cores every round, so this costs spread, not bias.",
                    probe.cpusets().get(1), Formats.bytes(own.bytes()), pct(Math.abs(asymmetry)),
                    asymmetry > 0 ? "slower" : "faster", probe.cpusets().get(0)));
        }
        return findings;
    }

    /** The faster core's median time per load alone: what the working set costs at best. */
    private static double fastest(CacheProbe.Size size) {
        return Math.min(size.alone0().median(), size.alone1().median());
    }

    /** What the hypervisor took of the private-cache runs (steal, from /proc/stat); empty where unknown. */
    private static String steal(CacheProbe.Size own) {
        double steal = Math.max(own.alone0().steal(), own.alone1().steal());
        if (!Double.isFinite(steal)) return "";
        String more = steal < NOISY ? ": the cpu was rarely taken away, so the loss is in the caches" : "";
        return String.format(Locale.ROOT, " Meanwhile the hypervisor stole %s of that cpu's time%s.", pct(steal),
                more);
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }
}

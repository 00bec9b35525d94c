package io.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.calibration.CacheProbe;
import io.kvbench.result.MachineInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the probe's table says in words: the shared cache's steadiness, contention, the cores' asymmetry. */
class CacheProbeMarkdownTest {

    private static final MachineInfo MACHINE = new MachineInfo("Test CPU", 2, 1L << 30, "Linux", "test-class");
    private static final double[] STEADY = {12.0, 12.1, 11.9, 12.0};
    private static final double[] NOISY = {20.0, 60.0, 25.0, 110.0};

    @Test
    void aSharedCacheThatMovesWithTheOtherCoreIdleIsCalledOthersUse() {
        CacheProbe.Result probe = probe(size(STEADY, STEADY, STEADY, STEADY), size(NOISY, STEADY, STEADY, STEADY));
        String md = CacheProbeMarkdown.markdown(probe);
        assertThat(md).contains("Machine: Test CPU, 2 cores, class `test-class`")
                .contains("| 16.0 MiB, shared | alone | 42.5 (20.0-110.0) |")
                .contains("**The shared cache is not this runner's alone**")
                .contains("Both at once, the two cores' times differed by a paired spread of 0.0 % for 512.0 KiB")
                .doesNotContain("held steady").doesNotContain("contend").doesNotContain("not alike");
    }

    @Test
    void aSteadyRunnerIsSaidToBeSteady() {
        String md = CacheProbeMarkdown.markdown(probe(size(STEADY, STEADY, STEADY, STEADY),
                size(STEADY, STEADY, STEADY, STEADY)));
        assertThat(md).contains("The caches held steady").contains("Both at once").doesNotContain("**");
    }

    @Test
    void aPrivateCacheChaseThatMovesWithTheOtherCoreIdleIsNamedWithTheSteal() {
        double[] steadyShared = {140.0, 141.0, 139.0, 140.0};
        CacheProbe.Size own = size(NOISY, STEADY, NOISY, STEADY);
        CacheProbe.Size stolenLittle = new CacheProbe.Size(0, "", new CacheProbe.CoreSeries("0", NOISY, 0.016),
                new CacheProbe.CoreSeries("1", STEADY, 0.004), own.both0(), own.both1());
        String md = CacheProbeMarkdown.markdown(probe(stolenLittle,
                size(steadyShared, steadyShared, steadyShared, steadyShared)));
        assertThat(md).contains("**Even the private-cache chase is not steady**: with the other core idle, the "
                        + "512.0 KiB chase varied by")
                .contains("the hypervisor stole 1.6 % of that cpu's time: the cpu was rarely taken away, so the loss "
                        + "is in the caches")
                .doesNotContain("held steady").doesNotContain("contend").doesNotContain("cache is not");
        String unknownSteal = CacheProbeMarkdown.markdown(probe(own,
                size(steadyShared, steadyShared, steadyShared, steadyShared)));
        assertThat(unknownSteal).contains("**Even the private-cache chase is not steady**").doesNotContain("stole");
    }

    @Test
    void aSharedCacheChaseAsSlowAsMemoryIsCalledACacheThatHoldsLittle() {
        double[] atMemory = {160.0, 162.0, 158.0, 161.0};
        double[] memory = {217.0, 220.0, 215.0, 218.0};
        CacheProbe.Size own = size(STEADY, STEADY, STEADY, STEADY);
        CacheProbe.Result probe = new CacheProbe.Result(MACHINE, List.of("0", "1"), 4, List.of(
                sized(512 << 10, "private", own),
                sized(16 << 20, "shared", size(atMemory, atMemory, atMemory, atMemory)),
                sized(64 << 20, "memory", size(memory, memory, memory, memory))));
        String md = CacheProbeMarkdown.markdown(probe);
        assertThat(md).contains("| 64.0 MiB, memory | alone | 217.5 (215.0-220.0) |")
                .contains("**The shared cache holds little of this runner's working set**: with the other core idle, "
                        + "the 16.0 MiB chase took 160.5 ns per load, 73.8 % of a load from memory (217.5 ns, the "
                        + "64.0 MiB chase)")
                .doesNotContain("held steady").doesNotContain("contend");
        String cached = CacheProbeMarkdown.markdown(new CacheProbe.Result(MACHINE, List.of("0", "1"), 4,
                List.of(probe.sizes().get(0), sized(16 << 20, "shared", size(STEADY, STEADY, STEADY, STEADY)),
                        probe.sizes().get(2))));
        assertThat(cached).contains("The caches held steady").doesNotContain("holds little");
    }

    @Test
    void noisyNeighboursAreNotCalledContentionBetweenTheCores() {
        double[] against = {110.0, 25.0, 60.0, 20.0};
        String md = CacheProbeMarkdown.markdown(probe(size(STEADY, STEADY, STEADY, STEADY),
                size(NOISY, STEADY, NOISY, against)));
        assertThat(md).contains("**The shared cache is not this runner's alone**").doesNotContain("contend");
    }

    @Test
    void contentionBetweenTheCoresAndUnlikeCoresAreNamed() {
        double[] slower = {13.0, 13.1, 12.9, 13.0};
        double[] against = {110.0, 25.0, 60.0, 20.0};
        String md = CacheProbeMarkdown.markdown(probe(size(STEADY, slower, STEADY, slower),
                size(STEADY, STEADY, NOISY, against)));
        assertThat(md).contains("**The duet's cores contend for the shared cache**: each steady alone")
                .contains("**The cores are not alike**: cpuset 1 runs the 512.0 KiB chase 8.3 % slower than cpuset 0");
    }

    private static CacheProbe.Result probe(CacheProbe.Size own, CacheProbe.Size shared) {
        return new CacheProbe.Result(MACHINE, List.of("0", "1"), 4, List.of(sized(512 << 10, "private", own),
                sized(16 << 20, "shared", shared)));
    }

    private static CacheProbe.Size sized(long bytes, String label, CacheProbe.Size runs) {
        return new CacheProbe.Size(bytes, label, runs.alone0(), runs.alone1(), runs.both0(), runs.both1());
    }

    private static CacheProbe.Size size(double[] alone0, double[] alone1, double[] both0, double[] both1) {
        return new CacheProbe.Size(0, "", new CacheProbe.CoreSeries("0", alone0), new CacheProbe.CoreSeries("1",
                alone1), new CacheProbe.CoreSeries("0", both0), new CacheProbe.CoreSeries("1", both1));
    }
}

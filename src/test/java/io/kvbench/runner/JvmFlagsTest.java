package io.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmFlagsTest {

    @Test
    void everyFlagOfThePomReachesTheBenchmarkJvm() {
        assertThat(JvmFlags.engineFlags())
                .contains("--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                        "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
                        "-Dchronicle.analytics.disable=true")
                .allSatisfy(flag -> assertThat(flag).doesNotContain("${").doesNotContainAnyWhitespaces());
    }

    @Test
    void machineClassIsFilenameSafe() {
        assertThat(Machines.machineClass("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", 2)).isEqualTo("intel-xeon-gold-6338-2c");
        assertThat(Machines.machineClass("AMD EPYC 7B13 64-Core Processor", 1)).isEqualTo("amd-epyc-7b13-64-core-1c");
        assertThat(Machines.machineClass("", 4)).isEqualTo("unknown-cpu-4c");
    }
}

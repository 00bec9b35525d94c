package io.kvbench.infra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmFlagsTest {

    @Test
    void everyFlagOfThePomReachesTheBenchmarkJvm() {
        assertThat(JvmFlags.engineFlags())
                .contains("--add-opens=java.base/java.nio=ALL-UNNAMED",
                "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
                        "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
                        "-Dchronicle.analytics.disable=true")
                .allSatisfy(flag -> assertThat(flag).doesNotContain("${").doesNotContainAnyWhitespaces());
    }
}

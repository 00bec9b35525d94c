package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every {@code java -jar lab/target/kvbench-lab.jar ...} command in a bash block of kvbench's docs and of this README
 * is a real lab command: as kvbench's DocCommandsTest checks its own, with the same reader of the docs.
 */
class LabDocCommandsTest {

    @TestFactory
    Stream<DynamicTest> everyLabCommandInTheDocsParses() {
        List<DocCommandsTest.Shown> all = DocCommandsTest.shown(Path.of(".."), "kvbench-lab.jar");
        assertThat(all).extracting(s -> s.args().isEmpty() ? "" : s.args().get(0))
                .as("the docs show the lab's commands").contains("calibrate", "cache-probe", "history-replay");
        return DocCommandsTest.parsed(all, KvBenchLab::commandLine);
    }
}

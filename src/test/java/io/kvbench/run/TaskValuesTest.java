package io.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile is parsed once, at the edge: the JMH forks read the task's values, never the profile again. Proven by a
 * profile FILE deleted after the plan was made; the run still measures, with the file's sizes.
 */
@Tag("fork")
class TaskValuesTest {

    @TempDir
    Path tmp;

    @Test
    void forksRunFromTheTaskAfterTheProfileFileIsGone() throws Exception {
        Path profile = tmp.resolve("gone-profile.json");
        Files.copy(Path.of("src/test/resources/tiny-profile.json"), profile);
        RunPlan plan = RunPlan.of(List.of("rocksdb"), List.of("ycsb-c"), profile.toString(), tmp.resolve("out"));
        Files.delete(profile);

        RunResults results = RunLoop.run(new LocalRunner(), plan,
                new Progress(new PrintStream(OutputStream.nullOutputStream()), 1), partial -> { });

        assertThat(results.results()).singleElement().satisfies(r -> {
            assertThat(r.status()).as(r.reason()).isEqualTo(Status.OK);
            assertThat(r.context().parameters().get("records"))
                    .isEqualTo(String.valueOf(plan.profile().records("ycsb")));
        });
        assertThat(results.profile()).isEqualTo("tiny");
    }
}

package io.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** One verdict type for benchmarks and crash tests, the README's table of it, and which verdicts fail. */
class VerdictTest {

    @Test
    void everyVerdictBelongsToBenchmarksOrCrashTestsAndTheSharedOnesMeanTheSame() {
        Set<Verdict> either = EnumSet.copyOf(Verdict.OF_BENCHMARKS);
        either.addAll(Verdict.OF_CRASH_TESTS);
        assertThat(either).containsExactlyInAnyOrder(Verdict.values());
        Set<Verdict> shared = EnumSet.copyOf(Verdict.OF_BENCHMARKS);
        shared.retainAll(Verdict.OF_CRASH_TESTS);
        assertThat(shared).containsExactlyInAnyOrder(Verdict.PASS, Verdict.ERROR, Verdict.KNOWN_ISSUE);
    }

    @Test
    void onlyARegressionOrABrokenPromiseFailsAndOnlyAnErrorIsOne() {
        assertThat(EnumSet.allOf(Verdict.class).stream().filter(Verdict::fails))
                .containsExactlyInAnyOrder(Verdict.REGRESSION, Verdict.BROKEN_PROMISE);
        assertThat(EnumSet.allOf(Verdict.class).stream().filter(Verdict::isError)).containsExactly(Verdict.ERROR);
    }

    /** The README's verdict table is the type: every verdict in it, and nothing else but the not-applicable status. */
    @Test
    void theReadmeTableListsEveryVerdict() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        Matcher row = Pattern.compile("(?m)^\\| ([A-Z_]+) \\| ").matcher(readme);
        Set<String> listed = new TreeSet<>();
        while (row.find()) listed.add(row.group(1));
        Set<String> expected = EnumSet.allOf(Verdict.class).stream().map(Enum::name)
                .collect(Collectors.toCollection(TreeSet::new));
        expected.add(Status.NOT_APPLICABLE.name());
        assertThat(listed).isEqualTo(expected);
    }
}

package io.kvbench.report;

import io.kvbench.fixtures.SampleResults;
import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleReportTest {

    private final String table = ConsoleReport.render(SampleResults.sixByFour(), Units.UNICODE);

    @Test
    void rowsAreGroupedByWorkloadBestFirst() {
        List<String> lines = table.lines().toList();
        int put = lines.indexOf(lines.stream().filter(l -> l.startsWith("put-random")).findFirst().orElseThrow());
        assertThat(lines.get(put))
                .containsPattern("^put-random\\s+lmdb\\s+1\\.85M ± 0\\.06M ops/s\\s+1\\.00x\\s+\\S+ µs");
        assertThat(lines.get(put + 1)).containsPattern("^\\s+rocksdb\\s+412k ± 10k ops/s\\s+4\\.47x slower");
        assertThat(lines.get(put + 4)).containsPattern("^\\s+mapdb\\s+38\\.2k");
        assertThat(table).containsPattern("(?m)^bulk-load\\s+h2-mvstore\\s+640 ± 21 ms\\s+1\\.00x");
        assertThat(table).containsPattern("(?m)^\\s+mapdb\\s+27\\.4 ± 1\\.9 s\\s+42\\.8x slower");
        assertThat(lines.stream().filter(l -> l.startsWith("put-random") && l.contains("ops/s")))
                .as("the workload named once in the ranked table (the costs table after it names it again)").hasSize(1);
    }

    @Test
    void unmeasuredRowsSayWhyAndShowNoNumbers() {
        assertThat(table).containsPattern("(?m)^\\s+mapdb\\s+n/a \\(HTreeMap store is unordered\\)$");
        assertThat(table).containsPattern("(?m)^\\s+chronicle-map\\s+n/a \\(hash map: no ordered iteration\\)$");
        assertThat(table).containsPattern("(?m)^\\s+chronicle-map\\s+ERROR \\(fork exited with code 137 \\(out of "
                + "memory\\?\\)\\)$");
        // A multi-line exception message stays on its row.
        assertThat(table).containsPattern("(?m)^\\s+chronicle-map\\s+ERROR \\(ChronicleHashRecoveryFailedException: .* "
                + "at net\\.openhft\\.\\.\\.\\)$");
        assertThat(table).doesNotContain(" 0 ops/s").doesNotContain("0.00 ops/s").doesNotContain("NaN");
    }

    @Test
    void headerAndFooterGiveTheContext() {
        assertThat(table).contains("profile ci", "runner container", "AMD EPYC 7B13", "epyc-7b13-2c",
                "OpenJDK 64-Bit Server VM 17.0.15+6", "3f9c2e1", "2025-06-01T10:00:00Z");
        assertThat(table).contains("20 measured, 2 not applicable, 2 errors");
        assertThat(table).doesNotContain("INCOMPLETE");
    }

    @Test
    void asciiConsoleGetsAsciiSymbols() {
        String ascii = ConsoleReport.render(SampleResults.sixByFour(), Units.ASCII);
        assertThat(ascii).contains("1.85M +- 0.06M ops/s", "us").doesNotContain("±", "µ");
    }

    @Test
    void anIncompleteOrEmptyRunSaysSo() {
        RunResults empty = new RunResults(RunResults.SCHEMA_VERSION, false, "smoke", "local", null, null, List.of());
        String text = ConsoleReport.render(empty, Units.UNICODE);
        assertThat(text).contains("INCOMPLETE RUN", "No results.", "machine: unknown");
    }
}

package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Writes the report files of a run into a directory: summary.md (Markdown for job summaries and PR comments),
 * report.html (the page people look at) and, for a run that measured a published table's engines,
 * {@value ReproductionJson#FILE} (its reproductions as figures). The run command calls this after a run; the compare
 * command calls it again with its verdicts so that summary.md keeps one writer. Crash-test results found in the
 * directory are included.
 */
public final class ReportWriter {

    public static final String SUMMARY_FILE = "summary.md";
    public static final String HTML_FILE = "report.html";

    /** The files written. */
    public record Written(Path summary, Path html) {
    }

    private ReportWriter() {
    }

    /**
     * @param comparison Markdown with the verdicts of a comparison with baselines, shown under
     *                   {@value SummaryMarkdown#COMPARISON_HEADING} in summary.md; null for none
     */
    public static Written write(RunResults run, Path outDir, String comparison) throws IOException {
        // Crash results next to the run (a shard's crash/ directory, or a merged crash-results.json) join its report.
        Optional<CrashResults> crash = Files.isDirectory(outDir) ? CrashResults.findIn(outDir) : Optional.empty();
        // Render both before touching the directory, so a rendering failure leaves no half-written report behind.
        List<Reproduction> published = Reproduction.of(run);
        String summary = SummaryMarkdown.render(run, comparison)
                + (published.isEmpty() ? "" : "\n### " + ReproductionReport.HEADING + "\n\n"
                + ReproductionReport.markdown(published))
                + crash.map(c -> "\n### " + CrashReport.HEADING + "\n\n" + CrashReport.markdown(c)).orElse("");
        String html = HtmlReport.render(run, ReproductionReport.html(published) + crash.map(CrashReport::section)
                .orElse(""));
        String reproductionJson = ReproductionJson.render(published);
        Files.createDirectories(outDir);
        Path summaryFile = outDir.resolve(SUMMARY_FILE);
        Path htmlFile = outDir.resolve(HTML_FILE);
        AtomicFiles.writeString(summaryFile, summary);
        AtomicFiles.writeString(htmlFile, html);
        if (!published.isEmpty()) AtomicFiles.writeString(outDir.resolve(ReproductionJson.FILE), reproductionJson);
        return new Written(summaryFile, htmlFile);
    }

}

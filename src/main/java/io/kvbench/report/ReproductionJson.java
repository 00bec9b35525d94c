package io.kvbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.judge.ForkSamples;
import io.kvbench.result.Intervals;
import java.util.List;

/**
 * {@value #FILE}: the published comparisons of a run as figures for scripts, beside results.json (which keeps the raw
 * samples they come from): per table every row's published and measured figure with its 95 % interval, ranks and
 * whether it is resolved, and the rank agreement with its bootstrap interval and how it was drawn (resamples, seed), so
 * that the interval can be computed again. A figure that does not exist (no interval, no tau) is null, never NaN.
 */
public final class ReproductionJson {

    public static final String FILE = "reproduction.json";
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReproductionJson() {
    }

    public static String render(List<Reproduction> reproductions) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("confidence", Intervals.CONFIDENCE);
        root.put("resolvedWithin", Reproduction.RESOLVED_WITHIN);
        root.putObject("bootstrap").put("resamples", RankAgreement.RESAMPLES).put("seed", RankAgreement.SEED)
                .put("method", "every row's mean resampled from its forks, then from the iterations of each drawn "
                        + "fork; tau-b recomputed per resample; percentile interval");
        ArrayNode tables = root.putArray("reproductions");
        for (Reproduction r : reproductions) tables.add(table(r));
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of numbers and strings always serializes", e);
        }
    }

    private static ObjectNode table(Reproduction r) {
        ObjectNode t = JSON.createObjectNode();
        t.put("source", r.source().name());
        t.put("table", r.table().published());
        t.put("workload", r.table().workload());
        t.put("unit", r.table().unit());
        t.put("publishedRecords", r.table().records());
        t.put("measuredRecords", r.measuredRecords());
        RankAgreement a = r.agreement();
        ObjectNode tau = t.putObject("tau");
        number(tau, "value", a.tau());
        number(tau, "low", a.low());
        number(tau, "high", a.high());
        number(tau, "resolved", a.resolvedTau());
        tau.put("pairs", a.pairs());
        tau.put("unresolvedPairs", a.unresolvedPairs());
        ArrayNode rows = t.putArray("rows");
        for (Reproduction.Line line : r.lines()) {
            ObjectNode row = rows.addObject();
            row.put("engine", line.engine());
            row.put("label", line.label());
            number(row, "published", line.published());
            number(row, "publishedVsFastest", line.publishedRatio());
            row.put("publishedRank", line.rank().published());
            number(row, "measured", line.measured().score());
            row.put("measuredUnit", line.measured().unit());
            number(row, "halfWidth", line.halfWidth());
            number(row, "relativeHalfWidth", line.relativeHalfWidth());
            row.put("resolved", line.resolved());
            number(row, "measuredVsFastest", line.measuredRatio());
            row.put("measuredRankBest", line.rank().measuredBest());
            row.put("measuredRankWorst", line.rank().measuredWorst());
            row.put("samples", line.measured().samples().size());
            row.put("forks", ForkSamples.forkCount(line.measured().context()));
        }
        ArrayNode missing = t.putArray("missing");
        r.missing().forEach(missing::add);
        return t;
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) node.put(field, value); else node.putNull(field);
    }
}

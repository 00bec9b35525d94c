package io.kvbench.workload;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.engine.Engines;
import io.kvbench.input.BadInputException;
import io.kvbench.input.FlatJson;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A published comparison's figures as data ({@code kvbench/published/<name>.json}), copied from its source with the
 * conditions they were measured under, so that a run can be set beside them. Engines the source measured and kvbench
 * does not have keep their row with a null engine id: the table stays complete, and they take no part in comparisons.
 *
 * @param name   what {@code kvbench reproduce NAME} takes
 * @param title  the source's own name for it
 * @param origin where, on what and when the figures were measured
 * @param scale  the unit and dataset size of its figures
 * @param notes  what else a reader needs (method, what was left out and why)
 * @param tables one per kvbench workload
 */
public record Published(String name, String title, @JsonUnwrapped Origin origin, @JsonUnwrapped Scale scale,
                        String notes, List<Table> tables) {

    /**
     * @param source         where the figures are published
     * @param hardware       the machine they came from
     * @param jdk            the JDK and its flags
     * @param engineVersions what the source says of its engine versions
     * @param date           when, as far as the source says
     */
    public record Origin(String source, String hardware, String jdk, String engineVersions, String date) {
    }

    /**
     * @param unit    "s/op" (lower is better) or "ops/s" (higher is better); a table may have its own
     * @param records the dataset size of the published figures, and what {@code reproduce} runs; a table may have its
     *                own
     */
    public record Scale(String unit, long records) {
    }

    public Published {
        origin = origin == null ? new Origin(null, null, null, null, null) : origin;
        scale = scale == null ? new Scale(null, 0) : scale;
    }

    public String source() {
        return origin.source();
    }

    public String hardware() {
        return origin.hardware();
    }

    public String jdk() {
        return origin.jdk();
    }

    public String engineVersions() {
        return origin.engineVersions();
    }

    public String date() {
        return origin.date();
    }

    public String unit() {
        return scale.unit();
    }

    public long records() {
        return scale.records();
    }

    /** The shipped comparisons. */
    public static final List<String> NAMES = List.of("tc", "hestia", "halo", "ds4j", "sha1");

    /**
     * One published table; a source that published tables at several sizes or in several units gives each its own
     * (absent in the file: the comparison's, filled in by {@link #parse}).
     *
     * @param published the source's column or table name
     * @param records   the dataset size of this table's figures
     * @param unit      "s/op" or "ops/s"
     * @param settings  how {@code reproduce} measures this table's workload at its size; null: the profile's
     */
    public record Table(String workload, String published, Long records, String unit, List<Row> rows,
                        Settings settings) {

        public Table(String workload, String published, Long records, String unit, List<Row> rows) {
            this(workload, published, records, unit, rows, null);
        }

        /** How far this table's size is from {@code measured} records, as |log(ratio)|; 0 when unknown. */
        public double sizeDistance(long measured) {
            return measured <= 0 ? 0 : Math.abs(Math.log((double) records / measured));
        }
    }

    /**
     * Forks and iterations that measure a table's rows tightly enough to rank at its size, with the reason, so that a
     * reproduction does not depend on the profile it is run with ({@code reproduce --iterations-from profile} ignores
     * them).
     * They replace the profile's for this workload; a workload's own warm-up passes stay the least it gets.
     *
     * @param forks                 JMH forks, at least 1
     * @param warmupIterations      warm-up passes (or timed warm-up iterations, for operations)
     * @param measurementIterations measured passes (or timed iterations)
     * @param seconds               length of a timed iteration, for operations; 0 (or absent) for passes
     * @param reason                why these, from the measurements that showed the need
     */
    public record Settings(int forks, int warmupIterations, int measurementIterations, double seconds, String reason) {
    }

    /**
     * @param engine the kvbench engine id (an opt-in engine's even when this build does not register it), or null for
     * an
     *               engine kvbench does not have
     */
    public record Row(String engine, String label, double value) {
    }

    private static final ObjectMapper JSON = JsonMapper.builder().addModule(new FlatJson()).build();

    /** A shipped comparison by name. */
    public static Published named(String name) {
        if (!NAMES.contains(name)) {
            throw new BadInputException("unknown published comparison '" + name + "'; valid: "
                    + String.join(", ", NAMES));
        }
        String resource = "kvbench/published/" + name + ".json";
        try (InputStream in = Published.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " is missing from the jar");
            return parse(Path.of(resource), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " is unreadable", e);
        }
    }

    public static List<Published> all() {
        return NAMES.stream().map(Published::named).toList();
    }

    /** A comparison file's content, checked: known workloads and engines, positive figures, a unit kvbench reports. */
    public static Published parse(Path file, byte[] json) {
        Published p = Inputs.parse(JSON, file, json, Published.class, "a published comparison object");
        Inputs.id(file, "name", p.name());
        Inputs.text(file, "source", p.source());
        unit(file, "unit", p.unit());
        Inputs.range(file, "records", p.records(), 1, Catalog.MAX_RECORDS);
        if (p.tables() == null || p.tables().isEmpty()) throw new InputException(file, "tables", "is missing or empty");
        List<Table> tables = new ArrayList<>();
        for (int t = 0; t < p.tables().size(); t++) {
            Table given = p.tables().get(t);
            String at = "tables[" + t + "]";
            Table table = new Table(given.workload(), given.published(), given.records() == null ? p.records()
                    : given.records(),
                    given.unit() == null ? p.unit() : given.unit(), given.rows(), given.settings());
            unit(file, at + ".unit", table.unit());
            Inputs.range(file, at + ".records", table.records(), 1, Catalog.MAX_RECORDS);
            tables.add(table);
            try {
                Catalog.workload(table.workload());
            } catch (IllegalArgumentException e) {
                throw new InputException(file, at + ".workload", e.getMessage());
            }
            if (table.rows() == null || table.rows().isEmpty()) throw new InputException(file, at + ".rows",
                    "is missing or empty");
            if (table.settings() != null) {
                settings(file, at + ".settings", table.settings(), Catalog.workload(table.workload()));
            }
            for (int r = 0; r < table.rows().size(); r++) {
                Row row = table.rows().get(r);
                Inputs.text(file, at + ".rows[" + r + "].label", row.label());
                Inputs.positive(file, at + ".rows[" + r + "].value", row.value());
                if (row.engine() != null && !Engines.OPT_IN.contains(row.engine())) {
                    try {
                        Engines.byId(row.engine());
                    } catch (IllegalArgumentException e) {
                        throw new InputException(file, at + ".rows[" + r + "].engine", e.getMessage());
                    }
                }
            }
        }
        return new Published(p.name(), p.title(), p.origin(), p.scale(), p.notes(), List.copyOf(tables));
    }

    /** The table nearest {@code records} (by ratio) among those of {@code workload}; empty when it has none. */
    public Optional<Table> nearest(String workload, long records) {
        return tables.stream().filter(t -> t.workload().equals(workload))
                .min(Comparator.comparingDouble(t -> t.sizeDistance(records)));
    }

    private static void settings(Path file, String at, Settings s, Workload workload) {
        Inputs.range(file, at + ".forks", s.forks(), 1, Catalog.MAX_FORKS);
        Inputs.range(file, at + ".warmupIterations", s.warmupIterations(), 0, Catalog.MAX_ITERATIONS);
        Inputs.range(file, at + ".measurementIterations", s.measurementIterations(), 1, Catalog.MAX_ITERATIONS);
        if (workload.isPass() ? s.seconds() != 0 : !(s.seconds() > 0 && s.seconds() <= Catalog.MAX_SECONDS)) {
            throw new InputException(file, at + ".seconds", "is " + s.seconds() + "; it must be " + (workload.isPass()
                    ? "0 or absent for a pass workload" : "in (0, " + Catalog.MAX_SECONDS + "] for timed operations"));
        }
        Inputs.text(file, at + ".reason", s.reason());
    }

    private static void unit(Path file, String field, String unit) {
        if (!"s/op".equals(unit) && !"ops/s".equals(unit)) {
            throw new InputException(file, field, "is '" + Inputs.printable(String.valueOf(unit))
                    + "'; it must be s/op or ops/s");
        }
    }
}

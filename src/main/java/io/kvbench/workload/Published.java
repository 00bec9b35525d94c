package io.kvbench.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.kvbench.engine.Engines;
import io.kvbench.input.InputException;
import io.kvbench.input.Inputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A published comparison's figures as data ({@code kvbench/published/<name>.json}), copied from its source with the
 * conditions they were measured under, so that a run can be set beside them. Engines the source measured and kvbench
 * does not have keep their row with a null engine id: the table stays complete, and they take no part in comparisons.
 *
 * @param name           what {@code kvbench reproduce NAME} takes
 * @param title          the source's own name for it
 * @param source         where the figures are published
 * @param hardware       the machine they came from
 * @param jdk            the JDK and its flags
 * @param engineVersions what the source says of its engine versions
 * @param date           when, as far as the source says
 * @param unit           "s/op" (lower is better) or "ops/s" (higher is better)
 * @param records        the dataset size of the published figures
 * @param notes          what else a reader needs (method, what was left out and why)
 * @param tables         one per kvbench workload
 */
public record Published(String name, String title, String source, String hardware, String jdk, String engineVersions,
                        String date, String unit, long records, String notes, List<Table> tables) {

    /** The shipped comparisons. */
    public static final List<String> NAMES = List.of("tc", "hestia");

    /** @param published the source's column or table name */
    public record Table(String workload, String published, List<Row> rows) {
    }

    /** @param engine the kvbench engine id, or null for an engine kvbench does not have */
    public record Row(String engine, String label, double value) {
    }

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    public boolean lowerIsBetter() {
        return "s/op".equals(unit);
    }

    /** A shipped comparison by name. */
    public static Published named(String name) {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown published comparison '" + name + "'; valid: " + String.join(", ", NAMES));
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
        if (!"s/op".equals(p.unit()) && !"ops/s".equals(p.unit())) {
            throw new InputException(file, "unit", "is '" + Inputs.printable(String.valueOf(p.unit())) + "'; it must be s/op or ops/s");
        }
        Inputs.range(file, "records", p.records(), 1, Catalog.MAX_RECORDS);
        if (p.tables() == null || p.tables().isEmpty()) throw new InputException(file, "tables", "is missing or empty");
        for (int t = 0; t < p.tables().size(); t++) {
            Table table = p.tables().get(t);
            String at = "tables[" + t + "]";
            try {
                Catalog.workload(table.workload());
            } catch (IllegalArgumentException e) {
                throw new InputException(file, at + ".workload", e.getMessage());
            }
            if (table.rows() == null || table.rows().isEmpty()) throw new InputException(file, at + ".rows", "is missing or empty");
            for (int r = 0; r < table.rows().size(); r++) {
                Row row = table.rows().get(r);
                Inputs.text(file, at + ".rows[" + r + "].label", row.label());
                Inputs.positive(file, at + ".rows[" + r + "].value", row.value());
                if (row.engine() != null) {
                    try {
                        Engines.byId(row.engine());
                    } catch (IllegalArgumentException e) {
                        throw new InputException(file, at + ".rows[" + r + "].engine", e.getMessage());
                    }
                }
            }
        }
        return p;
    }
}

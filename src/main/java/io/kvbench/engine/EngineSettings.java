package io.kvbench.engine;

import io.kvbench.input.BadInputException;
import java.util.Objects;

/**
 * How an adapter configures its engine, in the words a reader of results needs before comparing two engines (YCSB
 * asks every binding to state this first): what a write waits for, which memory the engine caches data in, and whether
 * it compresses. Declared by each adapter next to its {@link Durability}, shown in every report's header and by
 * {@code kvbench engines}; the adapter's code is the truth these sentences describe.
 *
 * @param sync        what a put does before it returns, e.g. "no fsync per commit (MDB_NOSYNC)"
 * @param memory      the caches and memory settings that shape the numbers, e.g. "block cache 32 MiB (default)"
 * @param compression what the engine does to stored data, e.g. "LZ4 (default)" or "none"
 */
public record EngineSettings(String sync, String memory, String compression) {

    public EngineSettings {
        for (String field : new String[] {sync, memory, compression}) {
            if (Objects.requireNonNull(field, "every setting is stated").isBlank()) {
                throw new BadInputException("a setting must say something: " + sync + " / " + memory + " / "
                        + compression);
            }
        }
    }

    /** "sync: ...; memory: ...; compression: ...", on one line. */
    public String describe() {
        return "sync: " + sync + "; memory: " + memory + "; compression: " + compression;
    }
}

package io.kvbench.engine.adapter;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

/**
 * The naive baseline most people start from: a {@link Properties} file, loaded on open and rewritten whole on flush and
 * close. Bytes map to chars one to one through ISO-8859-1, so any key or value survives the round trip;
 * {@link Properties#store(Writer, String)} escapes what the format needs (separators, line breaks, leading spaces,
 * backslashes). The Writer form is used (not the OutputStream form, which writes every char outside 0x20..0x7E as a
 * six-char Unicode escape) because it is the compact lossless choice.
 */
public final class NaivePropertiesEngine implements KvEngine {

    /**
     * Properties.store writes each entry as one line, built as one String, where every char may be escaped to two
     * (Writer form); Properties.load reads a line into one char[] that grows by doubling. 256 MiB keys and values keep
     * a line (at most 2 x 2 x 256 Mi + 1 chars) well below the JVM array limit on every JDK (JDK 17 Properties source:
     * saveConvert, store0, LineReader).
     */
    private static final int MAX_BYTES = 256 << 20;

    private static final Capabilities CAPABILITIES = NaiveMapStore.capabilities("java.util.Properties")
            .maxKeyBytes(MAX_BYTES)
            .maxValueBytes(MAX_BYTES)
            .notes("baseline: whole store in a ConcurrentHashMap, unordered; the Properties file (ISO-8859-1, "
                    + "Properties.store(Writer)) is rewritten whole on every flush() and close()")
            .build();

    @Override
    public String id() {
        return "naive-properties";
    }

    @Override
    public String version() {
        return LibraryVersion.jdk();
    }

    @Override
    public Capabilities capabilities() {
        return CAPABILITIES;
    }

    @Override
    public KvStore openStore(Path dir, StoreOptions options) {
        return new Store(this, dir, options).load();
    }

    private static final class Store extends NaiveMapStore {

        Store(KvEngine engine, Path dir, StoreOptions options) {
            super(engine, dir, "store.properties", options);
        }

        @Override
        protected void readFile(Path file) throws IOException {
            Properties props = new Properties();
            try (Reader in = Files.newBufferedReader(file, ISO_8859_1)) {
                props.load(in);
            }
            for (Map.Entry<Object, Object> e : props.entrySet()) {
                loaded(((String) e.getKey()).getBytes(ISO_8859_1), ((String) e.getValue()).getBytes(ISO_8859_1));
            }
        }

        @Override
        protected void writeFile(FileChannel out, byte[][] keys, byte[][] values) throws IOException {
            Properties props = new Properties(keys.length);
            for (int i = 0; i < keys.length; i++) {
                props.setProperty(new String(keys[i], ISO_8859_1), new String(values[i], ISO_8859_1));
            }
            Writer writer = new BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(out), ISO_8859_1),
                    1 << 16);
            props.store(writer, null); // flushes the writer; the caller fsyncs and closes the channel
        }
    }
}

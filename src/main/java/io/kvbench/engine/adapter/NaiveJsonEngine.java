package io.kvbench.engine.adapter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Base64;

/**
 * The naive JSON baseline: the map persisted with Jackson as one JSON object, {@code {"<key base64>": "<value
 * base64>", ...}}, loaded on open and rewritten whole on flush and close. Jackson's streaming API reads and writes it
 * (what ObjectMapper does underneath for a Map, without a second Map of Base64 strings in memory). Base64 is the
 * standard alphabet with padding: Jackson's default variant (MIME_NO_LINEFEEDS) for values, java.util.Base64 for keys.
 */
public final class NaiveJsonEngine implements KvEngine {

    /**
     * A key becomes a JSON name String of 4/3 its length and a value is decoded through one array, so both stay far
     * below the JVM array limit at 1 GiB (Jackson TextBuffer and ByteArrayBuilder hold one token at a time).
     */
    private static final int MAX_BYTES = 1 << 30;

    private static final Capabilities CAPABILITIES = NaiveMapStore.capabilities("JSON")
            .maxKeyBytes(MAX_BYTES)
            .maxValueBytes(MAX_BYTES)
            .notes("baseline: whole store in a ConcurrentHashMap, unordered; one JSON object of Base64 strings "
                    + "(Jackson streaming) rewritten whole on every flush() and close()")
            .build();

    /**
     * Departures from Jackson's defaults, all needed for a store rather than a message: names are not canonicalized
     * (a symbol table is meant for a few recurring names, not a million distinct keys, and its hash-flood guard would
     * trip), the default 20M-char string and 50k-char name limits (StreamReadConstraints) would refuse large values and
     * keys on reload, and the generator must not close the channel (the store fsyncs it first).
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    @Override
    public String id() {
        return "naive-json";
    }

    @Override
    public String version() {
        return LibraryVersion.of(JsonFactory.class, "com.fasterxml.jackson.core", "jackson-core");
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
            super(engine, dir, "store.json", options);
        }

        @Override
        protected void readFile(Path file) throws IOException {
            Base64.Decoder decoder = Base64.getDecoder();
            try (JsonParser in = FACTORY.createParser(file.toFile())) {
                expect(in.nextToken(), JsonToken.START_OBJECT, file);
                JsonToken token;
                while ((token = in.nextToken()) == JsonToken.FIELD_NAME) {
                    byte[] key = decoder.decode(in.currentName());
                    expect(in.nextToken(), JsonToken.VALUE_STRING, file);
                    loaded(key, in.getBinaryValue());
                }
                expect(token, JsonToken.END_OBJECT, file);
                if (in.nextToken() != null) throw failure("corrupt store file " + file
                        + ": data after the JSON object");
            }
        }

        private void expect(JsonToken actual, JsonToken expected, Path file) {
            if (actual != expected) {
                throw failure("corrupt store file " + file + ": expected " + expected + ", found " + actual);
            }
        }

        @Override
        protected void writeFile(FileChannel out, byte[][] keys, byte[][] values) throws IOException {
            Base64.Encoder encoder = Base64.getEncoder();
            OutputStream stream = Channels.newOutputStream(out);
            try (JsonGenerator gen = FACTORY.createGenerator(stream)) { // flushes, does not close the channel
                gen.writeStartObject();
                for (int i = 0; i < keys.length; i++) {
                    gen.writeFieldName(encoder.encodeToString(keys[i]));
                    gen.writeBinary(values[i]);
                }
                gen.writeEndObject();
            }
        }
    }
}

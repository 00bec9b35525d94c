package io.kvbench.engine.adapter;

import io.kvbench.engine.Capabilities;
import io.kvbench.engine.KvEngine;
import io.kvbench.engine.KvStore;
import io.kvbench.engine.LibraryVersion;
import io.kvbench.engine.StoreOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The naive binary baseline: the map persisted as length-prefixed records in one memory-mapped file, loaded on open by
 * mapping it and rewritten whole (through a {@link MappedByteBuffer}) on flush and close.
 *
 * <p>Format, little-endian: header {@code long magic, long entryCount}, then per entry {@code int keyLength,
 * int valueLength, key bytes, value bytes}. One mapping covers at most {@link Integer#MAX_VALUE} bytes
 * ({@link FileChannel#map} javadoc), so the whole file must fit in 2 GiB - 1: a flush of a larger store fails with a
 * message saying so, and leaves the previous file in place. Mappings are released by the GC (no unmap API in Java 17);
 * on Linux a live mapping of a replaced file is harmless.
 */
public final class NaiveMmapEngine implements KvEngine {

    private static final long MAGIC = 0x31504d4d_4256_4b4eL; // "NKVBMMP1" read as little-endian bytes
    private static final int HEADER_BYTES = 16;
    private static final int RECORD_HEADER_BYTES = 8;
    /** One entry, its record header and the file header must fit in one mapping (Integer.MAX_VALUE bytes). */
    private static final int MAX_BYTES = Integer.MAX_VALUE - 32;

    private static final Capabilities CAPABILITIES = NaiveMapStore.capabilities("memory-mapped binary")
            .maxKeyBytes(MAX_BYTES)
            .maxValueBytes(MAX_BYTES)
            .notes("baseline: whole store in a ConcurrentHashMap, unordered; a length-prefixed binary file written "
                    + "through one MappedByteBuffer on every flush() and close(); the whole file is limited to "
                    + "2 GiB - 1 (one mapping): flush() of a larger store fails and keeps the previous file")
            .build();

    @Override
    public String id() {
        return "naive-mmap";
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
            super(engine, dir, "store.bin", options);
        }

        @Override
        protected void readFile(Path file) throws IOException {
            ByteBuffer in;
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = channel.size();
                if (size > Integer.MAX_VALUE) throw corrupt(file, size + " bytes, more than one mapping holds");
                if (size < HEADER_BYTES) throw corrupt(file, "shorter than its header");
                in = channel.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN);
            }
            if (in.getLong() != MAGIC) throw corrupt(file, "bad magic number");
            long count = in.getLong();
            for (long i = 0; i < count; i++) {
                if (in.remaining() < RECORD_HEADER_BYTES) throw corrupt(file, "truncated at entry " + i);
                int keyLength = in.getInt();
                int valueLength = in.getInt();
                if (keyLength < 1 || valueLength < 0 || (long) keyLength + valueLength > in.remaining()) {
                    throw corrupt(file, "bad lengths at entry " + i);
                }
                byte[] key = new byte[keyLength];
                byte[] value = new byte[valueLength];
                in.get(key).get(value);
                loaded(key, value);
            }
            if (in.hasRemaining()) throw corrupt(file, in.remaining() + " bytes after the last entry");
        }

        @Override
        protected void writeFile(FileChannel out, byte[][] keys, byte[][] values) throws IOException {
            long size = HEADER_BYTES;
            for (int i = 0; i < keys.length; i++) size += RECORD_HEADER_BYTES + keys[i].length + values[i].length;
            if (size > Integer.MAX_VALUE) {
                throw failure("cannot flush: the store needs a " + size + "-byte file, but naive-mmap writes one "
                        + "memory mapping of at most " + Integer.MAX_VALUE
                        + " bytes (2 GiB - 1); the previous file is kept");
            }
            MappedByteBuffer mapped = out.map(FileChannel.MapMode.READ_WRITE, 0, size); // grows the empty file
            ByteBuffer buffer = mapped.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            buffer.putLong(MAGIC).putLong(keys.length);
            for (int i = 0; i < keys.length; i++) {
                buffer.putInt(keys[i].length).putInt(values[i].length).put(keys[i]).put(values[i]);
            }
            mapped.force(); // msync; the caller then fsyncs the file (size, metadata) and renames it
        }

        private RuntimeException corrupt(Path file, String why) {
            return failure("corrupt store file " + file + ": " + why);
        }
    }
}

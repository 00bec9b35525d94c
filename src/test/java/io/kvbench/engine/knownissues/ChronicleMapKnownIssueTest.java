package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.openhft.chronicle.map.ChronicleMap;
import net.openhft.chronicle.map.ChronicleMapBuilder;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chronicle Map 2026.1, persisted with entry checksums (the default): an update that keeps the value's size rewrites
 * the value in place and the checksum after it, so a SIGKILL in between leaves an entry whose checksum fails, and
 * {@code recoverPersistedTo()} purges it: the key loses its earlier, acknowledged value as well as the new one.
 * Upstream: https://github.com/OpenHFT/Chronicle-Map/issues/82. kvbench crash found it (1 key after the 23rd of 100
 * kills, seed 20261121; known-issues.json). A kill at that moment is rare, so this test makes the torn write itself:
 * it checks that the update is in place, then overwrites half of the value in the file as a killed copy would, and
 * recovers. It asserts the buggy behaviour, so it fails (and tells us) once recovery keeps the key.
 */
class ChronicleMapKnownIssueTest {

    @TempDir
    Path dir;

    private static final byte[] KEY = "pinned-key".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OTHER = "other-key".getBytes(StandardCharsets.US_ASCII);

    @Test
    @DisplayName("Chronicle Map recovery purges a key whose in-place update was torn, old value included "
            + "(https://github.com/OpenHFT/Chronicle-Map/issues/82)")
    void aTornInPlaceUpdateLosesTheAcknowledgedValue() throws Throwable {
        File file = dir.resolve("map.dat").toFile();
        byte[] first = filled('a');
        byte[] acknowledged = filled('b');
        long offset;
        try (ChronicleMap<byte[], byte[]> map = builder().createPersistedTo(file)) {
            map.put(KEY, first);
            map.put(OTHER, filled('z'));
            offset = indexOf(Files.readAllBytes(file.toPath()), first);
            assertThat(offset).as("the value is in the file").isNotNegative();
            map.put(KEY, acknowledged);
            byte[] after = Files.readAllBytes(file.toPath());
            assertThat(indexOf(after, acknowledged)).as("a same-size update is written in place").isEqualTo(offset);
            assertThat(indexOf(after, first)).as("no copy of the earlier value is kept").isNegative();
        }
        // The kill: the next same-size update has copied half of its value; the checksum still covers the old one.
        try (RandomAccessFile raf = new RandomAccessFile(file, "rw")) {
            raf.seek(offset);
            raf.write(filled('c'), 0, 100);
        }
        try (ChronicleMap<byte[], byte[]> recovered = builder().recoverPersistedTo(file, true)) {
            KnownIssuePin.stillReproduces("https://github.com/OpenHFT/Chronicle-Map/issues/82", KnownIssuePin.RECORDED,
                    () ->
                    assertThat(recovered.get(KEY)).as("the acknowledged value survives recovery").isNull());
            assertThat(recovered.get(OTHER)).as("an untouched entry").isEqualTo(filled('z'));
        }
    }

    private static ChronicleMapBuilder<byte[], byte[]> builder() {
        return ChronicleMapBuilder.of(byte[].class, byte[].class).name("pin").entries(1_000)
                .averageKeySize(KEY.length).averageValueSize(200);
    }

    private static byte[] filled(char c) {
        byte[] value = new byte[200];
        Arrays.fill(value, (byte) c);
        return value;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) continue outer;
            }
            return i;
        }
        return -1;
    }
}

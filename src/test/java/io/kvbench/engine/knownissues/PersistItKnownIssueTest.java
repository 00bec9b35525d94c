package io.kvbench.engine.knownissues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.persistit.Configuration;
import com.persistit.Exchange;
import com.persistit.Persistit;
import com.persistit.Value;
import com.persistit.VolumeSpecification;
import com.persistit.exception.ConversionException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Akiban PersistIt 3.3.0 stores a value it cannot read back: reading a long record calls {@code value.ensureFit(size)}
 * while the Value still holds the 120-byte long-record descriptor, so a value whose encoded size is within 120 bytes of
 * the Value's maximum (4 MiB by default) is accepted by {@code store()} and then fails every {@code fetch()} with
 * "Requested size=... exceeds maximum size". The persistit adapter declares its value limit 120 bytes lower.
 *
 * <p>Source: {@link #LINK}, LongRecordHelper.java line 83 at commit a43cf96 of pbeaman/persistit (no upstream issue:
 * the project is no longer maintained). This test asserts the bug is still there, so it fails, and tells us to raise
 * the declared limit, once a fixed version is used.
 */
class PersistItKnownIssueTest {

    private static final String LINK = "https://github.com/pbeaman/persistit/blob/"
            + "a43cf96fcd957cd0b866f0b13df5dc3961ec18ab/src/main/java/com/persistit/LongRecordHelper.java#L83";

    @TempDir
    Path dir;

    @Test
    @DisplayName("[persistit] a value stored within 120 bytes of Value's maximum cannot be fetched (" + LINK + ")")
    void longRecordNearMaximumCannotBeFetched() throws Throwable {
        Configuration config = new Configuration();
        config.getBufferPoolMap().get(16384).setCount(1024);
        config.setVolumeList(List.of(new VolumeSpecification(dir.resolve("data")
                + ",create,pageSize:16384,initialPages:64,"
                + "extensionPages:1024,maximumPages:1000000")));
        config.setJournalPath(dir.resolve("journal").toString());
        config.setLogFile(dir.resolve("persistit.log").toString());
        config.setJmxEnabled(false);
        Persistit persistit = new Persistit();
        persistit.setConfiguration(config);
        persistit.initialize();
        try {
            Exchange ex = persistit.getExchange("data", "t", true);
            // A byte array encodes as 2 header bytes + content; 120 is the long-record descriptor's size.
            int fits = Value.DEFAULT_MAXIMUM_SIZE - 2 - 120;
            byte[] ok = new byte[fits];
            Arrays.fill(ok, (byte) 7);
            byte[] tooCloseToMax = new byte[fits + 1];

            ex.getValue().putByteArray(ok, 0, ok.length);
            ex.clear().append("ok").store();
            ex.getValue().putByteArray(tooCloseToMax, 0, tooCloseToMax.length);
            ex.clear().append("bad").store(); // accepted: the encoding fits in the Value

            // Fresh exchanges read: an Exchange whose Value still holds a large encoding fails sooner
            // (Value.putEncodedBytes
            // also sizes the new content on top of the old one).
            Exchange reader = persistit.getExchange("data", "t", false);
            assertThat(reader.clear().append("ok").fetch().getValue().getByteArray()).isEqualTo(ok);
            Exchange reader2 = persistit.getExchange("data", "t", false);
            KnownIssuePin.stillReproduces(LINK,
                    "the persistit adapter's 120-byte margin below the value size limit (LONG_RECORD_DESCRIPTOR_BYTES)",
                            () ->
                    assertThatThrownBy(() -> reader2.clear().append("bad").fetch())
                            .as("the bug: a stored value that cannot be read back")
                            .isInstanceOf(ConversionException.class)
                            .hasMessageContaining("exceeds maximum size=" + Value.DEFAULT_MAXIMUM_SIZE));
        } finally {
            persistit.close();
        }
    }
}

package io.kvbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rocksdb.CompressionType;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;

/**
 * Every adapter says how it configures its engine (reports print it beside every comparison), and where a sentence
 * restates a library default the adapter relies on, the library is asked whether it is still true: a dependency
 * upgrade that changes a default fails here instead of leaving the reports wrong.
 */
class EngineSettingsTest {

    @Test
    void everyEngineDeclaresItsSettings() {
        assertThat(Engines.all()).isNotEmpty().allSatisfy(engine -> {
            EngineSettings s = engine.capabilities().settings();
            assertThat(s.sync()).as(engine.id()).isNotBlank();
            assertThat(s.memory()).as(engine.id()).isNotBlank();
            assertThat(s.compression()).as(engine.id()).isNotBlank();
            assertThat(s.describe()).startsWith("sync: ");
        });
    }

    @Test
    void rocksDbDefaultsAreWhatItsSettingsSay() {
        RocksDB.loadLibrary();
        EngineSettings s = Engines.byId("rocksdb").capabilities().settings();
        try (Options defaults = new Options()) {
            assertThat(defaults.compressionType()).isEqualTo(CompressionType.LZ4_COMPRESSION);
            assertThat(s.compression()).startsWith("LZ4");
            assertThat(defaults.writeBufferSize()).isEqualTo(64L << 20);
            assertThat(defaults.maxWriteBufferNumber()).isEqualTo(2);
            assertThat(s.memory()).contains("memtables 2 x 64 MiB");
        }
    }

    @Test
    void levelDbDefaultsAreWhatItsSettingsSay() {
        org.iq80.leveldb.Options defaults = new org.iq80.leveldb.Options();
        assertThat(defaults.writeBufferSize()).isEqualTo(4 << 20);
        assertThat(defaults.compressionType()).isEqualTo(org.iq80.leveldb.CompressionType.SNAPPY);
        // 0 asks leveldbjni for no cache of its own, so LevelDB makes its default 8 MiB one; the Java port has none.
        assertThat(defaults.cacheSize()).isZero();
        assertThat(Engines.byId("leveldb-jni").capabilities().settings().memory()).contains("block cache 8 MiB");
        assertThat(Engines.byId("leveldb-java").capabilities().settings().memory()).contains("no block cache");
    }

    /** A binding's version is not its engine's: lmdbjava 0.9.3 bundles LMDB 0.9.33. */
    @Test
    void bindingsNameTheNativeEngineTheyLoadedApart() {
        KvEngine lmdb = Engines.byId("lmdb");
        assertThat(lmdb.nativeVersion()).matches("LMDB 0\\.9\\.\\d+").isNotEqualTo("LMDB " + lmdb.version());
        assertThat(Engines.byId("rocksdb").nativeVersion()).isEqualTo("RocksDB " + RocksDB.rocksdbVersion());
        assertThat(Engines.byId("leveldb-jni").nativeVersion()).isEqualTo("LevelDB 1.13");
        for (String java : new String[] {"h2-mvstore", "mapdb", "xodus-btree", "leveldb-java", "berkeleydb-je"}) {
            assertThat(Engines.byId(java).nativeVersion()).as(java + " is written in Java").isEmpty();
        }
    }
}

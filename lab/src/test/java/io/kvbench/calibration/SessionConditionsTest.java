package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.infra.LoopMount;
import io.kvbench.infra.PageCache;
import io.kvbench.run.BenchmarkRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an A/B campaign does around its sessions: the page cache dropped, each side's stores on their own ext4. */
class SessionConditionsTest {

    @TempDir
    Path tmp;

    private static final BenchmarkRunner NOTHING = new BenchmarkRunner() {
        @Override
        public String name() {
            return "nothing";
        }

        @Override
        public Setup prepare(String heap, Path dataDir, Consumer<String> note) {
            return new Setup(Fixtures.machine(Fixtures.MACHINE_CLASS), "jdk", Map.of(), List.of(),
                    (task, context, files) -> null);
        }
    };

    @Test
    void nothingIsDoneByDefault() {
        assertThat(SessionConditions.NONE.side(NOTHING)).isSameAs(NOTHING);
        assertThat(SessionConditions.NONE.describe()).isEmpty();
        SessionConditions.NONE.mount(tmp).close();
        assertThat(tmp).isEmptyDirectory();
    }

    /** Written to the control file it is given (the kernel's on a host) before every run of a side. */
    @Test
    void thePageCacheIsDroppedBeforeEachRunWhenAsked() throws IOException {
        Path control = Files.writeString(tmp.resolve("drop_caches"), "");
        SessionConditions drop = new SessionConditions(new PageCache(control), 0);
        BenchmarkRunner side = drop.side(NOTHING);
        assertThat(side.name()).isEqualTo("nothing");
        side.prepare("1g", tmp, note -> { });
        assertThat(Files.readString(control)).isEqualTo("3\n");
        assertThat(drop.describe()).isEqualTo("page cache dropped before every round");
        assertThat(new PageCache(tmp.resolve("no-such-dir").resolve("drop_caches")).whyNot()).contains("not writable");
    }

    /** Each side's stores on an ext4 file system of its own for the session, unmounted and removed after it. */
    @Test
    void eachSidesStoresGetAFileSystemOfTheirOwnWhenAsked() throws IOException {
        String why = LoopMount.whyNot();
        assumeTrue(why == null, () -> "loop-mounted file systems cannot be made here: " + why);
        String host = Files.getFileStore(tmp).name();
        try (SessionConditions.Mounted mounted = new SessionConditions(null, 64L << 20).mount(tmp)) {
            String a = Files.getFileStore(tmp.resolve("data-A")).name();
            String b = Files.getFileStore(tmp.resolve("data-B")).name();
            assertThat(a).as("A's stores").isNotEqualTo(host);
            assertThat(b).as("B's stores").isNotEqualTo(host).isNotEqualTo(a);
        }
        assertThat(Files.getFileStore(tmp.resolve("data-A")).name()).as("unmounted after the session").isEqualTo(host);
        assertThat(tmp.resolve("store-A.img")).doesNotExist();
    }
}

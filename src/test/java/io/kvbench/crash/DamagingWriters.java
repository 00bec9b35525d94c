package io.kvbench.crash;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Consumer;

/**
 * Local crash writers (real child JVMs, real SIGKILLs) some of which leave their store damaged once they exited, as a
 * forgetful engine or a recovery that breaks its store would: the tests that prove the crash loop can fail use them.
 */
final class DamagingWriters implements WriterLauncher {

    private final WriterLauncher local = new LocalWriters();
    private final BiPredicate<Integer, List<String>> chosen;
    private final Consumer<Path> damage;
    private int started;

    /**
     * @param chosen by its start number (1 for the first writer) and its arguments, whether a writer damages the store
     * @param damage what is done to the store directory ({@code <dir>/store}) once that writer exited
     */
    DamagingWriters(BiPredicate<Integer, List<String>> chosen, Consumer<Path> damage) {
        this.chosen = chosen;
        this.damage = damage;
    }

    @Override
    public String name() {
        return local.name();
    }

    @Override
    public WriterProcess start(String name, List<String> args, Path dir) {
        WriterProcess writer = local.start(name, args, dir);
        if (!chosen.test(++started, args)) return writer;
        return new WriterProcess() {
            @Override
            public boolean awaitReady(Duration timeout) throws InterruptedException {
                return writer.awaitReady(timeout);
            }

            @Override
            public void kill() {
                writer.kill();
            }

            @Override
            public Optional<Long> awaitExit(Duration timeout) throws InterruptedException {
                Optional<Long> exit = writer.awaitExit(timeout);
                damage.accept(dir.resolve(CrashWriter.STORE_DIR));
                return exit;
            }

            @Override
            public String stdout() {
                return writer.stdout();
            }

            @Override
            public String stderr() {
                return writer.stderr();
            }

            @Override
            public void close() {
                writer.close();
            }
        };
    }
}

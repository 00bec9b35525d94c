package io.kvbench.cli;

import io.kvbench.calibration.SessionConditions;
import io.kvbench.infra.LoopMount;
import io.kvbench.infra.PageCache;
import io.kvbench.input.BadInputException;
import io.kvbench.task.ContainerResources;
import picocli.CommandLine.Option;

/**
 * What an A/B campaign does to the machine around its sessions ({@code calibrate --ab-sessions}): settings a
 * measurement campaign varies ({@link SessionConditions}). Checked before any work: an option this machine cannot
 * honour is bad input.
 */
final class SessionConditionsOptions {

    enum StoreFs { host, loop_ext4 }

    @Option(names = "--drop-caches",
            description = "Drop the host's page cache before every round, so that every round reads its stores from "
                    + "disk instead of from what the previous round left cached (needs root; machine-wide) "
                    + "(default: off).")
    boolean dropCaches;

    @Option(names = "--store-fs", defaultValue = "host", paramLabel = "KIND", converter = StoreFsConverter.class,
            description = "Where each side's stores live: host (a directory of the host's file system, both sides on "
                    + "it) or loop-ext4 (each side an ext4 image file of its own, loop-mounted over its data "
                    + "directory for the session; needs root) (default: ${DEFAULT-VALUE}).")
    StoreFs storeFs;

    @Option(names = "--store-image-size", defaultValue = "8g", paramLabel = "SIZE",
            description = "With --store-fs loop-ext4: the size of each side's image (sparse: it takes what the stores "
                    + "write) (default: ${DEFAULT-VALUE}).")
    String storeImageSize;

    /** The sessions' conditions; refuses (bad input) what this machine cannot do. */
    SessionConditions conditions() {
        if (dropCaches && PageCache.HOST.whyNot() != null) {
            throw new BadInputException("--drop-caches: " + PageCache.HOST.whyNot());
        }
        long bytes = 0;
        if (storeFs == StoreFs.loop_ext4) {
            String why = LoopMount.whyNot();
            if (why != null) throw new BadInputException("--store-fs loop-ext4: " + why);
            bytes = ContainerResources.bytes(storeImageSize);
            if (bytes < (64L << 20)) {
                throw new BadInputException("--store-image-size must be at least 64m, was " + storeImageSize);
            }
        }
        return new SessionConditions(dropCaches ? PageCache.HOST : null, bytes);
    }

    /** "loop-ext4" on the command line, loop_ext4 in Java. */
    static final class StoreFsConverter implements picocli.CommandLine.ITypeConverter<StoreFs> {
        @Override
        public StoreFs convert(String value) {
            for (StoreFs kind : StoreFs.values()) if (kind.name().replace('_', '-').equals(value)) return kind;
            throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not one of host, loop-ext4");
        }
    }
}

package io.kvbench.engine;

import io.kvbench.input.BadInputException;

/**
 * Sizing hints given to every engine alike. Engines that must size themselves up front (Chronicle Map, Sparkey's
 * hash) use them; the others ignore them. Hints, not limits: a store accepts more entries than expected where the
 * engine can grow.
 *
 * @param expectedEntries   how many live entries the caller expects at most
 * @param averageKeyBytes   typical key length
 * @param averageValueBytes typical value length
 */
public record StoreOptions(long expectedEntries, int averageKeyBytes, int averageValueBytes) {

    /** Small defaults suited to tests: 100k entries of 16-byte keys and 100-byte values. */
    public static final StoreOptions DEFAULT = new StoreOptions(100_000, 16, 100);

    public StoreOptions {
        if (expectedEntries < 1) throw new BadInputException("expectedEntries must be >= 1, was "
                + expectedEntries);
        if (averageKeyBytes < 1) throw new BadInputException("averageKeyBytes must be >= 1, was "
                + averageKeyBytes);
        if (averageValueBytes < 0) throw new BadInputException("averageValueBytes must be >= 0, was "
                + averageValueBytes);
    }
}

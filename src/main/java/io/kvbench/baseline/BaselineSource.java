package io.kvbench.baseline;

import java.io.IOException;

/**
 * Where the baselines of a comparison come from: the committed files ({@link BaselineStore}) or the pooled recent
 * nights of a history (io.kvbench.history). The gate and {@code compare} only need the set of one profile and
 * machine class, so this one method is the whole seam.
 */
public interface BaselineSource {

    BaselineSet load(String profile, String machineClass) throws IOException;

    /** What the verdict tables name as the baselines' origin (a directory, or a history and its window). */
    String describe();
}

package io.kvbench.engine.knownissues;

import org.junit.jupiter.api.function.Executable;

/**
 * The part of a known-issue pin that shows the bug. A pin asserts the engine's wrong behaviour, so that an engine
 * upgrade
 * that fixes it fails the pin instead of passing it silently; this turns that failure into the instruction it means.
 */
public final class KnownIssuePin {

    /** What to do once a bug recorded in known-issues.json is gone. */
    public static final String RECORDED = "it from known-issues.json";

    private KnownIssuePin() {
    }

    /**
     * Runs the assertions of the buggy behaviour.
     *
     * @param issue       the upstream reference, as recorded
     * @param whatToRemove what the bug made necessary: {@link #RECORDED} or an adapter's workaround
     * @param bugShows    assertions that hold only while the bug is there (set-up checks belong outside)
     * @throws AssertionError "known issue X no longer reproduces: remove ...", when the bug is gone
     */
    public static void stillReproduces(String issue, String whatToRemove, Executable bugShows) throws Throwable {
        try {
            bugShows.execute();
        } catch (AssertionError gone) {
            throw new AssertionError("known issue " + issue + " no longer reproduces: remove " + whatToRemove
                    + " (" + gone.getMessage() + ")", gone);
        }
    }
}

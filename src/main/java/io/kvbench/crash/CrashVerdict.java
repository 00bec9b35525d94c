package io.kvbench.crash;

/** The verdict of one engine's crash test under one fault. */
public enum CrashVerdict {
    /** Every check kept the engine's declared promise. */
    PASS,
    /** The engine lost, resurrected or corrupted data it promised to keep, or could not be reopened. */
    BROKEN_PROMISE,
    /** It broke its promise in a way recorded as a known engine issue with an upstream reference. */
    KNOWN_ISSUE,
    /** The engine promises nothing for this fault: what happened is reported, nothing fails. */
    INFORMATION,
    /** The test could not run, or the engine failed outside durability: never a pass. */
    ERROR
}

package io.kvbench.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * The command-line overrides of a profile and how a profile's recorded name carries them: {@code run --profile smoke
 * --records 1000} records its results under {@code smoke+records=1000}. One table for both directions, so that a
 * command kvbench suggests from a recorded name ({@link #commandLine}) is the command that records that name.
 */
public enum ProfileOverrides {
    RECORDS("records", "--records"),
    FORKS("forks", "--forks"),
    ITERATIONS("iterations", "--iterations"),
    WARMUP("warmup", "--warmup-iterations"),
    VALUE_SIZE("value-size", "--value-size"),
    THREADS("threads", "--threads");

    /** What a suggested command writes for a profile that is a file of the user's: its path is not recorded. */
    public static final String PROFILE_FILE = "PROFILE.json";

    private final String key;
    private final String option;

    ProfileOverrides(String key, String option) {
        this.key = key;
        this.option = option;
    }

    /** The option that sets it: "--records". */
    public String option() {
        return option;
    }

    /** Its part of a recorded profile name: "records=1000". */
    public String token(Object value) {
        return key + "=" + value;
    }

    /**
     * The options of a command that measures under {@code recordedName}: {@code smoke+records=1000} is
     * {@code --profile smoke --records 1000}. A base that is not a shipped profile was a profile file, whose path the
     * name does not keep: it is written {@value #PROFILE_FILE}. A part that is no override is kept in the profile
     * name, which the command then refuses rather than run something else.
     */
    public static List<String> commandLine(String recordedName) {
        String[] parts = recordedName.split("\\+");
        List<String> args = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            String[] kv = parts[i].split("=", 2);
            ProfileOverrides override = kv.length == 2 ? byKey(kv[0]) : null;
            if (override == null) {
                unknown.add(parts[i]);
            } else {
                args.add(override.option);
                args.add(kv[1]);
            }
        }
        String base = Catalog.PROFILES.contains(parts[0]) ? parts[0] : PROFILE_FILE;
        String profile = unknown.isEmpty() ? base : base + "+" + String.join("+", unknown);
        List<String> all = new ArrayList<>(List.of("--profile", profile));
        all.addAll(args);
        return all;
    }

    private static ProfileOverrides byKey(String key) {
        for (ProfileOverrides o : values()) if (o.key.equals(key)) return o;
        return null;
    }
}

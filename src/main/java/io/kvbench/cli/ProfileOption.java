package io.kvbench.cli;

/** The one wording of --profile across commands; each command declares its own default. */
final class ProfileOption {

    static final String LABEL = "NAME|FILE";
    static final String DESCRIPTION = "Benchmark profile (sizes, iterations, forks, heap): a shipped one (`kvbench "
            + "profiles` lists them) or a profile .json file (default: ${DEFAULT-VALUE}).";

    private ProfileOption() {
    }
}

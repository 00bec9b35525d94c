package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command's help as users read it: within the width, no measured figure (they go stale: docs/results/ keeps
 * them), every option that takes a value says its default (or that it is required), one paragraph per string (picocli
 * wraps; a sentence split over strings wraps raggedly), and one name and one label per concept across commands.
 */
class HelpTextTest {

    /** Figures measured on one machine, and pointers into README sections that move. */
    static final List<Pattern> MEASURED = List.of(
            Pattern.compile("\\b\\d+ of \\d+\\b"),
            Pattern.compile("\\d+(\\.\\d+)?-\\d+(\\.\\d+)? ?%"),
            Pattern.compile("(?i)\\b(took|takes|about|within|decided in) \\d+(\\.\\d+)?(-\\d+)? "
                    + "?(minutes|min|seconds|s|ms|rounds)\\b"),
            Pattern.compile("(?i)\\b\\d+-core machine\\b|\\bthis project's\\b"),
            Pattern.compile("(?i)\\bas measured\\b|\\bmeasured \\d{4}-"),
            Pattern.compile("README\\.md|README's|README:"));

    /** The one label of each concept that several commands share. */
    static final Map<String, String> LABELS = Map.ofEntries(Map.entry("--engines", "ID"),
            Map.entry("--workloads", "NAME"),
            Map.entry("--runner", "RUNNER"), Map.entry("--out", "DIR"), Map.entry("--results", "DIR"),
            Map.entry("--baselines", "DIR"), Map.entry("--history", "DIR"), Map.entry("--seed", "SEED"),
            Map.entry("--alpha", "P"), Map.entry("--min-effect", "PERCENT"), Map.entry("--slowdowns", "PERCENT"),
            Map.entry("--min-shift", "PERCENT"), Map.entry("--records", "N"), Map.entry("--rounds", "N"),
            Map.entry("--confirmations", "N"), Map.entry("--budget-minutes", "MINUTES"),
                    Map.entry("--base-image", "IMAGE"));

    /** Where a shared name means something narrower: compare and baseline update check a recorded profile name. */
    static final Map<String, String> NARROWER = Map.of("kvbench compare --profile", "NAME",
            "kvbench baseline update --profile", "NAME");

    /** Every command but picocli's own help command, whose texts are picocli's. */
    private final List<CommandLine> commands = KvBench.commands(KvBench.commandLine()).stream()
            .filter(c -> !(c.getCommandSpec().userObject() instanceof CommandLine.HelpCommand)).toList();

    @Test
    void everyHelpFitsTheWidthAndCarriesNoMeasuredFigure() {
        for (CommandLine command : commands) {
            String name = command.getCommandSpec().qualifiedName();
            String help = CliReference.help(command);
            assertThat(help).as(name).startsWith("Usage: " + name);
            for (String line : help.lines().toList()) {
                assertThat(line.length()).as(name + ": " + line).isLessThanOrEqualTo(KvBench.USAGE_WIDTH);
            }
            String text = help.replaceAll("\\s+", " ");
            for (Pattern measured : MEASURED) {
                assertThat(measured.matcher(text).find()).as(name + " says something measured: " + measured + " in "
                        + text)
                        .isFalse();
            }
        }
    }

    @Test
    void everyOptionSaysWhatItDoesAndItsDefault() {
        List<String> problems = new java.util.ArrayList<>();
        for (CommandLine command : commands) {
            CommandSpec spec = command.getCommandSpec();
            for (String paragraph : spec.usageMessage().description()) {
                if (!paragraph.strip().matches("(?s).*[.)]$")) problems.add(spec.qualifiedName()
                        + ": paragraph not whole sentences");
            }
            for (OptionSpec option : spec.options()) {
                if (option.hidden() || option.usageHelp() || option.versionHelp()) continue;
                String where = spec.qualifiedName() + " " + option.longestName();
                if (option.description().length != 1) problems.add(where
                        + ": one string per paragraph (picocli wraps)");
                String description = String.join(" ", option.description());
                if (!description.strip().matches("(?s)[A-Z`].*[.)]$")) problems.add(where
                        + ": not described in sentences");
                boolean takesValue = option.arity().max() > 0;
                if (takesValue && !option.required() && !description.matches("(?s).*\\(?default[:s ].*")) {
                    problems.add(where + ": names no default");
                }
                if (takesValue && option.required() && !description.contains("required")) {
                    problems.add(where + ": does not say it is required");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void oneNameAndOneLabelPerConcept() {
        Map<String, String> seen = new HashMap<>();
        for (CommandLine command : commands) {
            for (OptionSpec option : command.getCommandSpec().options()) {
                String name = option.longestName();
                if (option.hidden() || option.arity().max() == 0) continue; // flags have no label
                assertThat(name).as(command.getCommandSpec().qualifiedName() + ": --engines, never --engine")
                        .isNotEqualTo("--engine");
                String narrower = NARROWER.get(command.getCommandSpec().qualifiedName() + " " + name);
                if (narrower != null) {
                    assertThat(option.paramLabel()).isEqualTo(narrower);
                    continue;
                }
                String earlier = seen.putIfAbsent(name, option.paramLabel());
                if (earlier != null) {
                    assertThat(option.paramLabel()).as(command.getCommandSpec().qualifiedName() + " " + name
                            + "'s label")
                            .isEqualTo(earlier);
                }
                if (LABELS.containsKey(name)) {
                    assertThat(option.paramLabel()).as(command.getCommandSpec().qualifiedName() + " " + name)
                            .isEqualTo(LABELS.get(name));
                }
            }
        }
        assertThat(seen).containsKeys("--engines", "--runner", "--min-effect", "--records", "--out");
    }

    /**
     * Every command that writes a new directory defaults --out the same way (OutOption:
     * kvbench-results/<command>-<time>) and requires it of none; report alone writes into its --results by default.
     */
    @Test
    void everyOutDefaultsAsTheOthersDo() {
        List<String> commandsWithOut = new java.util.ArrayList<>();
        for (CommandLine command : commands) {
            CommandSpec spec = command.getCommandSpec();
            OptionSpec out = spec.findOption("--out");
            if (out == null || spec.qualifiedName().equals("kvbench report")) continue;
            commandsWithOut.add(spec.qualifiedName());
            assertThat(out.required()).as(spec.qualifiedName() + " --out is required").isFalse();
            assertThat(String.join(" ", out.description())).as(spec.qualifiedName() + " --out")
                    .isEqualTo(OutOption.DESCRIPTION);
        }
        assertThat(commandsWithOut).contains("kvbench run", "kvbench crash", "kvbench history changes");
    }

    @Test
    void versionOnEveryCommand() {
        for (CommandLine command : commands) {
            List<String> args = new java.util.ArrayList<>(List.of(command.getCommandSpec().qualifiedName().split(" ")));
            args.remove(0);
            args.add("--version");
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertThat(run.exitCode()).as(args + ": " + run.err()).isZero();
            assertThat(run.out()).as(String.join(" ", args)).startsWith("kvbench ").contains("(git revision ");
        }
    }
}

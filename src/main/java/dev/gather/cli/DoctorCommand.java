package dev.gather.cli;

import dev.gather.doctor.Check;
import dev.gather.doctor.Doctor;
import dev.gather.home.Homes;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code gather doctor}: one line per thing gather needs, ok / warn / fail with the fix. */
@Command(name = "doctor", resourceBundle = "dev.gather.cli.help.doctor")
final class DoctorCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        List<Check> checks = new Doctor(System.getenv(), Homes.fromEnvironment(), InstallCommand.launcher()).checks();
        checks.forEach(c -> System.out.println(c.line()));
        return checks.stream().anyMatch(c -> c.verdict() == Check.Verdict.FAIL) ? 1 : 0;
    }
}

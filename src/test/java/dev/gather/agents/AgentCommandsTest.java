package dev.gather.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gather.home.StateDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentCommandsTest {
    private static final List<String> GATHER = List.of("/opt/gather/bin/gather");

    @TempDir
    Path dir;

    @Test
    void defaultsWhenThereIsNoFile() {
        AgentCommands a = AgentCommands.load(dir.resolve("agents.yaml"), GATHER);
        assertEquals(List.of("claude"), a.command("claude", "Ada"));
        assertEquals(List.of("codex"), a.command("codex", "Ada"));
        assertEquals(List.of("gemini"), a.command(" gemini ", "Ada"));
        assertEquals(
                List.of("/opt/gather/bin/gather", "sim", "--name", "Ada Lovelace", "--polite"),
                a.command("sim", "Ada Lovelace"));
        assertEquals(List.of("claude", "codex", "gemini", "sim"), a.kinds());
    }

    @Test
    void anythingElseIsACommandLine() {
        AgentCommands a = AgentCommands.load(dir.resolve("agents.yaml"), GATHER);
        assertEquals(
                List.of("codex", "--model", "o3 mini", "-c", "it's", "say \"hi\""),
                a.command("codex --model 'o3 mini' -c \"it's\" \"say \\\"hi\\\"\"", "Bo"));
        assertEquals(List.of("python3", "bot.py", "--name", "Bo"), a.command("python3 bot.py --name {name}", "Bo"));
        assertEquals(List.of("my-agent", "a b"), a.command("my-agent a\\ b", "Bo"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> a.command(" ", "Bo"));
        assertEquals("agent is empty; give a kind (claude, codex, gemini, sim) or a command line", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.command("run 'unclosed", "Bo"));
    }

    @Test
    void theFileOverridesAndAddsKindsAsTextOrLists() throws Exception {
        Files.writeString(
                dir.resolve("agents.yaml"),
                """
                agents:
                  claude: claude --model opus --append-system-prompt "you are {name}"
                  codex: [codex, --full-auto, "-c", "name={name}"]
                  mine: "{gather} sim --name {name} --slow"
                """);
        AgentCommands a = AgentCommands.load(new StateDir(dir));
        assertEquals(
                List.of("claude", "--model", "opus", "--append-system-prompt", "you are Ada"),
                a.command("claude", "Ada"));
        assertEquals(List.of("codex", "--full-auto", "-c", "name=Ada"), a.command("codex", "Ada"));
        assertEquals("gemini", a.command("gemini", "Ada").get(0));
        List<String> mine = a.command("mine", "Ada");
        assertEquals(List.of("sim", "--name", "Ada", "--slow"), mine.subList(mine.size() - 4, mine.size()));
        assertEquals(List.of("claude", "codex", "gemini", "mine", "sim"), a.kinds());
    }

    @Test
    void badFilesSayWhereAndWhat() throws Exception {
        Path f = dir.resolve("agents.yaml");
        Files.writeString(f, "agents: [claude]\n");
        assertEquals(
                f + ": expected a mapping 'agents:' of kind → command line",
                assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                        .getMessage());
        Files.writeString(f, "agents:\n  codex: {cmd: codex}\n");
        assertEquals(
                f + ": agents.codex must be a command line (text) or a list of words",
                assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                        .getMessage());
        Files.writeString(f, "agents:\n  Codex!: codex\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                .getMessage()
                .contains("agent kind 'Codex!' must be lowercase"));
        Files.writeString(f, "agents:\n  codex: \"\"\n");
        assertEquals(
                f + ": agents.codex is an empty command",
                assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                        .getMessage());
        Files.writeString(f, "agents: {a: [\n");
        String syntax = assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                .getMessage();
        assertTrue(syntax.startsWith(f + ":") && syntax.endsWith("[yaml.syntax]"), syntax);
        Files.writeString(f, "agents: &a {codex: *a}\n");
        assertEquals(
                f + ":1:9: the anchor here is used inside itself (at agents.codex); YAML that refers to itself is"
                        + " refused [yaml.recursive]",
                assertThrows(IllegalArgumentException.class, () -> AgentCommands.load(f, GATHER))
                        .getMessage());
    }

    @Test
    void theLauncherIsBinGatherBesideAPackagedJarOnly() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path launcher = Files.createFile(
                bin.resolve("gather"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        Path jar =
                Files.createFile(Files.createDirectories(dir.resolve("target")).resolve("gather.jar"));
        Path classes = Files.createDirectories(dir.resolve("target/classes"));
        assertEquals(Optional.of(launcher.toString()), AgentCommands.launcherNear(Optional.of(jar)));
        assertEquals(
                Optional.empty(), AgentCommands.launcherNear(Optional.of(classes)), "classes launch java directly");
        assertEquals(Optional.empty(), AgentCommands.launcherNear(Optional.of(dir.resolve("a/b/x.jar"))));
    }

    @Test
    void theRealLauncherRunsGatherFromThisCheckout() {
        List<String> sim = AgentCommands.load(new StateDir(dir)).command("sim", "Ada");
        String first = sim.get(0);
        assertTrue(first.endsWith("/bin/gather") || first.endsWith("java"), first);
        assertEquals(List.of("sim", "--name", "Ada", "--polite"), sim.subList(sim.size() - 4, sim.size()));
        if (first.endsWith("java")) {
            // run from classes, an agent's java is started as bin/gather would start it: with C2 and G1 a
            // sim cost 40 % more processor, and a suite of sims ran past its time
            assertEquals(AgentCommands.javaOptions(System.getenv()), sim.subList(1, sim.indexOf("-cp")));
        }
    }

    @Test
    void javaRunsWithBinGathersOptionsUnlessGatherJavaOptsSaysOtherwise() throws Exception {
        Matcher binGather = Pattern.compile("exec java \\$\\{GATHER_JAVA_OPTS:-([^}]*)\\} -jar")
                .matcher(Files.readString(Path.of("bin/gather")));
        assertTrue(binGather.find(), "bin/gather runs the jar with ${GATHER_JAVA_OPTS:-…}");
        assertEquals(binGather.group(1), AgentCommands.JAVA_OPTS, "the same defaults as bin/gather");
        assertEquals(List.of(AgentCommands.JAVA_OPTS.split(" ")), AgentCommands.javaOptions(Map.of()));
        assertEquals(
                List.of(AgentCommands.JAVA_OPTS.split(" ")),
                AgentCommands.javaOptions(Map.of("GATHER_JAVA_OPTS", " ")));
        assertEquals(
                List.of("-Xint", "-Xmx32m"), AgentCommands.javaOptions(Map.of("GATHER_JAVA_OPTS", " -Xint  -Xmx32m ")));
    }
}

package dev.gather.rhythm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RhythmLibraryTest {
    private static String minimalNamed(String name) throws Exception {
        return Files.readString(Path.of("rhythms/minimal.yaml")).replace("name: minimal", "name: " + name);
    }

    @Test
    void aCommandLineNamesAFileByItsEndingAndReadsItWhereItLies(@TempDir Path dir) throws Exception {
        Path yml = dir.resolve("mine.yml");
        Files.writeString(yml, minimalNamed("mine"));
        Path yaml = dir.resolve("theirs.yaml");
        Files.writeString(yaml, minimalNamed("theirs"));
        RhythmLibrary library = new RhythmLibrary(List.of());
        assertEquals("mine", library.nameOrFile(yml.toString()).name());
        assertEquals("theirs", library.nameOrFile(yaml.toString()).name());
    }

    @Test
    void anyOtherWordIsARhythmsNameTheLibraryLoads(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mine.yaml"), minimalNamed("mine"));
        RhythmLibrary library = new RhythmLibrary(List.of(dir));
        assertEquals("mine", library.nameOrFile("mine").name(), "the user's own, by name, from its folder");
        assertEquals("minimal", library.nameOrFile("minimal").name(), "a shipped one, by name");
        assertThrows(
                IllegalArgumentException.class,
                () -> library.nameOrFile(dir.resolve("mine").toString()));
    }
}

package dev.gather.cli;

import picocli.CommandLine.Parameters;

/** The gathering a command acts on, named first on its command line. */
final class GatheringId {
    @Parameters(index = "0", descriptionKey = "id")
    String id;
}

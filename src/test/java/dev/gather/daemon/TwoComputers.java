package dev.gather.daemon;

import dev.gather.harness.LocalRedis;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The remote tests' ground: for each test, two computers, {@code alpha} and {@code beta}, paired over one Redis. */
abstract class TwoComputers {
    @RegisterExtension
    final Computers computers = new Computers();

    Path home;
    LocalRedis redis;
    World alpha;
    World beta;
}

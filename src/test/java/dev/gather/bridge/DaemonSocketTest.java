package dev.gather.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.channels.spi.SelectorProvider;
import org.junit.jupiter.api.Test;

/** The bridge names the JDK's own selector provider, the one the JDK's lookup would end with here. */
class DaemonSocketTest {
    @Test
    void theProviderNamedIsTheOneTheJdkFindsAndAUsersChoiceWins() {
        String before = System.getProperty(DaemonSocket.PROVIDER);
        try {
            System.clearProperty(DaemonSocket.PROVIDER);
            DaemonSocket.skipProviderLookup();
            // this JVM looked its provider up the usual way: the bridge names that same one
            assertEquals(SelectorProvider.provider().getClass().getName(), System.getProperty(DaemonSocket.PROVIDER));
            System.setProperty(DaemonSocket.PROVIDER, "com.example.TheirProvider");
            DaemonSocket.skipProviderLookup();
            assertEquals("com.example.TheirProvider", System.getProperty(DaemonSocket.PROVIDER));
        } finally {
            if (before == null) {
                System.clearProperty(DaemonSocket.PROVIDER);
            } else {
                System.setProperty(DaemonSocket.PROVIDER, before);
            }
        }
    }
}

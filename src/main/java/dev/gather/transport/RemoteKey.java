package dev.gather.transport;

import dev.gather.home.StateDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret computers that share links hold in common ({@code $GATHER_HOME/remote.key}, owner-only):
 * every envelope and heartbeat is signed with it (HMAC-SHA256), so a Redis writer without it can
 * neither forge nor alter what the daemons tell each other.
 */
public final class RemoteKey {
    /** The key's file in the state directory. */
    public static final String FILE = "remote.key";

    private static final int BYTES = 32;
    private final byte[] secret;

    private RemoteKey(byte[] secret) {
        if (secret.length < BYTES) {
            throw new IllegalArgumentException(
                    "a remote key has at least " + BYTES + " bytes (was " + secret.length + ")");
        }
        this.secret = secret.clone();
    }

    /** A new random key. */
    public static RemoteKey generate() {
        byte[] b = new byte[BYTES];
        new SecureRandom().nextBytes(b);
        return new RemoteKey(b);
    }

    /** The key a pairing token carries ({@link #token}). */
    public static RemoteKey fromToken(String token) {
        try {
            return new RemoteKey(Base64.getDecoder().decode(token.strip()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a gather remote key: " + e.getMessage(), e);
        }
    }

    /** The key as one line to copy to another computer. */
    public String token() {
        return Base64.getEncoder().encodeToString(secret);
    }

    /** The key in {@code stateRoot}, if there is one; refuses one other users could read. */
    public static Optional<RemoteKey> load(Path stateRoot) {
        Path file = stateRoot.resolve(FILE);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > 1024) {
                throw new IllegalStateException(file + " is not a key file (a regular file of one line)");
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream()
                    .anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                throw new IllegalStateException(file + " can be read by other users: chmod 600 " + file);
            }
            return Optional.of(fromToken(Files.readString(file, StandardCharsets.US_ASCII)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes this key as {@code stateRoot}'s, owner-only. */
    public void save(Path stateRoot) throws IOException {
        StateDir.createPrivate(stateRoot); // gather remote pair may be the first to make the state folder
        Path file = stateRoot.resolve(FILE);
        Path tmp = stateRoot.resolve(FILE + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, token() + "\n", StandardCharsets.US_ASCII);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** HMAC-SHA256 of {@code data}, base64. */
    String sign(String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java 17", e);
        }
    }

    /** Whether {@code signature} is this key's for {@code data}, compared in constant time. */
    boolean verifies(String data, String signature) {
        return MessageDigest.isEqual(
                sign(data).getBytes(StandardCharsets.US_ASCII), signature.getBytes(StandardCharsets.US_ASCII));
    }
}

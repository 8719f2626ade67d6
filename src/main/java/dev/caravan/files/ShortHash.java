package dev.caravan.files;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A short, stable name for a text, for file and folder names that must stay apart: 8 hex digits of its SHA-256. */
public final class ShortHash {

    private ShortHash() {}

    /** 8 hex digits of the SHA-256 of {@code text} (UTF-8): short, and the same on every run. */
    public static String of(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}

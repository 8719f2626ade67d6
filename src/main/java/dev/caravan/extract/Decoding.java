package dev.caravan.extract;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Decodes page bytes to text: charset from the header, then a meta tag, then the byte-order mark, else UTF-8. */
final class Decoding {

    private static final Pattern META_CHARSET =
            Pattern.compile("<meta[^>]+charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9_.:-]+)", Pattern.CASE_INSENSITIVE);

    private Decoding() {}

    static String decode(byte[] body, MediaType type, boolean html) {
        Charset charset = type.knownCharset()
                .or(() -> html ? metaCharset(body) : Optional.empty())
                .or(() -> bomCharset(body))
                .orElse(StandardCharsets.UTF_8);
        String text = new String(body, charset);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    private static Optional<Charset> metaCharset(byte[] body) {
        String head = new String(body, 0, Math.min(body.length, 4096), StandardCharsets.ISO_8859_1);
        Matcher m = META_CHARSET.matcher(head);
        if (!m.find()) return Optional.empty();
        try {
            return Optional.of(Charset.forName(m.group(1).toLowerCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<Charset> bomCharset(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) {
            return Optional.of(StandardCharsets.UTF_8);
        }
        if (b.length >= 2 && (b[0] & 0xff) == 0xFE && (b[1] & 0xff) == 0xFF)
            return Optional.of(StandardCharsets.UTF_16BE);
        if (b.length >= 2 && (b[0] & 0xff) == 0xFF && (b[1] & 0xff) == 0xFE)
            return Optional.of(StandardCharsets.UTF_16LE);
        return Optional.empty();
    }

    /**
     * True when the bytes look like a binary file rather than text: NUL bytes or many control characters. Text behind
     * a UTF-16 byte-order mark is full of NUL bytes yet is text.
     */
    static boolean looksBinary(byte[] body) {
        int n = Math.min(body.length, 4096);
        if (n == 0) return false;
        if (bomCharset(body).filter(c -> !c.equals(StandardCharsets.UTF_8)).isPresent()) return false;
        int control = 0;
        for (int i = 0; i < n; i++) {
            int c = body[i] & 0xff;
            if (c == 0) return true;
            if (c < 0x09 || (c > 0x0d && c < 0x20)) control++;
        }
        return control * 10 > n;
    }

    /** Guesses a media type from the first bytes when the header is missing or generic. */
    static String sniff(byte[] body) {
        String head = new String(body, 0, Math.min(body.length, 512), StandardCharsets.ISO_8859_1)
                .stripLeading()
                .toLowerCase(Locale.ROOT);
        if (head.startsWith("\u00ef\u00bb\u00bf")) head = head.substring(3);
        if (head.startsWith("%pdf-")) return "application/pdf";
        if (looksBinary(body)) return "application/octet-stream";
        if (head.startsWith("<!doctype html")
                || head.startsWith("<html")
                || head.contains("<head")
                || head.contains("<body")) {
            return "text/html";
        }
        if (head.startsWith("<?xml")) return "application/xml";
        if (head.startsWith("{") || head.startsWith("[")) return "application/json";
        return "text/plain";
    }
}

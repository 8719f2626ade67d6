package dev.caravan.extract.parse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.Jsoup;

/**
 * Decodes page bytes to text. A byte-order mark wins, then the header's charset (as the WHATWG encoding rules say);
 * an HTML page with neither is decoded as its {@code <meta>} charset or XML declaration says, else as UTF-8.
 */
public final class Decoding {

    /**
     * How much of an HTML page jsoup reads for a meta charset. A declaration must sit in the first 1,024 bytes by the
     * HTML standard; jsoup looks a little further, and so do we.
     */
    private static final int HEAD_BYTES = 5 * 1024;

    private Decoding() {}

    public static String decode(byte[] body, MediaType type, boolean html) {
        Charset charset = html
                ? htmlCharset(body, type.knownCharset())
                : bomCharset(body).or(type::knownCharset).orElse(StandardCharsets.UTF_8);
        String text = new String(body, charset);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /**
     * jsoup's own detection: a byte-order mark, then the declared charset, then a {@code <meta>} (either form) or XML
     * declaration in the head, parsed as HTML, so a charset in a comment or script does not count.
     */
    private static Charset htmlCharset(byte[] body, Optional<Charset> declared) {
        var head = new ByteArrayInputStream(body, 0, Math.min(body.length, HEAD_BYTES));
        try {
            return Jsoup.parse(head, declared.map(Charset::name).orElse(null), "")
                    .charset();
        } catch (IOException e) {
            throw new UncheckedIOException("reading a byte array cannot fail", e);
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
    public static boolean looksBinary(byte[] body) {
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
    public static String sniff(byte[] body) {
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

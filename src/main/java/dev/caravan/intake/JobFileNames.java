package dev.caravan.intake;

import dev.caravan.files.ShortHash;
import java.text.Normalizer;

/**
 * Names made from a job file's name: the job's folder name, and the name the file is kept under once its job is done.
 * File names are untrusted: any characters, up to 255 bytes. Lengths are measured in UTF-8 bytes, the unit of the
 * 255-byte limit of Linux and macOS file systems (Windows counts UTF-16 units, never more than UTF-8 bytes).
 * Thread-safe.
 */
public final class JobFileNames {

    /** The longest file name the file systems allow, in bytes. */
    public static final int MAX_NAME_BYTES = 255;

    /**
     * The longest job file name Caravan reads: Camel marks a file it is reading with {@code <name>.camelLock} beside
     * it, which must fit too.
     */
    public static final int MAX_JOB_FILE_BYTES = MAX_NAME_BYTES - ".camelLock".length();

    /**
     * The longest name a job file is kept under: its {@code <name>.error.txt} companion is written through the
     * temporary {@code .<name>.error.txt.caravan-tmp} ({@code model/AtomicFiles}), which must fit too.
     */
    static final int MAX_STORED_BYTES = MAX_NAME_BYTES - ".".length() - ".error.txt.caravan-tmp".length();

    /** The most bytes of a folder name's readable part when a hash is added to it. */
    private static final int MAX_READABLE_BYTES = 80;

    private static final int MAX_EXTENSION_BYTES = 10;

    private JobFileNames() {}

    /**
     * The job's folder name, from its file name: the base name without its extension.
     *
     * <ul>
     *   <li>A name of printable ASCII keeps the rule it always had: every run of other characters than letters,
     *       digits, {@code .}, {@code _} and {@code -} becomes one {@code -} ({@code my job (1).txt} → {@code
     *       my-job-1}).
     *   <li>Any other name keeps its letters and digits of every script (NFC), the rest becoming {@code -}, cut to 80
     *       bytes, and gets {@code -} and 8 hex digits of the SHA-256 of the whole file name: two names that differ
     *       only in what was dropped (control or format characters, symbols, emoji) never share a folder ({@code
     *       日本.txt} → {@code 日本-1a2b3c4d}). A name with nothing left is {@code job-<hash>}.
     * </ul>
     */
    public static String jobName(String fileName) {
        String name = fileName.replaceAll(".*[/\\\\]", "");
        String base = name;
        int dot = base.lastIndexOf('.');
        if (dot > 0) base = base.substring(0, dot);
        String plain = trimmed(base.replaceAll("[^A-Za-z0-9._-]+", "-"));
        if (!plain.isEmpty() && base.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) return plain;
        String letters = Normalizer.normalize(base, Normalizer.Form.NFC).replaceAll("[^\\p{L}\\p{M}\\p{N}._-]+", "-");
        letters = trimmed(cut(letters.replaceAll("^\\p{M}+", ""), MAX_READABLE_BYTES));
        return (letters.isEmpty() ? "job" : letters) + "-" + ShortHash.of(name);
    }

    private static String trimmed(String name) {
        return name.replaceAll("^[.-]+", "").replaceAll("[.-]+$", "");
    }

    /**
     * The name a job file is kept under in the processed or failed folder: {@code <stamp>-<name>}. When that would be
     * too long for the file and its {@code .error.txt} (see {@link #MAX_STORED_BYTES}), the name is cut on a character
     * boundary and gets {@code -} and 8 hex digits of the SHA-256 of the whole name before its extension, so two long
     * names stay apart: {@code <stamp>-<start of name>-<hash>.<ext>}.
     */
    public static String stored(String stamp, String fileName) {
        String whole = stamp + "-" + fileName;
        if (utf8Bytes(whole) <= MAX_STORED_BYTES) return whole;
        int dot = fileName.lastIndexOf('.');
        String ext =
                dot > 0 && utf8Bytes(fileName.substring(dot)) <= MAX_EXTENSION_BYTES ? fileName.substring(dot) : "";
        String base = fileName.substring(0, fileName.length() - ext.length());
        String tail = "-" + ShortHash.of(fileName) + ext;
        return stamp + "-" + cut(base, MAX_STORED_BYTES - utf8Bytes(stamp + "-" + tail)) + tail;
    }

    /** The length of {@code text} in UTF-8 bytes (a lone surrogate counts 3, more than its encoder writes). */
    public static int utf8Bytes(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            bytes += bytesOf(cp);
            i += Character.charCount(cp);
        }
        return bytes;
    }

    private static int bytesOf(int cp) {
        if (cp < 0x80) return 1;
        if (cp < 0x800) return 2;
        return cp < 0x10000 ? 3 : 4;
    }

    /** The longest start of {@code text} that fits in {@code maxBytes} UTF-8 bytes, never splitting a code point. */
    static String cut(String text, int maxBytes) {
        int bytes = 0;
        int end = 0;
        while (end < text.length()) {
            int cp = text.codePointAt(end);
            if (bytes + bytesOf(cp) > maxBytes) break;
            bytes += bytesOf(cp);
            end += Character.charCount(cp);
        }
        return text.substring(0, end);
    }
}

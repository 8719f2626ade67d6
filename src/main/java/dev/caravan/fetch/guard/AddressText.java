package dev.caravan.fetch.guard;

import java.net.InetAddress;

/**
 * Formats addresses for refusal messages: dotted quad for IPv4, RFC 5952 compressed form for IPv6 ({@code ::1} rather
 * than the JDK's {@code 0:0:0:0:0:0:0:1}). Stateless and thread-safe.
 */
final class AddressText {

    private AddressText() {}

    static String format(InetAddress address) {
        return format(address.getAddress());
    }

    static String format(byte[] b) {
        if (b.length == 4) {
            return (b[0] & 0xFF) + "." + (b[1] & 0xFF) + "." + (b[2] & 0xFF) + "." + (b[3] & 0xFF);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = ((b[2 * i] & 0xFF) << 8) | (b[2 * i + 1] & 0xFF);
        }
        int bestStart = -1;
        int bestLen = 1; // RFC 5952: a single zero group is not compressed
        for (int i = 0; i < 8; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') {
                sb.append(':');
            }
            sb.append(Integer.toHexString(groups[i]));
        }
        return sb.toString();
    }
}

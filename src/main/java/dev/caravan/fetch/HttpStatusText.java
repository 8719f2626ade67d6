package dev.caravan.fetch;

/** Reason phrases for the HTTP statuses a report mentions most. */
final class HttpStatusText {

    private HttpStatusText() {}

    static String of(int status) {
        return switch (status) {
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 406 -> "Not Acceptable";
            case 408 -> "Request Timeout";
            case 410 -> "Gone";
            case 429 -> "Too Many Requests";
            case 451 -> "Unavailable For Legal Reasons";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> status >= 500 ? "server error" : status >= 400 ? "client error" : "";
        };
    }
}

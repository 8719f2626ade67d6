package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.ExtractedPage;
import dev.caravan.model.PageType;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ForumAndDocPagesTest {

    private static final String INTRO =
            "The socket object provides the API for creating and managing a connection to a "
                    + "server, as well as for sending and receiving data on the connection, in both directions, at any time. ";

    private static String definition(String name, String text) {
        return "<dt><a href=\"/api/socket/" + name + "\"><code>Socket.prototype." + name
                + "</code></a> <span>Read only</span></dt><dd><p>" + text + "</p></dd>";
    }

    @Test
    void a_reference_page_keeps_its_short_definitions_beside_the_longer_introduction() {
        String html = "<html><head><title>Socket</title></head><body><nav><a href=\"/\">Docs home</a></nav><main>"
                + "<div class=\"header\"><h1>Socket</h1><section><p>" + INTRO.repeat(3) + "</p><p>" + INTRO
                + "</p></section></div><aside><a href=\"#properties\">In this article</a></aside><div class=\"sections\">"
                + "<section><h2>Instance properties</h2><dl>"
                + definition("binaryType", "The binary data type used by the connection.")
                + definition("bufferedAmount", "The number of bytes of queued data.")
                + definition("protocol", "The sub-protocol selected by the server.")
                + definition("readyState", "The current state of the connection.")
                + definition("url", "The absolute address of the socket.") + "</dl></section>"
                + "<section><h2>Instance methods</h2><dl>"
                + definition("close", "Closes the connection.")
                + definition("send", "Enqueues data to be transmitted.") + "</dl></section>"
                + "<section><h2>Events</h2><dl>"
                + definition("open", "Fired when a connection with the server has been opened.")
                + definition("message", "Fired when data is received from the server.")
                + definition("error", "Fired when the connection has been closed because of an error.")
                + "</dl></section><section><h2>Examples</h2><pre><code>const s = new Socket(url);</code></pre>"
                + "<pre><code>s.send(\"hello\");</code></pre></section>"
                + "</div></main></body></html>";
        ExtractedPage page = new ContentExtractor().extract(html, "https://docs.example.org/api/socket/");
        assertThat(page.metadata().pageType()).isEqualTo(PageType.DOCUMENTATION);
        assertThat(page.markdown())
                .contains("creating and managing", "Instance properties", "queued data", "Enqueues data")
                .doesNotContain("Docs home");
    }
}

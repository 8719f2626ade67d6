package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which messages the embedded broker marks for the dead-letter queue before any consumer sees them. */
class OversizedMessagesTest {

    private final OversizedMessages plugin = new OversizedMessages("caravan.jobs", 1000);

    @ParameterizedTest(name = "{0}, {1} body bytes -> marked: {2}")
    @CsvSource(textBlock = """
            caravan.jobs,               10, false
            caravan.jobs,             5000, true
            caravan.jobs::caravan.jobs, 5000, true
            caravan.reports,          5000, false
            caravan.jobs.dead,        5000, false
            """)
    void a_message_to_the_jobs_queue_over_the_limit_is_marked_with_its_size_and_the_reason(
            String address, int bodyBytes, boolean marked) {
        Message m = message(address, bodyBytes);
        long size = m.getWholeMessageSize();

        plugin.beforeSend(null, null, m, false, false);

        if (marked) {
            assertThat(m.getLongProperty(OversizedMessages.SIZE_PROPERTY)).isEqualTo(size);
            assertThat(m.getStringProperty("CaravanError"))
                    .isEqualTo("the message is " + size
                            + " bytes; the limit is 1000 bytes (research.jms.max-message-bytes)");
        } else {
            assertThat(m.containsProperty(OversizedMessages.SIZE_PROPERTY)).isFalse();
            assertThat(m.containsProperty("CaravanError")).isFalse();
        }
    }

    @Test
    void a_sender_cannot_mark_its_own_message() {
        Message forged = message("caravan.jobs", 10);
        forged.putLongProperty(OversizedMessages.SIZE_PROPERTY, 1);

        plugin.beforeSend(null, null, forged, false, false);

        assertThat(forged.containsProperty(OversizedMessages.SIZE_PROPERTY)).isFalse();
    }

    private static Message message(String address, int bodyBytes) {
        CoreMessage m = new CoreMessage(1, 64 + bodyBytes);
        m.getBodyBuffer().writeBytes(new byte[bodyBytes]);
        m.setAddress(address);
        return m;
    }
}

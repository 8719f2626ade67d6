package dev.caravan.pipeline;

import jakarta.jms.Message;
import jakarta.jms.Session;
import org.springframework.jms.support.converter.MessageConversionException;
import org.springframework.jms.support.converter.MessageConverter;

/**
 * The message converter of the dead-letter endpoint: the body is already the JMS message to send (the original job
 * message, see {@code MessageJobs.deadLetter}), so it is sent as it is, not turned into a new message from a Java
 * object. Thread-safe.
 */
public class JmsPassThrough implements MessageConverter {

    @Override
    public Message toMessage(Object object, Session session) {
        if (object instanceof Message message) return message;
        throw new MessageConversionException("expected a JMS message to send as it is, got "
                + object.getClass().getName());
    }

    @Override
    public Object fromMessage(Message message) {
        return message;
    }
}

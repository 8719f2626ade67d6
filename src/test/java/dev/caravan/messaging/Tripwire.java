package dev.caravan.messaging;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A serialisable object that counts how often it was deserialised in this JVM. Caravan runs in the test's JVM, so if
 * Caravan deserialises an ObjectMessage holding one, {@link #READS} goes up.
 */
final class Tripwire implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    static final AtomicInteger READS = new AtomicInteger();

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        READS.incrementAndGet();
        in.defaultReadObject();
    }
}

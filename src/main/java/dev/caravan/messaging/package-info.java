/**
 * JMS intake and report events: the embedded ActiveMQ Artemis broker, its settings, reading jobs from message bodies
 * and the event published when a report is written.
 *
 * <p>May depend on {@code model} only (the job parser is handed in as a function); no Camel types: the JMS routes are
 * YAML, their beans are bound by {@code config}.
 */
@NullMarked
package dev.caravan.messaging;

import org.jspecify.annotations.NullMarked;

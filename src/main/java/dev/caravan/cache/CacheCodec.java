package dev.caravan.cache;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * Turns the cache's records (pages, search results, caching headers) into compressed JSON and back, with Jackson.
 * A body that cannot be read back (written by another version, damaged) reads as nothing, never as an exception.
 * Thread-safe.
 */
final class CacheCodec {

    /** The largest body read back, uncompressed: a page is capped well below this. */
    private static final int MAX_INFLATED = 64 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .registerModule(new SimpleModule("instants")
                    .addSerializer(Instant.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers)
                                throws IOException {
                            gen.writeString(value.toString());
                        }
                    })
                    .addDeserializer(Instant.class, new JsonDeserializer<>() {
                        @Override
                        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                            return Instant.parse(p.getValueAsString());
                        }
                    }));

    private CacheCodec() {}

    /** The value as deflated JSON. */
    static byte[] compressed(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(bytes)) {
            JSON.writeValue(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a cache entry", e);
        }
        return bytes.toByteArray();
    }

    /** The value read back from {@link #compressed}, or null when it cannot be. */
    static <T> @Nullable T decompressed(byte[] body, Class<T> type) {
        try (InputStream in = new InflaterInputStream(new java.io.ByteArrayInputStream(body))) {
            byte[] json = in.readNBytes(MAX_INFLATED + 1);
            if (json.length > MAX_INFLATED) return null;
            return JSON.readValue(json, type);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The value as plain JSON text (small records such as caching headers). */
    static String text(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a cache entry", e);
        }
    }

    /** The value read back from {@link #text}, or null when it cannot be. */
    static <T> @Nullable T fromText(@Nullable String text, Class<T> type) {
        if (text == null) return null;
        try {
            return JSON.readValue(text, type);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

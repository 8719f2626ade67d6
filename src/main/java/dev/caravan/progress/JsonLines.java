package dev.caravan.progress;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/** Appends one JSON object per line to a file. Each line is written with a single append, so lines never interleave. */
final class JsonLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;

    JsonLines(Path file) {
        this.file = file;
    }

    synchronized void append(Map<String, Object> event) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            byte[] line = (JSON.writeValueAsString(event) + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException("could not append to " + file, e);
        }
    }
}

package dev.caravan.intake;

import dev.caravan.model.Causes;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Puts the cause of a YAML syntax error first. SnakeYAML says first what it was doing ("while scanning for the next
 * token", at the start of that token) and only then the problem and where it is ("found character '\t' that cannot
 * start any token", often on a later line). A job author needs the problem and its place.
 */
final class YamlProblem {

    private YamlProblem() {}

    /** "at line 2, column 1: found character ... (while scanning ... at line 1, column 8)", or null if not YAML's. */
    static @Nullable String describe(Throwable error) {
        for (Throwable t : Causes.chain(error)) {
            if (t instanceof MarkedYAMLException yaml && yaml.getProblem() != null) {
                StringBuilder b = new StringBuilder();
                if (yaml.getProblemMark() != null)
                    b.append(at(yaml.getProblemMark())).append(": ");
                b.append(oneLine(yaml.getProblem()));
                if (yaml.getContext() != null) {
                    b.append(" (").append(oneLine(yaml.getContext()));
                    if (yaml.getContextMark() != null) b.append(' ').append(at(yaml.getContextMark()));
                    b.append(')');
                }
                return b.toString();
            }
        }
        return null;
    }

    private static String at(Mark mark) {
        return "at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}

package dev.caravan.rank;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The lines of a code block, each told apart as something a reader types or as what the computer printed. In a shell
 * session ({@code $ go mod init example/hello} then {@code go: creating new go.mod: module example/hello}) the lines
 * after a prompt are output until the next prompt (the lines before the first prompt are the code the session runs:
 * a function defined, then called at {@code >>> }); in a block of commands with no prompts, a block whose first line
 * starts with a known command word ({@code pip}, {@code sudo}, {@code nginx}), the lines that start with no command
 * word are output. A block with no prompt whose every line reads as a message (a capital or a digit first, none of
 * {@code {}();=|$} and no backtick), shown right after a block that ends with a command typed at a prompt, is that
 * command's output, which many pages set apart from the command ({@code # systemctl set-default multi-user.target},
 * then a block of {@code Removed ...} and {@code Created symlink ...}). Any other block (a program, a configuration
 * file, more commands) is all code: none of its lines is output. A line also knows the comment above it and the line
 * that opens the block or section it sits in, which say what it does ({@link #read}); a line of output knows the
 * command that printed it instead. Stateless.
 */
final class CodeLines {

    /**
     * A line of code.
     *
     * @param text the line, stripped
     * @param output whether it is what a command printed, not something typed
     * @param comment the comment above it in its block ({@link #read}), which says what it does, or empty
     * @param enclosing the line that opens the section or block it sits in ({@link #read}); for what a command printed,
     *     the command typed before it in the block, or the one the block before ended with; or empty
     * @param remark whether the line is itself a comment that says something ({@link #comment})
     */
    record Line(String text, boolean output, String comment, String enclosing, boolean remark) {}

    /** A line of a block as read, before it is told apart as typed or printed. */
    private record Read(String text, String comment, String enclosing, boolean remark) {}

    /**
     * A C++ or Qt access label ({@code public:}, {@code private slots:}, then perhaps a {@code //} comment): in a
     * brace block it neither opens a block nor ends the class it is in, though written at the class's own indent. A
     * YAML key of the same name ({@code public:} under {@code networks:}) is in no brace block and opens its block.
     */
    private static final Pattern ACCESS = Pattern.compile(
            "(?:(?:public|private|protected)(?: (?:slots|Q_SLOTS))?|signals|Q_SIGNALS)\\s*:(?:\\s*//.*)?");

    /**
     * A line that opens a block (<code>server &#123;</code>, {@code annotations:}), how far it is indented, and
     * whether it opens it with a brace.
     */
    private record Opener(int indent, String line, boolean brace) {}

    /**
     * A comment marker: {@code # } (shell, Python, YAML, TOML; a space after it, so not a shebang, a Rust attribute or
     * a C preprocessor line, nor a spaced one such as {@code # include <stdio.h>}), {@code //}, {@code -- } (SQL, Lua),
     * {@code /*} and {@code * } (C and its kin), {@code ;} before a space or a letter (INI; not JavaScript's
     * {@code ;(function} or {@code ;[}), {@code % } (TeX, MATLAB), {@code <!--}, {@code REM } (batch files) and
     * {@code " } with no second quote (Vim script; a JSON string has one).
     */
    private static final Pattern COMMENT = Pattern.compile("(?:#(?=\\s)(?!\\s+(?:(?:include|import)\\s*[<\"]"
            + "|(?:define|undef|ifdef|ifndef|elif|endif|pragma)\\b))|//|--\\s|/\\*|\\*\\s|;(?=[\\s;\\p{L}])|%\\s|<!--"
            + "|(?i:rem)\\s|\"\\s(?=[^\"]*$))");
    /** A word naming a file or an option, a command's argument: {@code config.yaml}, {@code /etc/hosts}, {@code -f}. */
    private static final Pattern ARGUMENT = Pattern.compile("-{1,2}\\p{L}.*|.*[/.]\\p{L}.*");
    /** The marker a comment line opens with, and the spaces after it. */
    private static final Pattern MARKER = Pattern.compile("(?:#+|//+|--|/\\*+|\\*|;+|%|<!--|(?i:rem)\\b|\")\\s*");
    /** A word of three letters or more: what makes a comment say something ({@code # ----} says nothing). */
    private static final Pattern WORD = Pattern.compile("\\p{L}{3,}");
    /** The longest comment that is a line's context: a longer run of comment lines gives its last line alone. */
    private static final int COMMENT_CHARS = 300;
    /** The longest line that opens a block and is the context of the lines in it. */
    private static final int ENCLOSING_CHARS = 120;
    /** An INI or TOML section header: {@code [Service]}, {@code [[bin]]}, {@code [remote "origin"]}; not an array. */
    private static final Pattern SECTION = Pattern.compile("\\[\\[?[\\p{L}_][^\\[\\],]{0,59}]]?");
    /** Columns a tab indents by. */
    private static final int TAB_COLUMNS = 4;

    /**
     * A shell prompt before a command: {@code $ }, {@code > }, {@code >>> }, {@code PS C:\>}, or
     * {@code user@host:~$ }. A {@code # } prompt (root's) counts only before a command word ({@link #COMMAND_WORDS}),
     * since {@code #} also opens a comment.
     */
    private static final Pattern PROMPT =
            Pattern.compile("^(?:[$>]|>>>|PS [^>]{0,60}>|[\\w.-]{1,32}@[\\w.-]{1,64}:[^\\s$#]{0,80} ?[$#])\\s+\\S");

    private static final Pattern ROOT_PROMPT = Pattern.compile("^#\\s+(\\S+)");
    /** A line that goes on to the next one (a shell's trailing backslash, PowerShell's backtick). */
    private static final Pattern CONTINUES = Pattern.compile("[\\\\`]$");

    /** Words that start a shell command: package managers, build tools, the commonest utilities and servers. */
    static final Set<String> COMMAND_WORDS = Set.of(
            "apt",
            "apt-get",
            "aptitude",
            "aws",
            "az",
            "bash",
            "brew",
            "bun",
            "cargo",
            "cd",
            "chmod",
            "chown",
            "choco",
            "cmake",
            "composer",
            "conda",
            "cp",
            "curl",
            "deno",
            "dnf",
            "docker",
            "docker-compose",
            "dotnet",
            "echo",
            "export",
            "flatpak",
            "gcc",
            "gcloud",
            "gem",
            "git",
            "go",
            "gradle",
            "helm",
            "java",
            "kubectl",
            "ln",
            "ls",
            "make",
            "mkdir",
            "mv",
            "mvn",
            "nginx",
            "node",
            "npm",
            "npx",
            "pacman",
            "php",
            "pip",
            "pip3",
            "pipx",
            "pnpm",
            "podman",
            "poetry",
            "python",
            "python3",
            "rm",
            "rustc",
            "rustup",
            "scp",
            "service",
            "sh",
            "snap",
            "source",
            "ssh",
            "sudo",
            "systemctl",
            "tar",
            "terraform",
            "touch",
            "unzip",
            "uv",
            "wget",
            "winget",
            "yarn",
            "yum",
            "zypper");

    private CodeLines() {}

    /** The non-blank lines of {@code block}, in order, each stripped and told apart as typed or printed. */
    static List<Line> of(String block) {
        return of(block, null);
    }

    /**
     * As {@link #of(String)}, for a block shown right after one that ends with a command typed at a prompt,
     * {@code before} ({@link #promptedCommand}; null when the block before ended with none): if this block has no
     * prompt and every line of it reads as a message ({@link #readsAsMessage}), every line is that command's output,
     * read with the command. A command with no prompt ({@code journalctl -u nginx}), a program or a configuration file
     * ({@code server { listen 80; }}) does not read as a message.
     */
    static List<Line> of(String block, @Nullable String before) {
        List<Read> read = read(block);
        List<String> lines = read.stream().map(Read::text).toList();
        List<Line> out = new ArrayList<>(lines.size());
        boolean prompted = lines.stream().anyMatch(CodeLines::prompt);
        if (before != null && !prompted && lines.stream().allMatch(CodeLines::readsAsMessage)) {
            for (Read r : read)
                out.add(new Line(
                        r.text(),
                        true,
                        "",
                        before.isEmpty() || before.length() > ENCLOSING_CHARS ? r.enclosing() : before,
                        r.remark()));
            return out;
        }
        boolean commands = !prompted && !lines.isEmpty() && startsWithCommandWord(lines.get(0));
        boolean continued = false;
        boolean afterPrompt = false;
        boolean promptSeen = false; // lines before a session's first prompt are the code it runs, not output
        String command = ""; // the command typed last, whose output the lines after it are
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean typed;
            if (prompted) {
                promptSeen |= prompt(line);
                typed = !promptSeen || prompt(line) || (continued && afterPrompt);
                afterPrompt = typed;
            } else if (commands) {
                typed = continued || startsWithCommandWord(line);
            } else {
                typed = true;
            }
            if (typed && !continued) {
                command = (prompted && !promptSeen) || line.length() > ENCLOSING_CHARS ? "" : line;
            } else if (typed && !command.isEmpty()) { // a command over several lines is all of them
                command = command.length() + line.length() < ENCLOSING_CHARS ? command + "\n" + line : "";
            }
            // in a shell session, "# ..." and "* ..." are a root prompt or what a command printed, not comments
            String comment = prompted ? "" : read.get(i).comment();
            // what a command printed is read with the command, which says what it shows
            String enclosing = typed || command.isEmpty() ? read.get(i).enclosing() : command;
            out.add(new Line(line, !typed, comment, enclosing, read.get(i).remark()));
            continued = typed && CONTINUES.matcher(line).find();
        }
        return out;
    }

    /**
     * The non-blank lines of {@code block}, stripped, each with what says what it does:
     *
     * <ul>
     *   <li>its comment: the comment lines above it ({@link #comment}; joined, or the last alone when together they
     *       run over {@value #COMMENT_CHARS} characters), until a blank line, the next comment, a line indented less
     *       than the comment, or the end of a block the comment is in or that opened after it. In {@code -- Default is
     *       100, higher values = more accurate but slower} then {@code ALTER TABLE orders ALTER COLUMN status SET
     *       STATISTICS 500;}, the comment says what the statement is for in the words a question uses, which the
     *       statement lacks. A comment line itself has none;
     *   <li>the line enclosing it: the line opening the innermost block it sits in, a block being the lines after a
     *       line that ends with <code>&#123;</code> or {@code :} ({@link #opens}; a CSS rule, a YAML key, a JSON
     *       object, an nginx block, a Python function) until one indented no more than that line (a YAML list item:
     *       until one indented less, or the next item); else the section header above it, at the start of a line
     *       ({@code [Service]} over {@code RestartSec=30}, {@code annotations:} over a Kubernetes annotation). An
     *       opening line longer than {@value #ENCLOSING_CHARS} characters is none. A section header itself has none.
     * </ul>
     */
    private static List<Read> read(String block) {
        List<Read> read = new ArrayList<>();
        Comments comments = new Comments();
        Deque<Opener> open = new ArrayDeque<>(); // the blocks around the line, innermost first
        String section = "";
        for (String raw : block.split("\\R")) {
            if (raw.isBlank()) {
                comments.end();
                continue;
            }
            String line = raw.strip();
            int indent = indent(raw);
            boolean item = line.startsWith("- "); // a YAML list item may sit at its key's indent, not at an item's
            boolean label = ACCESS.matcher(line).matches();
            while (!open.isEmpty() && closes(open.peek(), indent, item)) {
                if (label && open.peek().brace()) break;
                open.pop();
                comments.closed(open.size());
            }
            // an access label in a brace block (the blocks opened in it by a colon ended) neither ends it nor opens one
            boolean access = label && !open.isEmpty() && open.peek().brace();
            comments.dedented(indent);
            String enclosing = open.isEmpty() ? section : open.peek().line();
            if (comment(line)) {
                comments.add(line, open.size(), indent);
                read.add(new Read(line, "", enclosing, true));
            } else if (indent == 0 && SECTION.matcher(line).matches()) {
                comments.code();
                read.add(new Read(line, comments.current(), "", false));
                section = line;
            } else {
                comments.code();
                read.add(new Read(line, comments.current(), enclosing, false));
                // a longer opener still opens a block, but is no line's context
                if (opens(line) && !access)
                    open.push(new Opener(indent, line.length() <= ENCLOSING_CHARS ? line : "", line.endsWith("{")));
            }
        }
        return read;
    }

    /**
     * Whether {@code line} opens a block: it ends with <code>&#123;</code> or {@code :}, but not {@code ::} (a label or
     * a scope: AutoHotkey's {@code #Space::}, C++'s {@code std::}).
     */
    private static boolean opens(String line) {
        return line.endsWith("{") || (line.endsWith(":") && !line.endsWith("::"));
    }

    /** Whether a line at {@code indent} (a YAML list item when {@code item}) is out of the block that opener opens. */
    private static boolean closes(Opener opener, int indent, boolean item) {
        if (!item) return opener.indent() >= indent;
        return opener.indent() > indent
                || (opener.indent() == indent && opener.line().startsWith("- "));
    }

    /** The columns a line is indented by, a tab counting {@value #TAB_COLUMNS}. */
    private static int indent(String raw) {
        int columns = 0;
        for (int i = 0; i < raw.length() && Character.isWhitespace(raw.charAt(i)); i++)
            columns += raw.charAt(i) == '\t' ? TAB_COLUMNS : 1;
        return columns;
    }

    /** The comment in force while a block's lines are read ({@link #read}), joined in one pass however long the run. */
    private static final class Comments {
        private final StringBuilder run = new StringBuilder(); // the comment lines read in a row, joined
        private String joined = ""; // run as a string, made once: every line under the comment shares it
        private boolean tooLong; // the run is over COMMENT_CHARS: its last line alone is the comment
        private boolean reading; // the line before was a comment
        private int depth = -1; // how many blocks were open at the comment; -1: no comment
        private int indent;

        void add(String line, int openBlocks, int lineIndent) {
            if (!reading) end();
            reading = true;
            depth = openBlocks;
            indent = lineIndent;
            if (!tooLong && run.length() + 1 + line.length() <= COMMENT_CHARS) {
                if (!run.isEmpty()) run.append(' ');
                run.append(line);
            } else {
                tooLong = true;
            }
            joined = !tooLong ? run.toString() : line.length() <= COMMENT_CHARS ? line : "";
        }

        /** A line of code was read: the next comment line starts a new comment. */
        void code() {
            reading = false;
        }

        /** A block closed, leaving {@code openBlocks} open: one the comment is in, or one opened after it, ends it. */
        void closed(int openBlocks) {
            if (openBlocks <= depth) end();
        }

        /** A line indented less than the comment ends it. */
        void dedented(int lineIndent) {
            if (depth >= 0 && lineIndent < indent) end();
        }

        void end() {
            run.setLength(0);
            joined = "";
            tooLong = false;
            reading = false;
            depth = -1;
        }

        String current() {
            return joined;
        }
    }

    /**
     * Whether {@code line} is a comment that says something: a comment marker ({@link #COMMENT}), then two words or
     * more, the first starting with a letter or digit and one of three letters; not a line that opens a block
     * (<code>#header &#123;</code>, a CSS rule) or holds one (<code>* &#123; margin: 0; &#125;</code>), and not a
     * command after a root prompt or zsh's {@code %}: a command word, or a second word that is a file or an option
     * ({@code # apt install nginx}, {@code # nano config.yaml}, {@code % brew install wget}).
     */
    private static boolean comment(String line) {
        if (!COMMENT.matcher(line).lookingAt() || line.endsWith("{")) return false;
        Matcher marker = MARKER.matcher(line);
        String said = marker.lookingAt() ? line.substring(marker.end()) : line;
        String[] words = said.strip().split("\\s+", 3);
        if (words.length < 2
                || !Character.isLetterOrDigit(words[0].codePointAt(0))
                || !WORD.matcher(said).find()) return false;
        boolean command =
                COMMAND_WORDS.contains(words[0]) || ARGUMENT.matcher(words[1]).matches();
        return !(command && (line.startsWith("#") || line.startsWith("%")));
    }

    /**
     * The command typed at a prompt ({@code $ }, {@code # apt}, ...) that a block's {@code lines} (as {@link #of} told
     * them apart) end with, all its lines when it goes on over several ({@code $ docker run \} then
     * {@code --rm nginx}), or null when the last line is no such command.
     */
    static @Nullable String promptedCommand(List<Line> lines) {
        if (lines.isEmpty()
                || lines.get(lines.size() - 1).output()
                || lines.stream().noneMatch(l -> prompt(l.text()))) return null;
        int first = lines.size() - 1;
        while (first > 0
                && !lines.get(first - 1).output()
                && CONTINUES.matcher(lines.get(first - 1).text()).find()) first--;
        List<String> command = new ArrayList<>();
        for (Line l : lines.subList(first, lines.size())) command.add(l.text());
        return String.join("\n", command);
    }

    /**
     * Whether a line reads as something a program wrote, not as code: it starts with a capital or a digit
     * ({@code Created symlink ...}, {@code Python 3.10.12}) and holds none of {@code {}();=|$} or a backtick. A command
     * word is lower case, so no known command reads as a message.
     */
    private static boolean readsAsMessage(String line) {
        char first = line.charAt(0);
        if (!Character.isUpperCase(first) && !Character.isDigit(first)) return false;
        for (int i = 0; i < line.length(); i++) if ("{}();=|$`".indexOf(line.charAt(i)) >= 0) return false;
        return true;
    }

    private static boolean prompt(String line) {
        if (PROMPT.matcher(line).find()) return true;
        var root = ROOT_PROMPT.matcher(line);
        return root.find() && COMMAND_WORDS.contains(root.group(1).toLowerCase(Locale.ROOT));
    }

    private static boolean startsWithCommandWord(String line) {
        int end = 0;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end))) end++;
        return end < line.length() && COMMAND_WORDS.contains(line.substring(0, end));
    }
}

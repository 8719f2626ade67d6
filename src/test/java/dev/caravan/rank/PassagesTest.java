package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import dev.caravan.model.TextBlock.Kind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PassagesTest {

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            a plain statement             | PARAGRAPH | Heat pumps cut running costs by a third in most homes.             | true
            a question                    | PARAGRAPH | How much do cloud services cost for a small business?             | false
            a short fragment              | PARAGRAPH | Pumps work well.                                                  | false
            no sentence end in prose      | PARAGRAPH | Heat pumps cut running costs by a third in most homes             | false
            a list item without a stop    | LIST_ITEM | Heat pumps cut running costs by a third in most homes             | true
            a table row                   | TABLE_ROW | Kentucky and New Jersey: 16 percent top rate on inheritances    | true
            a heading                     | HEADING   | Heat pumps cut running costs by a third in most homes.            | false
            code                          | CODE      | The value of logging.getLogger is returned to the caller here.    | false
            a call to action              | PARAGRAPH | Sign up for our newsletter to get the latest heat pump deals.     | false
            a generic opener              | PARAGRAPH | In this article, we explain everything about heat pump costs.     | false
            a short lead-in with a colon  | PARAGRAPH | Here are the steps you need to follow:                            | false
            a long sentence with a colon  | PARAGRAPH | The installer has just released a package that sets it all up with no external dependencies: | true
            mostly numbers                | PARAGRAPH | Model 1234 5678 9012 3456 7890 1234 5678 9012 ships.              | false
            a lower-case start            | PARAGRAPH | and heat pumps cut running costs by a third in most homes.        | false
            """)
    void only_sentences_that_stand_alone_are_quotable(String name, Kind kind, String sentence, boolean quotable) {
        assertThat(Passages.quotable(sentence, kind)).isEqualTo(quotable);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a pronoun                     | The basic plan covers one camera. It costs $12 a month.             | The basic plan covers one camera. It costs $12 a month.
            a connective                  | Most pumps lose output below zero. However, modern models keep 80 percent of it. | Most pumps lose output below zero. However, modern models keep 80 percent of it.
            an adverb before the pronoun  | You might get an error that says too many renders. Typically, this means that state is set during render. | You might get an error that says too many renders. Typically, this means that state is set during render.
            """)
    void a_sentence_that_leans_on_the_one_before_is_quoted_with_it(String name, String paragraph, String expected) {
        List<Passage> passages = Passages.of(List.of(new TextBlock(Kind.PARAGRAPH, paragraph)));

        assertThat(passages).extracting(Passage::text).contains(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a pronoun                     | It costs $12 a month for every single camera.
            a connective                  | However, modern models keep 80 percent of their output.
            """)
    void a_sentence_that_leans_on_a_missing_one_is_not_quoted(String name, String paragraph) {
        assertThat(Passages.of(List.of(new TextBlock(Kind.PARAGRAPH, paragraph))))
                .isEmpty();
    }

    @org.junit.jupiter.api.Test
    void a_passage_remembers_the_heading_it_sits_under_without_quoting_it() {
        List<Passage> passages = Passages.of(List.of(
                new TextBlock(Kind.HEADING, "Five steps to a newsletter"),
                new TextBlock(Kind.PARAGRAPH, "The first step is a deep research report.")));

        assertThat(passages)
                .filteredOn(p -> p.kind() == Kind.PARAGRAPH)
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.text()).isEqualTo("The first step is a deep research report.");
                    assertThat(p.heading()).isEqualTo("Five steps to a newsletter");
                });
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a short list item, no sentence  | LIST_ITEM | Specializations and professional certificates $49/month | Specializations and professional certificates $49/month
            a line of code                  | CODE      | $ flask run --host=0.0.0.0                              | $ flask run --host=0.0.0.0
            an assignment of one token      | CODE      | REDIS_PRIMARY_SERVICE_HOST=10.0.0.11                    | REDIS_PRIMARY_SERVICE_HOST=10.0.0.11
            a call of one token             | CODE      | console.log(total);                                     | console.log(total);
            an element and its value        | CODE      | <Nullable>enable</Nullable>                             | <Nullable>enable</Nullable>
            a heading of a few words        | HEADING   | Step 1: Stop & Stare                                    | Step 1: Stop & Stare
            a label line                    | PARAGRAPH | Weight: 1.2 kg with the battery                         | Weight: 1.2 kg with the battery
            a price line of prose           | PARAGRAPH | Specializations and professional certificates $49/month | Specializations and professional certificates $49/month
            a name with its other name      | PARAGRAPH | Weightlifter's Shoulder (Distal Clavicular Osteolysis)  | Weightlifter's Shoulder (Distal Clavicular Osteolysis)
            a caption of a range            | PARAGRAPH | Pages 193-218 (Hard Copy pages 477-502) - Gas Springs   | Pages 193-218 (Hard Copy pages 477-502) - Gas Springs
            """)
    void every_kind_of_block_can_be_quoted_whole(String name, Kind kind, String block, String quoted) {
        assertThat(Passages.of(List.of(new TextBlock(kind, block))))
                .extracting(Passage::text)
                .containsExactly(quoted);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a one-word heading              | HEADING   | Overview
            a brace of code                 | CODE      | });
            a lone keyword of code          | CODE      | return;
            a closing tag                   | CODE      | </Project>
            a one-word list item            | LIST_ITEM | Pricing
            a call to action in a list      | LIST_ITEM | Sign up for the newsletter today
            a two-word line of prose        | PARAGRAPH | Read more
            a call to action line of prose  | PARAGRAPH | Subscribe to our weekly heat pump newsletter
            """)
    void furniture_of_any_kind_is_not_quoted(String name, Kind kind, String block) {
        assertThat(Passages.of(List.of(new TextBlock(kind, block)))).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void a_table_row_carries_its_header_row_and_a_code_line_its_lead_in_as_context() {
        List<Passage> passages = Passages.of(List.of(
                new TextBlock(Kind.HEADING, "Hardware"),
                new TextBlock(Kind.TABLE_ROW, "Component | Specification", true),
                new TextBlock(Kind.TABLE_ROW, "GPU | 4 × Nvidia RTX 5090"),
                new TextBlock(Kind.PARAGRAPH, "To install the plugin, run this command:"),
                new TextBlock(Kind.CODE, "npm install tailwindcss @tailwindcss/vite\n}")));

        assertThat(passages)
                .filteredOn(p -> p.text().startsWith("GPU"))
                .singleElement()
                .extracting(Passage::context)
                .isEqualTo("Component | Specification");
        assertThat(passages)
                .filteredOn(p -> p.kind() == Kind.CODE)
                .singleElement()
                .satisfies(p -> {
                    assertThat(p.text()).isEqualTo("npm install tailwindcss @tailwindcss/vite");
                    assertThat(p.context()).isEqualTo("To install the plugin, run this command:");
                });
    }

    /** A label and its value in two blocks (a definition list, a grid of label and value cells) are one label line. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            definition list, a label and its value    | LIST_ITEM | Care instructions: // Machine wash at 30 °C, machine wash on gentle cycle // Collar: // Turn-down collar | Care instructions: Machine wash at 30 °C, machine wash on gentle cycle | true
            label and value paragraphs of a spec grid | PARAGRAPH | Developer: // Gaijin Entertainment                                                                     | Developer: Gaijin Entertainment                                         | true
            a lead-in item followed by several items  | LIST_ITEM | Ingredients: // 500 grams of bread flour // 330 grams of lukewarm water                                  | Ingredients: 500 grams of bread flour                                    | false
            a long lead-in sentence is no label       | PARAGRAPH | To install the plugin on every machine you manage, run this: // npm install tailwindcss              | To install the plugin on every machine you manage, run this: npm install tailwindcss | false
            """)
    void a_label_and_its_value_in_two_blocks_are_quoted_as_one_line(
            String name, Kind kind, String page, String line, boolean joined) {
        List<TextBlock> blocks = java.util.Arrays.stream(page.split(" // "))
                .map(t -> new TextBlock(kind, t.strip()))
                .toList();

        List<String> texts = Passages.of(blocks).stream().map(Passage::text).toList();

        if (joined) assertThat(texts).contains(line);
        else assertThat(texts).doesNotContain(line);
    }

    /**
     * Which row a table row is read under: a header row the page marks, else none in a two-column key/value table
     * (each row stands alone with the heading or lead-in), else the first row. "^" marks a header row, "|" a row.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a marked header row heads the rows under it       ~ ^ Model | Efficiency // | Atlas 9 | COP 4.1          ~ Atlas 9 | COP 4.1   ~ Model | Efficiency
            a key and its value stand alone under the heading ~ | Price | $1099.00 // | Lamp Life | 25,000 Hrs     ~ Lamp Life | 25,000 Hrs ~ Nebula Mars 3 Specs
            a data row marked first is no header              ~ | Price | $1099.00 // ^ Model | Price // | Atlas 9 | $900 ~ Atlas 9 | $900 ~ Model | Price
            a row above the marked header has no context      ~ | Price | $1099.00 // ^ Model | Price // | Atlas 9 | $900 ~ Price | $1099.00 ~ ''
            three columns and no mark: the first row heads    ~ | Model | Efficiency | Price // | Atlas 9 | COP 4.1 | $900 ~ Atlas 9 | COP 4.1 | $900 ~ Model | Efficiency | Price
            """)
    void a_table_row_is_read_under_the_header_row_the_page_marks_or_under_none_in_a_key_value_table(
            String name, String rows, String row, String context) {
        List<TextBlock> blocks = new java.util.ArrayList<>();
        blocks.add(new TextBlock(Kind.HEADING, "Nebula Mars 3 Specs"));
        for (String r : rows.split(" // "))
            blocks.add(new TextBlock(Kind.TABLE_ROW, r.substring(2).strip(), r.startsWith("^")));

        assertThat(Passages.of(blocks))
                .filteredOn(p -> p.text().equals(row))
                .singleElement()
                .extracting(Passage::context)
                .isEqualTo(context);
    }

    /**
     * A comparison table whose columns are products and whose cells are sentences: its rows are too long to quote whole,
     * so each cell is quoted with its column's header cell, after the row's label when it has one.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a cell under its column              ~ Pricing starts at $14 a user for Standard, which offers limited functionality ~ Acme CRM
            a cell under its row label and column ~ Three tiers after Standard: Professional at $23 and Enterprise at $40 for larger teams ~ Scaling up | Acme CRM
            """)
    void the_cells_of_a_row_too_long_to_quote_are_quoted_each_under_its_column(
            String name, String cell, String context) {
        String filler =
                " with a long explanation of what the other vendor includes in the plan, how it is billed, which"
                        + " features cost extra, and what support comes with it";
        List<TextBlock> blocks = List.of(
                new TextBlock(Kind.TABLE_ROW, "Pricing | Other CRM | Acme CRM"),
                new TextBlock(
                        Kind.TABLE_ROW,
                        "Included with any suite at no additional cost | Pricing starts at $25 a user for Starter"
                                + filler + filler
                                + " | Pricing starts at $14 a user for Standard, which offers limited functionality"),
                new TextBlock(
                        Kind.TABLE_ROW,
                        "Scaling up | Two tiers after Starter" + filler + filler + filler
                                + " | Three tiers after Standard: Professional at $23 and Enterprise at $40 for larger"
                                + " teams"));

        assertThat(Passages.of(blocks))
                .filteredOn(p -> p.text().equals(cell))
                .singleElement()
                .extracting(Passage::context)
                .isEqualTo(context);
    }

    @ParameterizedTest(name = "{0} characters: quoted {1}")
    @CsvSource(textBlock = """
            300,  true
            400,  true
            401,  false
            5000, false
            """)
    void a_long_line_of_code_such_as_a_log_line_is_quoted_but_not_minified_code(int length, boolean quoted) {
        String prefix =
                "RuntimeError: Detected that custom integration 'tuya_local' calls async_create_task from a thread ";
        String line = prefix + "abcdef".repeat(length).substring(0, length - prefix.length());

        assertThat(Passages.of(List.of(new TextBlock(Kind.CODE, line))))
                .extracting(Passage::text)
                .isEqualTo(quoted ? List.of(line) : List.of());
    }

    @Test
    void a_lead_in_is_the_context_of_the_list_table_or_code_right_after_it_not_of_what_follows_them() {
        List<Passage> passages = Passages.of(List.of(
                new TextBlock(Kind.HEADING, "Management commands"),
                new TextBlock(Kind.PARAGRAPH, "Exclude queues from being purged with the -X option:"),
                new TextBlock(Kind.CODE, "$ celery -A proj purge -X celery"),
                new TextBlock(Kind.CODE, "$ celery -A proj purge -X celery,foo"),
                new TextBlock(Kind.LIST_ITEM, "inspect active: List active tasks")));

        assertThat(passages)
                .filteredOn(p -> p.kind() != Kind.PARAGRAPH)
                .extracting(Passage::text, Passage::context)
                .containsExactly(
                        tuple(
                                "$ celery -A proj purge -X celery",
                                "Exclude queues from being purged with the -X option:"),
                        tuple(
                                "$ celery -A proj purge -X celery,foo",
                                "Exclude queues from being purged with the -X option:"),
                        tuple("inspect active: List active tasks", "Management commands"));
    }

    @Test
    void a_blob_hidden_in_a_few_words_is_never_quoted() {
        String blob = "data:image/png;base64," + "iVBORw0KGgo".repeat(200);
        List<TextBlock> blocks = List.of(
                new TextBlock(Kind.TABLE_ROW, "Logo | " + blob),
                new TextBlock(Kind.LIST_ITEM, "Logo " + blob),
                new TextBlock(Kind.HEADING, "The shop's logo " + blob),
                new TextBlock(Kind.PARAGRAPH, "The logo of the shop is " + blob + " in the footer."),
                new TextBlock(Kind.PARAGRAPH, "The logo of the shop sits in the footer of every page."));

        assertThat(Passages.of(blocks))
                .extracting(Passage::text)
                .containsExactly("The logo of the shop sits in the footer of every page.");
    }

    @Test
    void a_first_row_too_long_to_quote_is_data_not_a_header() {
        String longRow =
                "Pricing starts at $25 a user for the Starter Suite of the other vendor, billed each year, with"
                        + " the sales, service and marketing modules sold apart and support extra | Pricing starts at $14 a user"
                        + " for Standard, which offers limited functionality and an email integration, billed each year, with"
                        + " the analytics module sold apart, and a free plan for up to three users that lacks the workflow rules,"
                        + " the custom reports and the sandbox that every paid plan has";
        List<TextBlock> blocks = List.of(
                new TextBlock(Kind.TABLE_ROW, longRow), new TextBlock(Kind.TABLE_ROW, "Support | Email | Phone"));

        assertThat(Passages.of(blocks)).extracting(Passage::text).contains("Support | Email | Phone");
    }

    /** A code block's lines (" ¶ " between them): a prompt or a command word makes a typed line, the rest is output. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            a prompt then what it printed    | $ go mod init example/hello ¶ go: creating new go.mod: module example/hello | typed output
            a root prompt then output        | # apt install nginx ¶ Reading package lists... Done                          | typed output
            a user@host prompt, two commands | pi@raspberrypi:~ $ sudo rpi-update ¶  *** Raspberry Pi firmware updater ¶ pi@raspberrypi:~ $ sudo reboot | typed output typed
            a REPL                           | >>> list(batched('ABCDEFG', 3)) ¶ [('A', 'B', 'C'), ('D', 'E', 'F'), ('G',)] | typed output
            commands without prompts         | pip install fastapi ¶ Successfully installed fastapi-0.115.0 ¶ pip list   | typed output typed
            a command over two lines         | $ docker run \\ ¶   --rm nginx ¶ Unable to find image locally           | typed typed output
            a program is all typed           | import logging ¶ logging.basicConfig(filemode='w') ¶ log = logging.getLogger() | typed typed typed
            a comment is no root prompt      | # configure the logger ¶ logging.basicConfig(level=logging.INFO)            | typed typed
            a REPL after the code it runs    | def square(x): ¶ return x * x ¶ >>> square(12) ¶ 144                       | typed typed typed output
            """)
    void a_code_line_is_typed_or_what_a_command_printed(String name, String block, String expected) {
        String actual = String.join(
                " ",
                CodeLines.of(block.replace(" ¶ ", "\n")).stream()
                        .map(l -> l.output() ? "output" : "typed")
                        .toList());
        assertThat(actual).isEqualTo(expected);
    }

    /**
     * A code block (" ¶ " between lines, " ⏎ " a blank line) under the heading "Setup": the context of its line
     * {@code line} is the comment above it, until a blank line or the next comment, else the heading.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            an SQL comment                 ~ -- Default is 100, higher is more accurate ¶ ALTER TABLE orders ALTER COLUMN status SET STATISTICS 500; ~ ALTER TABLE orders ALTER COLUMN status SET STATISTICS 500; ~ -- Default is 100, higher is more accurate
            a comment over the lines below ~ # Install the tools ¶ sudo apt install git ¶ sudo apt install curl  ~ sudo apt install curl ~ # Install the tools
            two comment lines in a row     ~ // Save a file as root ¶ // when vim was not started with sudo ¶ cmap w!! w !sudo tee ~ cmap w!! w !sudo tee ~ // Save a file as root // when vim was not started with sudo
            a Vim comment                  ~ " Save a file as root ¶ cmap w!! w !sudo tee > /dev/null %  ~ cmap w!! w !sudo tee > /dev/null % ~ " Save a file as root
            an INI comment                 ~ ; the cache size ¶ cache=64                                        ~ cache=64 ~ ; the cache size
            a C comment                    ~ /* raise the limit */ ¶ limit = 10;                                ~ limit = 10; ~ /* raise the limit */
            an HTML comment                ~ <!-- the main menu --> ¶ <nav id="menu">                           ~ <nav id="menu"> ~ <!-- the main menu -->
            a batch file comment           ~ REM set the path ¶ set PATH=C:/bin                                 ~ set PATH=C:/bin ~ REM set the path
            a TeX comment                  ~ % the title page ¶ title = "Notes"                                 ~ title = "Notes" ~ % the title page
            the next comment               ~ # Build it ¶ make build ¶ # Test it ¶ make test                    ~ make test ~ # Test it
            a blank line ends a comment    ~ # Build it ¶ make build ⏎ make test                                ~ make test ~ Setup
            a line indented less ends it   ~ x = 1 ¶   # the defaults ¶   port = 80 ¶ run(main)                ~ run(main) ~ Setup
            the comment over the indented  ~ x = 1 ¶   # the defaults ¶   port = 80 ¶ run(main)                ~ port = 80 ~ # the defaults
            a comment line itself          ~ # Build it ¶ make build                                            ~ # Build it ~ Setup
            a JSON string is no comment    ~ " Hello world", ¶ "next": 1                                        ~ "next": 1 ~ Setup
            a shebang is no comment        ~ #!/usr/bin/env bash ¶ set -euo pipefail                             ~ set -euo pipefail ~ Setup
            a preprocessor line            ~ #include <stdio.h> ¶ int main(void)                                ~ int main(void) ~ Setup
            a spaced preprocessor line     ~ # include <stdio.h> ¶ int main(void)                               ~ int main(void) ~ Setup
            a Rust attribute               ~ #[derive(Debug)] ¶ struct Point                                    ~ struct Point ~ Setup
            a command after a root prompt  ~ # vim /etc/ssh/sshd_config ¶ PermitRootLogin no                    ~ PermitRootLogin no ~ Setup
            a command after a zsh prompt   ~ % brew install wget ¶ wget --version                               ~ wget --version ~ Setup
            output in a shell session      ~ $ git branch --list ¶ * main and more ¶ $ git switch dev           ~ $ git switch dev ~ Setup
            a JavaScript statement         ~ ;[1, 2].forEach(print) ¶ done()                                    ~ done() ~ Setup
            a single word says nothing     ~ # TODO ¶ make build                                                ~ make build ~ Setup
            a comment opening with if      ~ # if the cache is cold, warm it ¶ warm_cache()                    ~ warm_cache() ~ # if the cache is cold, warm it
            a file after a root prompt     ~ # nano config.yaml ¶ port: 80                                      ~ port: 80 ~ Setup
            a dash in a comment            ~ # Note - requires root ¶ make install                              ~ make install ~ # Note - requires root
            dashes in two words            ~ # -- -- ¶ make build                                               ~ make build ~ Setup
            a rule of dashes says nothing  ~ # ---------- ¶ make build                                          ~ make build ~ Setup
            """)
    void a_code_line_is_read_with_the_comment_above_it(String name, String block, String line, String context) {
        assertThat(contextOf(block, line)).isEqualTo(context);
    }

    @org.junit.jupiter.api.Test
    void a_run_of_comments_too_long_to_be_context_gives_its_last_line() {
        String run = "# a comment line of some forty characters\n".repeat(10);

        assertThat(contextOf(run + "# the last one ¶ make build", "make build")).isEqualTo("# the last one");
        assertThat(contextOf("# the first one ¶ # and the second ¶ make build", "make build"))
                .isEqualTo("# the first one # and the second");
        assertThat(contextOf("# " + "long ".repeat(62) + "¶ make build", "make build"))
                .isEqualTo("Setup");
    }

    /**
     * A code block (" ¶ " between lines) under the heading "Setup": the context of its line {@code line} (" / " between
     * the lines of the context) is the heading, then the line opening the block or section it sits in, when there is
     * one; a comment above the line comes first.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            an INI section                ~ [Service] ¶ Restart=always ¶ RestartSec=30                    ~ RestartSec=30  ~ Setup / [Service]
            a TOML array of tables        ~ [package] ¶ name = "a" ¶ [[bin]] ¶ name = "cli"               ~ name = "cli"   ~ Setup / [[bin]]
            a section header itself       ~ [core] ¶ bare = false ¶ [remote "origin"] ¶ url = /srv/repo  ~ [remote "origin"] ~ Setup
            an array is no section        ~ [1, 2, 3] ¶ total = 6                                         ~ total = 6      ~ Setup
            a YAML key                    ~ metadata: ¶   annotations: ¶     service.beta.kubernetes.io/aws-load-balancer-scheme: "internal" ~ service.beta.kubernetes.io/aws-load-balancer-scheme: "internal" ~ Setup / annotations:
            a YAML list at its key's indent ~ spec: ¶   containers: ¶   - name: web ¶     image: nginx      ~ image: nginx   ~ Setup / containers:
            a CSS rule                    ~ button:last-child { ¶   order: -1; ¶ }                        ~ order: -1;     ~ Setup / button:last-child {
            a CSS rule on an id           ~ #header { ¶   margin: 0; ¶ }                                   ~ margin: 0;     ~ Setup / #header {
            the innermost block           ~ server { ¶   location / { ¶     proxy_pass http://localhost:8080/; ¶   } ¶   location /images/ { ¶     root /data; ¶   } ¶ } ~ root /data; ~ Setup / location /images/ {
            a line after the block ends   ~ server { ¶   listen 80; ¶ } ¶ worker_processes 4;             ~ worker_processes 4; ~ Setup
            a line beside a key's line    ~ Output: ¶ Time: 3.02 sec                                     ~ Time: 3.02 sec ~ Setup
            a key with a value            ~ name: caravan ¶ version: 1.0                                  ~ version: 1.0   ~ Setup
            a comment comes first         ~ [Service] ¶ # come back after half a minute ¶ RestartSec=30   ~ RestartSec=30  ~ # come back after half a minute
            a comment ends with its block ~ # redirect to https ¶ server { ¶   listen 80; ¶ } ¶ server { ¶   listen 443 ssl; ¶ } ~ listen 443 ssl; ~ Setup / server {
            a comment ends with a block inside ~ http { ¶   # redirect to https ¶   server { ¶     listen 80; ¶   } ¶   server { ¶     listen 443 ssl; ¶   } ¶ } ~ listen 443 ssl; ~ Setup / server {
            comments on both sides of a section ~ # the first thing ¶ [Service] ¶ # the second thing ¶ Restart=always ~ Restart=always ~ # the second thing
            a list item after an item     ~ http: ¶ - match: ¶   - uri: ¶       prefix: /api ¶ - route: ¶   - destination: ¶       host: api ~ - route: ~ Setup / http:
            an opening line too long      ~ location /segment/segment/segment/segment/segment/segment/segment/segment/segment/segment/segment/segment/segment/segment { ¶   listen 80; ¶ }   ~ listen 80; ~ Setup
            a CSS rule for every element  ~ * { margin: 0; padding: 0; } ¶ body { ¶   color: red; ¶ }        ~ color: red;    ~ Setup / body {
            a section header indented     ~ values = [ ¶   [foo] ¶ ] ¶ value = 2                             ~ value = 2      ~ Setup
            a label is no block           ~ #Space:: ¶   ControlFocus, DirectUIHWND3, A ¶   return            ~ ControlFocus, DirectUIHWND3, A ~ Setup
            an access label is no block   ~ class Cache { ¶ public: ¶   void clear(); ¶ };                 ~ void clear();  ~ Setup / class Cache {
            an access label with a comment ~ class Cache { ¶ public: // the API ¶   void clear(); ¶ };      ~ void clear();  ~ Setup / class Cache {
            a YAML key named like a label ~ networks: ¶   public: ¶     driver: bridge                     ~ driver: bridge ~ Setup / public:
            an access label after a colon block ~ class Cache { ¶ public: ¶     Cache() : ¶         size_(0) {} ¶ private: ¶     int size_; ¶ }; ~ int size_; ~ Setup / class Cache {
            """)
    void a_code_line_is_read_with_the_line_opening_its_block(String name, String block, String line, String context) {
        assertThat(contextOf(block, line).replace("\n", " / ")).isEqualTo(context);
    }

    /** The context of line {@code line} of a code block (" ¶ " between lines, " ⏎ " a blank line) under "Setup". */
    private static String contextOf(String block, String line) {
        List<TextBlock> page = List.of(
                new TextBlock(Kind.HEADING, "Setup"),
                new TextBlock(Kind.CODE, block.replace(" ⏎ ", "\n\n").replace(" ¶ ", "\n")));
        return Passages.of(page).stream()
                .filter(p -> p.text().equals(line))
                .map(Passage::context)
                .reduce((a, b) -> {
                    throw new AssertionError("two passages " + line);
                })
                .orElseThrow(() -> new AssertionError("no passage " + line));
    }

    /**
     * What a command printed (a code block under the heading "Setup", " ¶ " between lines) is read with the command
     * typed before it, a value alone on its line too; a lone value that no command printed is not quoted.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            a line a prompted command printed  ~ $ git log --oneline ¶ f30ab (HEAD -> master) Add feature ~ f30ab (HEAD -> master) Add feature ~ Setup / $ git log --oneline
            a value a REPL line printed        ~ >>> factorial(10) ¶ 3628800 ¶ >>> factorial(12) ¶ 479001600 ~ 479001600 ~ Setup / >>> factorial(12)
            what a command with no prompt printed ~ pip install fastapi ¶ Successfully installed fastapi-0.115.0 ~ Successfully installed fastapi-0.115.0 ~ Setup / pip install fastapi
            a command of two lines              ~ $ docker run \\ ¶ --rm nginx ¶ Unable to find image locally ~ Unable to find image locally ~ Setup / $ docker run \\ / --rm nginx
            """)
    void what_a_command_printed_is_read_with_the_command(String name, String block, String line, String context) {
        assertThat(contextOf(block, line).replace("\n", " / ")).isEqualTo(context);
    }

    @Test
    void a_lone_value_in_a_program_is_not_quoted() {
        List<TextBlock> page = List.of(new TextBlock(Kind.CODE, "total = 12\n479001600"));

        assertThat(Passages.of(page)).extracting(Passage::text).containsExactly("total = 12");
    }

    /**
     * A sentence ending in a colon, then a code block (" ¶ " between lines; "js ‖ " a label paragraph before it, " ‖ "
     * any other paragraph): the sentence's finding shows a block of up to five lines after it; each line is a passage
     * too, read with the sentence.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            a block of four lines                ~ func c() (i int) { ¶     defer func() { i++ }() ¶     return 1 ¶ } ~ func c() (i int) { ¶     defer func() { i++ }() ¶     return 1 ¶ }
            a block under its language's label   ~ js ‖ process.on("unhandledRejection", (reason) => { ¶ }); ~ process.on("unhandledRejection", (reason) => { ¶ });
            a block of six lines                 ~ a = 1 ¶ b = 2 ¶ c = 3 ¶ d = 4 ¶ e = 5 ¶ f = 6 ~ ``
            a paragraph between                  ~ Then run it. ‖ go run . ~ ``
            """)
    void a_sentence_introducing_a_short_code_block_shows_it(String name, String after, String shows) {
        String leadIn = "In this example, a deferred function increments the return value after the function returns,"
                + " like this:";
        List<TextBlock> page = new ArrayList<>(List.of(new TextBlock(Kind.PARAGRAPH, leadIn)));
        String[] parts = after.split(" ‖ ");
        for (int i = 0; i < parts.length - 1; i++) page.add(new TextBlock(Kind.PARAGRAPH, parts[i]));
        page.add(new TextBlock(Kind.CODE, parts[parts.length - 1].replace(" ¶ ", "\n")));

        List<Passage> passages = Passages.of(page);

        assertThat(passages.get(0).text()).isEqualTo(leadIn);
        assertThat(passages.get(0).shows()).isEqualTo(shows.replace(" ¶ ", "\n"));
        assertThat(passages.get(0).quoted())
                .isEqualTo(shows.isEmpty() ? leadIn : leadIn + "\n" + shows.replace(" ¶ ", "\n"));
        if (parts.length == 2 && parts[0].equals("js"))
            assertThat(passages.get(1).context()).isEqualTo(leadIn); // the label ends no lead-in
    }

    /**
     * A code block (" ¶ " between lines, " ⏎ " a blank line): a comment line shows the lines after it down to the line
     * of code it is the comment of, whether or not that line is quotable itself.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            a comment over a line            ~ -- JSONB index for querying JSON data ¶ CREATE INDEX idx ON events USING GIN(data); ~ -- JSONB index for querying JSON data ~ CREATE INDEX idx ON events USING GIN(data);
            the first of two comment lines   ~ # stage every modified file ¶ # then commit them ¶ git commit -am "note" ~ # stage every modified file ~ # then commit them ¶ git commit -am "note"
            a comment over a line too short to quote ~ # increment the counter ¶ i++ ¶ print(i) ~ # increment the counter ~ i++
            a comment over a line too long to show   ~ # the bundle, minified ¶ LONG ~ # the bundle, minified ~ ``
            a comment then a blank line      ~ # stage every modified file ⏎ git commit -am "note" ~ # stage every modified file ~ ``
            a comment at the end of a block  ~ git commit -am "note" ¶ # stage every modified file ~ # stage every modified file ~ ``
            """)
    void a_comment_line_shows_the_lines_under_it_down_to_its_code(
            String name, String block, String comment, String shows) {
        List<TextBlock> page = List.of(new TextBlock(
                Kind.CODE, block.replace(" ⏎ ", "\n\n").replace(" ¶ ", "\n").replace("LONG", "var a=1;".repeat(160))));

        assertThat(Passages.of(page))
                .filteredOn(p -> p.text().equals(comment))
                .singleElement()
                .extracting(Passage::shows)
                .isEqualTo(shows.replace(" ¶ ", "\n"));
    }

    /**
     * A sentence ending in a colon, then prose or a list (" ‖ " between blocks, "-: " before an item): the sentence's
     * finding shows the paragraph's first sentence when it is one, or the list's first three items.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', textBlock = """
            a paragraph                 ~ send host-name = gethostname(); This line tells the client to send its name. ~ send host-name = gethostname(); This line tells the client to send its name.
            a paragraph of two sentences ~ Restart the client after you save the file. It then registers its name. ~ Restart the client after you save the file.
            a caption                   ~ Severe Driving Conditions ‖ Trips of less than five miles.                  ~ ``
            a long caption              ~ Figure 2 Memory use per worker process and thread                         ~ ``
            a question                  ~ What happens when the client restarts after the change?                   ~ ``
            a heading                   ~ #: Restart the client after you save the file                             ~ ``
            another lead-in             ~ The maximum amount you could receive from the state this year is:           ~ ``
            four items                  ~ -: slopes ‖ -: obstacles ‖ -: rain sensor ‖ -: tall grass                   ~ slopes ¶ obstacles ¶ rain sensor
            a table                     ~ |: Plan | Price ‖ |: Basic | $12                                            ~ ``
            """)
    void a_sentence_introducing_prose_or_a_list_shows_its_first_sentence_or_items(
            String name, String after, String shows) {
        String leadIn = "You can do this by editing the configuration file and making sure it contains the following:";
        List<TextBlock> page = new ArrayList<>(List.of(new TextBlock(Kind.PARAGRAPH, leadIn)));
        for (String part : after.split(" ‖ ")) {
            Kind kind = part.startsWith("-: ")
                    ? Kind.LIST_ITEM
                    : part.startsWith("|: ") ? Kind.TABLE_ROW : part.startsWith("#: ") ? Kind.HEADING : Kind.PARAGRAPH;
            page.add(new TextBlock(kind, kind == Kind.PARAGRAPH ? part : part.substring(3)));
        }

        Passage first = Passages.of(page).get(0);

        assertThat(first.text()).isEqualTo(leadIn);
        assertThat(first.shows()).isEqualTo(shows.replace(" ¶ ", "\n"));
    }

    @Test
    void a_lead_in_shows_only_the_code_block_right_after_it() {
        String leadIn = "In this example, a deferred function increments the return value after the function returns,"
                + " like this:";
        List<TextBlock> page = List.of(
                new TextBlock(Kind.PARAGRAPH, leadIn),
                new TextBlock(Kind.CODE, "}"),
                new TextBlock(Kind.CODE, "go run ."));

        assertThat(Passages.of(page).get(0).shows()).isEqualTo("}");
    }

    @Test
    void a_label_over_a_code_block_is_no_value_of_a_label_before_it() {
        List<TextBlock> page = List.of(
                new TextBlock(Kind.PARAGRAPH, "Usage:"),
                new TextBlock(Kind.PARAGRAPH, "bash"),
                new TextBlock(Kind.CODE, "go run ."));

        assertThat(Passages.of(page))
                .extracting(Passage::text, Passage::context)
                .containsExactly(tuple("go run .", "Usage:"));
    }

    @Test
    void a_short_lead_in_quotes_nothing_and_shows_nothing() {
        List<TextBlock> page =
                List.of(new TextBlock(Kind.PARAGRAPH, "Like this:"), new TextBlock(Kind.CODE, "go run ."));

        assertThat(Passages.of(page))
                .extracting(Passage::text, Passage::context, Passage::shows)
                .containsExactly(tuple("go run .", "Like this:", ""));
    }

    /**
     * Two code blocks one after the other (" ¶ " between lines, " ‖ " between blocks): the second is output only when
     * the first ends with a command typed at a prompt and every line of the second reads as a message.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            messages after a command typed at a prompt | # systemctl set-default multi-user.target ‖ Removed /etc/systemd/system/default.target. ¶ Created symlink /etc/systemd/system/default.target | output output
            a version after a command at a prompt      | $ python3 --version ‖ Python 3.10.12                                                    | output
            messages after a command with no prompt    | systemctl set-default multi-user.target ‖ Created symlink /etc/systemd/system/default.target | typed
            a command word after a prompted command    | $ cd app ‖ npm install express                                                          | typed
            an unknown command after a prompted one    | $ sudo systemctl restart nginx ‖ journalctl -u nginx --since today                      | typed
            a script after a prompted command          | $ chmod +x run.sh ‖ ./run.sh --port 8080                                                | typed
            a cmdlet pipeline after a prompted one     | "PS C:\\> Get-Service ‖ Get-Process | Sort-Object CPU"                                   | typed
            a file's content after an editor           | $ sudo nano /etc/nginx/nginx.conf ‖ server { ¶ listen 80; ¶ }                           | typed typed
            a program after a REPL line                | >>> import json ‖ def load(path): ¶ return json.load(open(path))                        | typed typed
            commands after a comment                   | $ sudo apt update ‖ # then restart ¶ sudo systemctl restart nginx                       | typed typed
            a prompt of its own                        | $ cd app ‖ $ npm install express ¶ Added 64 packages                                    | typed output
            """)
    void a_code_block_after_a_command_typed_at_a_prompt_is_its_output_when_it_reads_as_messages(
            String name, String blocks, String second) {
        String[] parts = blocks.split(" ‖ ");
        TextBlock first = new TextBlock(Kind.CODE, parts[0].replace(" ¶ ", "\n"));
        List<TextBlock> page = List.of(first, new TextBlock(Kind.CODE, parts[1].replace(" ¶ ", "\n")));
        int firstLines = Passages.of(List.of(first)).size();

        List<Passage> lines = Passages.of(page);

        assertThat(String.join(
                        " ",
                        lines.subList(firstLines, lines.size()).stream()
                                .map(p -> p.output() ? "output" : "typed")
                                .toList()))
                .isEqualTo(second);
    }

    @Test
    void a_block_of_output_after_a_command_typed_at_a_prompt_is_read_with_the_command() {
        List<TextBlock> page =
                List.of(new TextBlock(Kind.CODE, "$ python3 --version"), new TextBlock(Kind.CODE, "Python 3.10.12"));

        assertThat(Passages.of(page))
                .extracting(Passage::text, Passage::context, Passage::output)
                .containsExactly(
                        tuple("$ python3 --version", "", false), tuple("Python 3.10.12", "$ python3 --version", true));
    }

    @Test
    void a_block_of_output_after_a_command_of_two_lines_is_read_with_both_lines() {
        List<TextBlock> page = List.of(
                new TextBlock(Kind.CODE, "$ docker run \\\n  --rm nginx"),
                new TextBlock(Kind.CODE, "Unable to find image 'nginx:latest' locally"));

        assertThat(Passages.of(page))
                .filteredOn(Passage::output)
                .extracting(Passage::context)
                .containsExactly("$ docker run \\\n--rm nginx");
    }

    @Test
    void a_block_of_messages_with_a_paragraph_between_it_and_the_command_is_not_its_output() {
        List<TextBlock> page = List.of(
                new TextBlock(Kind.CODE, "# systemctl set-default multi-user.target"),
                new TextBlock(Kind.PARAGRAPH, "Then reboot, and the console greets you with:"),
                new TextBlock(Kind.CODE, "Arch Linux 6.9.7-arch1-1 (tty1)"));

        assertThat(Passages.of(page))
                .filteredOn(p -> p.kind() == Kind.CODE)
                .extracting(Passage::output)
                .containsExactly(false, false);
    }
}

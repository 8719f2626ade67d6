package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import dev.caravan.model.Query;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobParserTest {

    private final JobParser parser = new JobParser();

    private Job parse(String fileName, String text) {
        return parser.parse(fileName, text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> texts(Job job) {
        return job.queries().stream().map(Query::text).toList();
    }

    @Test
    void a_text_file_has_one_query_per_line_skipping_comments_and_blank_lines() {
        Job job = parse(
                "climate.txt",
                "# my research\n\nsolar panel efficiency\n   \n  # indented comment\n"
                        + "  wind turbine noise  \r\nheat pumps in cold climates\n");

        assertThat(job.name()).isEqualTo("climate");
        assertThat(texts(job))
                .containsExactly("solar panel efficiency", "wind turbine noise", "heat pumps in cold climates");
        assertThat(job.queries().get(0)).isEqualTo(Query.of("solar panel efficiency"));
    }

    @Test
    void a_byte_order_mark_is_not_part_of_the_first_query() {
        Job job = parse("bom.txt", "\uFEFFfirst query\nsecond query");

        assertThat(texts(job)).containsExactly("first query", "second query");
    }

    @Test
    void a_json_list_of_strings_and_objects_is_read_with_every_option() {
        Job job = parse("mixed.json", """
                [
                  "plain string query",
                  {"query": "object query", "max_results": 7, "topic": "news", "search_depth": "advanced",
                   "include_answer": true, "include_domains": ["a.org", "b.org"], "exclude_domains": "c.org",
                   "time_range": "week", "urls": ["https://example.org/x"]}
                ]
                """);

        assertThat(job.queries())
                .containsExactly(
                        Query.of("plain string query"),
                        new Query(
                                "object query",
                                7,
                                "news",
                                "advanced",
                                true,
                                List.of("a.org", "b.org"),
                                List.of("c.org"),
                                "week",
                                List.of("https://example.org/x")));
    }

    @Test
    void job_level_defaults_apply_to_every_query_and_a_query_overrides_them() {
        Job job = parse("defaults.json", """
                {"defaults": {"topic": "finance", "max_results": 3, "include_answer": false},
                 "queries": ["first", {"query": "second", "max_results": 9}]}
                """);

        assertThat(job.queries())
                .containsExactly(
                        new Query("first", 3, "finance", null, false, null, null, null, null),
                        new Query("second", 9, "finance", null, false, null, null, null, null));
    }

    @Test
    void a_query_may_list_only_urls_and_then_does_not_search() {
        Job job = parse("pages.json", """
                {"queries": [{"urls": ["https://example.org/a", "https://example.com/b"]}]}
                """);

        Query q = job.queries().get(0);
        assertThat(q.text()).isNull();
        assertThat(q.searches()).isFalse();
        assertThat(q.urls()).containsExactly("https://example.org/a", "https://example.com/b");
        assertThat(q.label()).isEqualTo("pages: https://example.org/a, https://example.com/b");
    }

    @Test
    void a_single_json_object_without_queries_is_one_query() {
        Job job = parse("one.json", """
                {"query": "lonely query", "topic": "news"}
                """);

        assertThat(job.queries())
                .containsExactly(new Query("lonely query", null, "news", null, null, null, null, null, null));
    }

    @Test
    void a_yaml_job_reads_defaults_string_and_object_queries() {
        Job job = parse("research.yaml", """
                defaults:
                  search_depth: basic
                  time_range: month
                queries:
                  - battery recycling
                  - query: sodium ion batteries
                    include_answer: true
                  - urls:
                      - https://example.org/report
                """);

        assertThat(job.name()).isEqualTo("research");
        assertThat(job.queries())
                .containsExactly(
                        new Query("battery recycling", null, null, "basic", null, null, null, "month", null),
                        new Query("sodium ion batteries", null, null, "basic", true, null, null, "month", null),
                        new Query(
                                null,
                                null,
                                null,
                                "basic",
                                null,
                                null,
                                null,
                                "month",
                                List.of("https://example.org/report")));
    }

    @Test
    void answer_set_in_defaults_holds_for_every_query_and_a_query_may_turn_it_back() {
        Job job = parse("answers.json", """
                {"defaults": {"answer": false},
                 "queries": ["first", {"query": "second", "answer": true}, {"query": "third"}]}
                """);

        assertThat(job.queries()).extracting(Query::answer).containsExactly(false, true, false);
        assertThat(parse("plain.txt", "a question\n").queries().get(0).answer())
                .as("not set: the configured default")
                .isNull();
    }

    @Test
    void a_yml_file_may_be_a_top_level_list() {
        Job job = parse("list.YML", """
                - first
                - query: second
                  max_results: 0
                """);

        assertThat(job.queries())
                .containsExactly(Query.of("first"), new Query("second", 0, null, null, null, null, null, null, null));
    }

    @Test
    void an_empty_file_is_refused() {
        assertThatThrownBy(() -> parser.parse("empty.txt", new byte[0]))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is empty");
    }

    @Test
    void a_file_of_only_whitespace_is_refused_as_empty() {
        assertThatThrownBy(() -> parse("blank.json", " \n\t\n"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is empty");
    }

    @Test
    void a_text_file_of_only_comments_holds_no_queries() {
        assertThatThrownBy(() -> parse("comments.txt", "# one\n# two\n"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file holds no queries");
    }

    @Test
    void an_empty_query_list_holds_no_queries() {
        assertThatThrownBy(() -> parse("none.json", "{\"queries\": []}"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file holds no queries");
    }

    @Test
    void a_binary_file_is_refused() {
        byte[] content = {'a', 'b', 0, 'c', '\n'};

        assertThatThrownBy(() -> parser.parse("queries.txt", content))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is binary, not text");
    }

    @Test
    void bytes_that_are_not_utf8_are_refused() {
        byte[] latin1 = "caf\u00e9 prices".getBytes(StandardCharsets.ISO_8859_1);

        assertThatThrownBy(() -> parser.parse("queries.txt", latin1))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is not UTF-8 text; save it as UTF-8 and drop it again");
    }

    @Test
    void malformed_json_names_the_line_and_column() {
        assertThatThrownBy(() -> parse("bad.json", "{\"queries\": [\n  \"a\",\n  oops\n]}"))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed JSON at line 3, column ");
    }

    @Test
    void malformed_yaml_is_refused_as_yaml() {
        assertThatThrownBy(() -> parse("bad.yaml", "queries:\n  - \"unclosed\n  - b: [\n"))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed YAML at line ");
    }

    @Test
    void a_duplicated_json_key_is_malformed() {
        assertThatThrownBy(() -> parse("dup.json", "{\"query\": \"a\", \"query\": \"b\"}"))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed JSON")
                .hasMessageContaining("query");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            duplicated query key   | query: first\\nquery: second                                   | malformed YAML at line 2
            duplicated option key  | - query: a\\n  topic: news\\n  topic: finance                  | malformed YAML at line 3
            a second document      | queries: [a]\\n---\\nqueries: [b]                              | malformed YAML at line 3
            """)
    void a_yaml_job_whose_meaning_is_ambiguous_is_refused(String name, String yaml, String messageStart) {
        assertThatThrownBy(() -> parse("job.yaml", yaml.replace("\\n", "\n")))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith(messageStart);
    }

    @Test
    void json_after_the_job_is_refused_not_ignored() {
        assertThatThrownBy(() -> parse("job.json", "{\"queries\": [\"a\"]}\n{\"queries\": [\"b\"]}"))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed JSON at line 2");
    }

    @Test
    void trailing_whitespace_and_a_document_end_are_fine() {
        assertThat(texts(parse("job.json", "[\"a\"]\n\n  \n"))).containsExactly("a");
        assertThat(texts(parse("job.yaml", "---\n- a\n...\n"))).containsExactly("a");
    }

    @Test
    void a_yaml_file_with_an_empty_document_is_empty() {
        assertThatThrownBy(() -> parse("job.yaml", "---\n# nothing here\n"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is empty");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown option named   | {"queries": [{"query": "q", "depth": "basic"}]}                 | unknown option 'depth' in query 1; allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, query, search_depth, time_range, topic, urls
            unknown job key named  | {"queries": ["q"], "options": {}}                               | unknown option 'options' in the job; allowed: budget, defaults, queries
            unknown default named  | {"defaults": {"urls": ["https://a.org"]}, "queries": ["q"]}     | unknown option 'urls' in defaults; allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, search_depth, time_range, topic
            max_results 500        | {"queries": [{"query": "q", "max_results": 500}]}               | max_results in query 1 must be a whole number from 0 to 20, got 500
            max_results negative   | {"queries": [{"query": "q", "max_results": -1}]}                | max_results in query 1 must be a whole number from 0 to 20, got -1
            max_results fraction   | {"queries": [{"query": "q", "max_results": 2.5}]}               | max_results in query 1 must be a whole number from 0 to 20, got 2.5
            max_results as text    | {"queries": [{"query": "q", "max_results": "5"}]}               | max_results in query 1 must be a whole number from 0 to 20, got "5"
            topic sports           | {"queries": ["a", {"query": "q", "topic": "sports"}]}           | topic in query 2 must be one of general, news, finance, got "sports"
            search_depth wrong     | {"queries": [{"query": "q", "search_depth": "deep"}]}           | search_depth in query 1 must be one of basic, advanced, got "deep"
            time_range wrong       | {"queries": [{"query": "q", "time_range": "decade"}]}           | time_range in query 1 must be one of day, week, month, year, d, w, m, y, got "decade"
            include_answer string  | {"queries": [{"query": "q", "include_answer": "yes"}]}          | include_answer in query 1 must be true or false, got "yes"
            include_answer number  | {"defaults": {"include_answer": 1}, "queries": ["q"]}           | include_answer in defaults must be true or false, got 1
            answer string          | {"queries": [{"query": "q", "answer": "yes"}]}                  | answer in query 1 must be true or false, got "yes"
            neither text nor urls  | {"queries": [{"topic": "news"}]}                                | query 1 needs a 'query', 'urls' or both
            lone object, no text   | {"max_results": 3}                                              | the job needs 'queries', or a 'query', 'urls' or both
            query not a string     | {"queries": [{"query": 42}]}                                    | 'query' in query 1 must be a string
            blank string query     | {"queries": ["   "]}                                            | query 1 has an empty query
            query a number         | {"queries": [17]}                                               | query 1 must be a string or an object, got 17
            queries not a list     | {"queries": "q"}                                                | 'queries' must be a list
            defaults not an object | {"defaults": "news", "queries": ["q"]}                          | 'defaults' must be an object of query options
            top level a string     | "just text"                                                     | the job must be an object with 'queries', or a list of queries
            urls not strings       | {"queries": [{"urls": [1, 2]}]}                                 | urls in query 1 must hold non-empty strings, got 1
            domains not a list     | {"queries": [{"query": "q", "include_domains": {"a": 1}}]}      | include_domains in query 1 must be a list of strings, got {"a":1}
            """)
    void a_json_job_that_cannot_run_as_written_is_refused_with_a_reason(String name, String json, String message) {
        assertThatThrownBy(() -> parse("job.json", json))
                .isInstanceOf(JobFormatException.class)
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            topic sports      | queries:\\n  - query: q\\n    topic: sports          | topic in query 1 must be one of general, news, finance, got "sports"
            unknown option    | queries:\\n  - query: q\\n    maxResults: 3          | unknown option 'maxResults' in query 1; did you mean 'max_results'? allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, query, search_depth, time_range, topic, urls
            answer not bool   | defaults:\\n  include_answer: maybe\\nqueries: [q]  | include_answer in defaults must be true or false, got "maybe"
            max_results 500   | - query: q\\n  max_results: 500                     | max_results in query 1 must be a whole number from 0 to 20, got 500
            """)
    void a_yaml_job_that_cannot_run_as_written_is_refused_with_a_reason(String name, String yaml, String message) {
        assertThatThrownBy(() -> parse("job.yaml", yaml.replace("\\n", "\n")))
                .isInstanceOf(JobFormatException.class)
                .hasMessage(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            querys for queries     | querys:\\n  - a\\n  - b                     | unknown option 'querys' in the job; did you mean 'queries'? allowed: answer, budget, defaults, exclude_domains, include_answer, include_domains, max_results, provider, providers, queries, query, search_depth, time_range, topic, urls
            default for defaults   | default:\\n  topic: news\\nqueries: [a]    | unknown option 'default' in the job; did you mean 'defaults'? allowed: budget, defaults, queries
            max_result             | queries:\\n  - query: a\\n    max_result: 2 | unknown option 'max_result' in query 1; did you mean 'max_results'? allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, query, search_depth, time_range, topic, urls
            Topic in defaults      | defaults:\\n  Topic: news\\nqueries: [a]    | unknown option 'Topic' in defaults; did you mean 'topic'? allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, search_depth, time_range, topic
            url for urls           | - query: a\\n  url: https://a.org           | unknown option 'url' in query 1; did you mean 'urls'? allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, query, search_depth, time_range, topic, urls
            nothing close, no guess | queries:\\n  - query: a\\n    colour: red  | unknown option 'colour' in query 1; allowed: answer, exclude_domains, include_answer, include_domains, max_results, provider, providers, query, search_depth, time_range, topic, urls
            """)
    void a_misspelt_option_gets_a_did_you_mean_naming_the_closest_allowed_name(
            String name, String yaml, String message) {
        assertThatThrownBy(() -> parse("job.yaml", yaml.replace("\\n", "\n")))
                .isInstanceOf(JobFormatException.class)
                .hasMessage(message);
    }

    @Test
    void a_query_of_400_characters_is_accepted() {
        String text = "a".repeat(400);

        assertThat(texts(parse("long.txt", text))).containsExactly(text);
    }

    @Test
    void a_text_query_over_400_characters_names_its_line() {
        assertThatThrownBy(() -> parse("long.txt", "# header\nshort\n" + "x".repeat(401)))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("line 3 is 401 characters long; the search accepts at most 400");
    }

    @Test
    void a_json_query_over_400_characters_names_its_position() {
        String json = "{\"queries\": [\"ok\", {\"query\": \"" + "y".repeat(450) + "\"}]}";

        assertThatThrownBy(() -> parse("long.json", json))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("query 2 is 450 characters long; the search accepts at most 400");
    }

    @ParameterizedTest
    @CsvSource({"job.csv", "job.md", "job", "job.json.bak", "job.xml"})
    void a_file_of_another_type_is_refused(String fileName) {
        assertThatThrownBy(() -> parse(fileName, "some query"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("unsupported job file type; use .txt, .json, .yaml or .yml");
    }

    @ParameterizedTest
    @CsvSource({"Q.TXT, Q", "deep/dir/my job.json, my-job", "weird..name.yaml, weird..name", ".hidden.txt, hidden"})
    void the_job_is_named_after_its_file(String fileName, String name) {
        String content = fileName.toLowerCase(java.util.Locale.ROOT).endsWith(".txt") ? "a query" : "[\"a query\"]";

        assertThat(parse(fileName, content).name()).isEqualTo(name);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            nothing named                  | {"queries": ["q"]}                                                          | []
            one provider                   | {"queries": [{"query": "q", "provider": "serper"}]}                         | [serper]
            several providers              | {"queries": [{"query": "q", "providers": ["brave", "searxng"]}]}            | [brave, searxng]
            the job's default              | {"defaults": {"provider": "searxng"}, "queries": ["q"]}                     | [searxng]
            a query overrides the default  | {"defaults": {"provider": "searxng"}, "queries": [{"query": "q", "providers": ["tavily", "brave"]}]} | [tavily, brave]
            """)
    void a_query_names_the_providers_it_searches_with(String name, String json, String providers) {
        assertThat(parse("job.json", json).queries().get(0).providers().toString())
                .isEqualTo(providers);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown provider  | {"queries": [{"query": "q", "provider": "google"}]}                    | provider in query 1 must be one of tavily, serper, brave, searxng, got "google"
            unknown in list   | {"queries": [{"query": "q", "providers": ["serper", "bing"]}]}         | providers in query 1 must be among tavily, serper, brave, searxng, got "bing"
            named twice       | {"queries": [{"query": "q", "providers": ["serper", "serper"]}]}       | providers in query 1 names a provider twice: serper, serper
            both keys         | {"queries": [{"query": "q", "provider": "brave", "providers": ["serper"]}]} | give provider or providers in query 1, not both
            """)
    void a_provider_that_does_not_exist_is_refused_naming_the_ones_that_do(String name, String json, String message) {
        assertThatThrownBy(() -> parse("job.json", json))
                .isInstanceOf(JobFormatException.class)
                .hasMessage(message);
    }

    @Test
    void a_job_may_set_its_own_search_budget() {
        Job job = parse("job.json", "{\"budget\": {\"search_calls\": 2, \"credits\": 3}, \"queries\": [\"q\"]}");

        assertThat(job.limits()).isEqualTo(new Job.Limits(2, 3, null));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            negative calls  | {"budget": {"search_calls": -1}, "queries": ["q"]} | search_calls in budget must be a whole number from 0 up, got -1
            unknown key     | {"budget": {"sites": 3}, "queries": ["q"]}         | unknown option 'sites' in budget; allowed: credits, pages, search_calls
            not an object   | {"budget": 5, "queries": ["q"]}                    | 'budget' must be an object with search_calls, credits and/or pages
            """)
    void a_bad_budget_is_refused_with_a_reason(String name, String json, String message) {
        assertThatThrownBy(() -> parse("job.json", json))
                .isInstanceOf(JobFormatException.class)
                .hasMessage(message);
    }
}

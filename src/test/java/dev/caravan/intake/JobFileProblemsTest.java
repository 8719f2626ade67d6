package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.model.JobFormatException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A job file's author sees every problem at once, each named where it is written. */
class JobFileProblemsTest {

    private final JobParser parser = new JobParser();

    private void parse(String name, String content) {
        parser.parse(name, content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void an_error_in_defaults_is_named_as_in_defaults_not_in_a_query() {
        assertThatThrownBy(
                        () -> parse("job.json", "{\"defaults\": {\"max_results\": 50}, \"queries\": [\"a\", \"b\"]}"))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("max_results in defaults must be a whole number from 0 to 20, got 50");
    }

    @Test
    void every_problem_of_a_file_is_reported_at_once_in_the_order_they_are_written() {
        assertThatThrownBy(() -> parse("job.json", """
                {"defaults": {"topic": "sports", "colour": "red"},
                 "queries": ["fine",
                             {"query": "x", "max_results": 500, "time_range": "decade"},
                             {"query": ""},
                             {"urls": []}]}
                """))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("6 problems: "
                        + "1) unknown option 'colour' in defaults; allowed: answer, exclude_domains, include_answer, "
                        + "include_domains, max_results, provider, providers, search_depth, time_range, topic; "
                        + "2) topic in defaults must be one of general, news, finance, got \"sports\"; "
                        + "3) max_results in query 2 must be a whole number from 0 to 20, got 500; "
                        + "4) time_range in query 2 must be one of day, week, month, year, d, w, m, y, got \"decade\"; "
                        + "5) query 3 has an empty query; "
                        + "6) query 4 needs a 'query', 'urls' or both");
    }

    @Test
    void a_text_job_reports_every_bad_line() {
        String tooLong = "q".repeat(401);

        assertThatThrownBy(() -> parse("job.txt", "fine\n" + tooLong + "\nfine too\n" + tooLong + "\n"))
                .hasMessageStartingWith("2 problems: 1) line 2 is 401 characters long")
                .hasMessageContaining("2) line 4 is 401 characters long");
    }

    @Test
    void past_the_limit_the_rest_is_counted_not_listed() {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < Problems.LIMIT + 5; i++)
            json.append(i == 0 ? "" : ",").append("{\"query\": \"ok\", \"topic\": \"x\"}");

        assertThatThrownBy(() -> parse("job.json", json.append("]").toString()))
                .hasMessageStartingWith((Problems.LIMIT + 5) + " problems: 1) topic in query 1 must be one of")
                .hasMessageEndingWith("; and 5 more");
    }

    @Test
    void a_yaml_tab_error_leads_with_the_cause_and_its_line() {
        assertThatThrownBy(() -> parse("job.yaml", "queries:\n\t- tides\n"))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed YAML at line 2, column 1: found character '\\t(TAB)' that cannot "
                        + "start any token")
                .hasMessageEndingWith("(while scanning for the next token)");
    }
}

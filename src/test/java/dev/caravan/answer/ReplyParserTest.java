package dev.caravan.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Local models often break the JSON they are asked for: the reply is read leniently, or not at all. */
class ReplyParserTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            the form asked for       | `{"sentences": [{"text": "A.", "citations": [1]}, {"text": "B.", "citations": [2, 3]}]}` | A.=1;B.=2,3
            a bare list              | `[{"text": "A.", "citations": [1]}]`                                      | A.=1
            a think block first      | `<think>The user wants {"x": 1}. [maybe]</think>{"sentences": [{"text": "A.", "citations": [1]}]}` | A.=1
            a think block never shut | `<think>hmm [1] {"sentences": [{"text": "A.", "citations": [2]}]}`         | A.=2
            prose around it          | `Sure! [{"text": "A.", "citations": [1]}] Hope this helps [1].`           | A.=1
            trailing commas          | `{"sentences": [{"text": "A.", "citations": [1,],},]}`                    | A.=1
            single quotes            | `{'sentences': [{'text': 'A.', 'citations': [1]}]}`                       | A.=1
            citations as strings     | `[{"text": "A.", "citations": ["F1", "[2]", "3"]}]`                       | A.=1,2,3
            one citation, no list    | `[{"text": "A.", "citation": 4}]`                                         | A.=4
            another list name        | `{"answer": [{"sentence": "A.", "sources": [1]}]}`                        | A.=1
            plain strings with marks | `["A. [1]", "B. [2][3]"]`                                                 | A. [1]=1;B. [2][3]=2,3
            an empty answer          | `{"sentences": []}`                                                       | ``
            a citation naming nothing| `[{"text": "A.", "citations": ["none"]}]`                                 | A.=0
            """)
    void a_reply_is_read_leniently(String what, String reply, String expected) {
        List<AnswerChecker.Proposed> read =
                ReplyParser.parse(reply.replace("\\n", "\n")).orElseThrow();

        assertThat(render(read)).as(what).isEqualTo(expected == null ? "" : expected);
    }

    @org.junit.jupiter.api.Test
    void a_code_fence_around_the_json_is_stripped() {
        String reply = "Here it is:\n```json\n[{\"text\": \"A.\", \"citations\": [1]}]\n```\nDone [2].";

        assertThat(render(ReplyParser.parse(reply).orElseThrow())).isEqualTo("A.=1");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            prose only             | `The findings say heat pumps are efficient [1].`
            cut off mid-way        | `{"sentences": [{"text": "A.", "citat`
            only thinking          | `<think>{"sentences": [{"text": "A.", "citations": [1]}]}</think>`
            a list of numbers      | `[1, 2, 3]`
            an object of the wrong shape | `{"text": 5}`
            empty                  | ``
            """)
    void a_reply_that_holds_no_answer_json_is_not_read(String what, String reply) {
        assertThat(ReplyParser.parse(reply)).as(what).isEmpty();
    }

    private static String render(List<AnswerChecker.Proposed> sentences) {
        return String.join(
                ";",
                sentences.stream()
                        .map(s -> s.text() + "="
                                + String.join(
                                        ",",
                                        s.citations().stream()
                                                .map(String::valueOf)
                                                .toList()))
                        .toList());
    }
}

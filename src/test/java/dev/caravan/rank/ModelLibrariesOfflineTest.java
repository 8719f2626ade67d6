package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelLibrariesOfflineTest {

    @ParameterizedTest(name = "env DJL_OFFLINE={0} OPT_OUT_TRACKING={1}, properties {2}/{3}: calls home = {4}")
    @CsvSource(
            nullValues = "-",
            value = {
                // env offline, env opt-out, property offline, property opt-out, would call home
                "-,     -,     true,  true,  false", // what apply() sets, nothing in the environment
                "-,     -,     -,     -,     true", // nothing set: DJL's default is to call home
                "false, -,     true,  true,  false", // the opt-out still holds
                "-,     false, true,  true,  false", // offline mode still holds
                "false, false, true,  true,  true", // the environment wins over both properties
                "FALSE, no,    true,  true,  true",
                "TRUE,  false, -,     -,     false", // DJL reads 'true' in any case
                "-,     -,     yes,   1,     true", // only 'true' counts, as in Boolean.parseBoolean
            })
    void the_tokenizer_library_calls_home_only_when_the_environment_turns_both_switches_off(
            String envOffline, String envOptOut, String propOffline, String propOptOut, boolean callsHome) {
        Map<String, String> env = new HashMap<>();
        env.put("DJL_OFFLINE", envOffline);
        env.put("OPT_OUT_TRACKING", envOptOut);
        Map<String, String> props = new HashMap<>();
        props.put("ai.djl.offline", propOffline);
        props.put("OPT_OUT_TRACKING", propOptOut);

        String problem = ModelLibrariesOffline.problem(env::get, props::get);

        assertThat(problem != null).as(String.valueOf(problem)).isEqualTo(callsHome);
        if (callsHome) assertThat(problem).contains("169.254.169.254").contains("research.report.model=none");
    }

    @org.junit.jupiter.api.Test
    void apply_sets_offline_mode_and_the_opt_out_as_system_properties() {
        ModelLibrariesOffline.apply();

        assertThat(System.getProperty("ai.djl.offline")).isEqualTo("true");
        assertThat(System.getProperty("OPT_OUT_TRACKING")).isEqualTo("true");
    }
}

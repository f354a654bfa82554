package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/** {@code -o yaml} and {@code -o json} as a person reads them. */
class JsonOutputTest {

    @Test
    void yamlKeepsALongReasonOnOneLineAndQuotesOnlyWhatYamlWouldReadOtherwise() {
        ObjectNode status = new ObjectMapper().createObjectNode();
        String reason = "exceeded quota analytics/compute: requested cpu=6, used cpu=7, limited cpu=12 (and more words to pass eighty"
                + " characters)";
        status.put("reason", reason).put("cpu", "12").put("enabled", "true").put("state", "REJECTED");

        String yaml = JsonOutput.render(status, true);

        assertThat(yaml).isEqualTo("reason: \"" + reason + "\"\ncpu: \"12\"\nenabled: \"true\"\nstate: REJECTED\n");
    }
}

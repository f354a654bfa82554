package io.fedstream.interpret;

import io.fedstream.interpret.kinds.BuiltInKinds;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KindTableTest {

    private static final KindTable TABLE = new KindTable(BuiltInKinds.all());

    @Test
    void findsAKindByApiVersionAndKindWithTheNameItReports() {
        KindTable.Entry entry = TABLE.get("flink.apache.org/v1beta1", "FlinkDeployment");
        assertThat(entry.name()).isEqualTo("built-in:flink.apache.org/v1beta1/FlinkDeployment");
        assertThat(entry.interpreter().kinds()).contains(KindRef.of("flink.apache.org/v1beta1", "FlinkDeployment"));
    }

    @Test
    void anotherApiVersionOrKindIsNotFound() {
        assertThat(TABLE.get("flink.apache.org/v1beta2", "FlinkDeployment")).isNull();
        assertThat(TABLE.get("flink.apache.org/v1beta1", "FlinkDeployments")).isNull();
        assertThat(TABLE.get("apps/v1", "flinkdeployment")).isNull();
    }

    @Test
    void twoInterpretersClaimingOneKindAreRefused() {
        List<KindInterpreter> twice = List.of(BuiltInKinds.all().get(0), BuiltInKinds.all().get(0));
        assertThatThrownBy(() -> new KindTable(twice))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("two interpreters claim ");
    }
}

package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.kinds.ReplicaSpecs.Type;
import io.fedstream.interpret.kinds.ReplicaSpecs.UnknownTypes;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** Replica specs come out in the family's order, counted unknown keys last, with the problems of bad keys and maps. */
class ReplicaSpecsTest {

    private static final List<Type> TYPES = List.of(new Type("Master", 1), new Type("Worker", 1));

    @Test
    void ordersTypesThenCountedKeysAndRefusesACaseCollision() throws Exception {
        Problems problems = new Problems();
        Cursor specs = specs("{\"extra\":{},\"worker\":{\"replicas\":2},\"Master\":{},\"WORKER\":{}}", problems);

        List<Component> components = ReplicaSpecs.components(specs, TYPES, UnknownTypes.COUNT, true, 0);

        assertThat(components).extracting(Component::name, Component::replicas, Component::replicasField).containsExactly(
                tuple("master", 1L, "spec.specs.Master.replicas"),
                tuple("worker", 2L, "spec.specs.worker.replicas"),
                tuple("extra", 0L, "spec.specs.extra.replicas"));
        assertThat(problems.list()).containsExactly(
                new FieldError("spec.specs.WORKER", "{}", "names the same replica type as worker"),
                new FieldError("spec.specs.Master.template.spec", null, "is required"),
                new FieldError("spec.specs.worker.template.spec", null, "is required"),
                new FieldError("spec.specs.extra.template.spec", null, "is required"));
    }

    @Test
    void presentKeysByTypeName() throws Exception {
        Problems problems = new Problems();
        Cursor specs = specs("{\"Worker\":{},\"Other\":{}}", problems);

        assertThat(ReplicaSpecs.present(specs, TYPES, UnknownTypes.IGNORE, false)).containsOnlyKeys("Worker");
        assertThat(problems.list()).isEmpty();
    }

    @Test
    void aListIsNotAMapping() throws Exception {
        Problems problems = new Problems();

        assertThat(ReplicaSpecs.components(specs("[]", problems), TYPES, UnknownTypes.REFUSE, true, 1)).isEmpty();
        assertThat(problems.list()).containsExactly(new FieldError("spec.specs", "[]", "must be a mapping"));
    }

    @Test
    void anAbsentMapIsRequired() throws Exception {
        Problems problems = new Problems();

        assertThat(ReplicaSpecs.components(specs("null", problems), TYPES, UnknownTypes.REFUSE, true, 1)).isEmpty();
        assertThat(problems.list()).containsExactly(new FieldError("spec.specs", "null", "is required"));
    }

    private static Cursor specs(String json, Problems problems) throws Exception {
        return Cursor.root(new ObjectMapper().readTree("{\"spec\":{\"specs\":" + json + "}}"), problems).at("spec.specs");
    }
}

package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.kinds.ReplicaSpecs.Type;
import io.fedstream.interpret.kinds.ReplicaSpecs.UnknownTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * kubeflow.org/v1 PyTorchJob, TFJob, XGBoostJob, PaddleJob, MXJob and JAXJob (the Kubeflow
 * training operator): one component per replica type present in the kind's replica-specs map,
 * {@code replicas} (default 1) pods of its {@code template}; a PyTorchJob's elastic policy bounds
 * its workers. The rules and their sources are in docs/interpretation.md.
 */
public final class KubeflowJobKinds implements KindInterpreter {

    private static final String API_VERSION = "kubeflow.org/v1";

    /** One job kind: where its replica specs are, its replica types in order, and what its operator does with others. */
    private record Family(String kind, String specsField, List<Type> types, UnknownTypes unknown) {

        static Family of(String kind, String specsField, List<String> types, UnknownTypes unknown) {
            return new Family(kind, specsField, types.stream().map(t -> new Type(t, 1)).toList(), unknown);
        }
    }

    private static final List<Family> FAMILIES = List.of(
            Family.of("PyTorchJob", "pytorchReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            Family.of("TFJob", "tfReplicaSpecs", List.of("Chief", "Master", "PS", "Worker", "Evaluator"), UnknownTypes.COUNT),
            Family.of("XGBoostJob", "xgbReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            Family.of("PaddleJob", "paddleReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            Family.of("MXJob", "mxReplicaSpecs",
                    List.of("Scheduler", "Server", "Worker", "Tuner", "TunerTracker", "TunerServer"), UnknownTypes.COUNT),
            Family.of("JAXJob", "jaxReplicaSpecs", List.of("Worker"), UnknownTypes.REFUSE));

    @Override
    public List<KindRef> kinds() {
        return FAMILIES.stream().map(f -> KindRef.of(API_VERSION, f.kind())).toList();
    }

    @Override
    public List<Component> components(Cursor manifest) {
        String kind = manifest.field("kind").string();
        Family family = family(kind);
        Cursor spec = manifest.field("spec");
        List<Component> components = ReplicaSpecs.components(spec.field(family.specsField()), family.types(), family.unknown(), true, 1);
        Cursor elastic = spec.field("elasticPolicy");
        return family.kind().equals("PyTorchJob") && elastic.isPresent() ? elastic(components, elastic) : components;
    }

    private static Family family(String kind) {
        for (Family f : FAMILIES) {
            if (f.kind().equals(kind)) {
                return f;
            }
        }
        throw new IllegalStateException("no family for " + kind);
    }

    /**
     * The workers of an elastic PyTorchJob scale between {@code minReplicas} and {@code maxReplicas};
     * one bound defaults to the other, both to the worker replicas (the operator's defaulting).
     */
    private static List<Component> elastic(List<Component> components, Cursor elastic) {
        Long min = elastic.field("minReplicas").optionalCount();
        Long max = elastic.field("maxReplicas").optionalCount();
        List<Component> out = new ArrayList<>();
        for (Component c : components) {
            if (c.name().equals("worker")) {
                long lower = Stream.of(min, max).filter(v -> v != null).findFirst().orElse(c.replicas());
                long upper = Stream.of(max, min).filter(v -> v != null).findFirst().orElse(c.replicas());
                c = c.withBounds(lower, upper);
            }
            out.add(c);
        }
        return out;
    }
}

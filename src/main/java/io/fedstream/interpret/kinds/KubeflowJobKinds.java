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
    private record Family(String kind, String specsField, List<String> types, UnknownTypes unknown) {}

    private static final List<Family> FAMILIES = List.of(
            new Family("PyTorchJob", "pytorchReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            new Family("TFJob", "tfReplicaSpecs", List.of("Chief", "Master", "PS", "Worker", "Evaluator"), UnknownTypes.COUNT),
            new Family("XGBoostJob", "xgbReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            new Family("PaddleJob", "paddleReplicaSpecs", List.of("Master", "Worker"), UnknownTypes.REFUSE),
            new Family("MXJob", "mxReplicaSpecs",
                    List.of("Scheduler", "Server", "Worker", "Tuner", "TunerTracker", "TunerServer"), UnknownTypes.COUNT),
            new Family("JAXJob", "jaxReplicaSpecs", List.of("Worker"), UnknownTypes.REFUSE));

    @Override
    public List<KindRef> kinds() {
        return FAMILIES.stream().map(f -> KindRef.of(API_VERSION, f.kind())).toList();
    }

    @Override
    public List<Component> components(Cursor manifest) {
        String kind = manifest.field("kind").string();
        Family family = FAMILIES.stream().filter(f -> f.kind().equals(kind)).findFirst().orElseThrow();
        Cursor spec = manifest.field("spec");
        List<Type> types = family.types().stream().map(t -> new Type(t, 1)).toList();
        List<Component> components = ReplicaSpecs.components(spec.field(family.specsField()), types, family.unknown(), true, 1);
        Cursor elastic = spec.field("elasticPolicy");
        return family.kind().equals("PyTorchJob") && elastic.isPresent() ? elastic(components, elastic) : components;
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
                c = new Component(c.name(), c.replicas(), lower, upper, c.pod(), c.replicasField());
            }
            out.add(c);
        }
        return out;
    }
}

package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.kinds.ReplicaSpecs.Type;
import io.fedstream.interpret.kinds.ReplicaSpecs.UnknownTypes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kubeflow.org/v2beta1 MPIJob (mpi-operator) and kubeflow.org/v1 MPIJob (training operator):
 * components {@code launcher} (exactly 1) and, when a Worker spec is present, {@code worker}
 * (default 0) from {@code spec.mpiReplicaSpecs}, refused as the respective operator refuses them.
 * The rules and their sources are in docs/interpretation.md.
 */
public final class MpiJobKinds implements KindInterpreter {

    private static final String V2BETA1 = "kubeflow.org/v2beta1";
    private static final Type LAUNCHER = new Type("Launcher", 1);
    private static final Type WORKER = new Type("Worker", 0);

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of(V2BETA1, "MPIJob"), KindRef.of("kubeflow.org/v1", "MPIJob"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        boolean v2 = V2BETA1.equals(manifest.field("apiVersion").string());
        Cursor specs = manifest.at("spec.mpiReplicaSpecs");
        // mpi-operator reads only its two keys; the training operator refuses any other.
        Map<String, Cursor> present = ReplicaSpecs.present(
                specs, List.of(LAUNCHER, WORKER), v2 ? UnknownTypes.IGNORE : UnknownTypes.REFUSE, false);
        List<Component> out = new ArrayList<>();
        Cursor launcher = present.get(LAUNCHER.name());
        if (launcher == null) {
            if (specs.isPresent()) {
                specs.field(LAUNCHER.name()).error("is required");
            }
        } else {
            Component c = ReplicaSpecs.component(LAUNCHER.name(), launcher, LAUNCHER.defaultReplicas());
            if (c.replicas() != 1) {
                launcher.field("replicas").error("must be 1");
            }
            out.add(c);
        }
        Cursor worker = present.get(WORKER.name());
        if (worker != null) {
            Component c = ReplicaSpecs.component(WORKER.name(), worker, WORKER.defaultReplicas());
            if (v2 && c.replicas() < 1) {
                worker.field("replicas").error("must be at least 1 (mpi-operator refuses a Worker spec with 0 replicas, its default)");
            }
            out.add(c);
        }
        return out;
    }
}

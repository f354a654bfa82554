package io.fedstream.cli;

import io.fedstream.avro.Op;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code fedstream apply}: publishes manifests as UPSERT events (Karmada Clusters as heartbeats), like kubectl apply. */
@Command(name = "apply", mixinStandardHelpOptions = true,
        description = {
            "Publishes manifests as UPSERT events, like kubectl apply.",
            "",
            "Policies (FederatedResourceQuota, PropagationPolicy, ClusterPropagationPolicy, OverridePolicy,"
                    + " ClusterOverridePolicy, InterpreterCustomization, TrainingRuntime, ClusterTrainingRuntime) go to the"
                    + " policies topic keyed kind/namespace/name, every other kind to the workloads topic keyed"
                    + " group/kind/namespace/name; a Karmada Cluster (cluster.karmada.io) goes to the cluster-health topic"
                    + " keyed by its name, as a heartbeat stamped now. Every document is checked before anything is sent.",
            "",
            "Exit codes: 0 published, 1 registry or broker failed, 2 a bad manifest or flag (nothing published)."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream apply -f docs/examples/federatedresourcequota.yaml",
            "  fedstream apply -f manifests/ --bootstrap-servers kafka:9092 --registry http://registry:8081",
            "  fedstream apply -f job.yaml --config fedstream.properties --set topic.workloads=team-a.workloads"})
final class ApplyCommand implements Callable<Integer> {

    @Mixin
    private ManifestCommand manifests;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return manifests.run(Op.UPSERT, "applied", spec);
    }
}

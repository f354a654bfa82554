package io.fedstream.cli;

import io.fedstream.avro.Op;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code fedstream delete}: publishes DELETE events for manifests, like kubectl delete -f. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = {
            "Publishes DELETE events for manifests, like kubectl delete -f.",
            "",
            "One DELETE event (with the manifest) for every document, to the topic and key that apply uses. A Karmada"
                    + " Cluster is refused: a cluster leaves by its heartbeats (see docs/health.md). Every document is"
                    + " checked before anything is sent.",
            "",
            "Exit codes: 0 published, 1 registry or broker failed, 2 a bad manifest or flag (nothing published)."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream delete -f docs/examples/flinkdeployment.yaml",
            "  fedstream delete -f manifests/ --bootstrap-servers kafka:9092 --registry http://registry:8081"})
final class DeleteCommand implements Callable<Integer> {

    @Mixin
    private ManifestCommand manifests;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return manifests.run(Op.DELETE, "deleted", spec);
    }
}

package io.fedstream.interpret;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/examples/customizations: the kinds Karmada ships a third-party interpreter for that run no pods are admitted
 * with nothing to charge once that directory is loaded; without it, and for the kinds it leaves out, UNINTERPRETED.
 */
class KarmadaKindsWithoutPodsTest {

    private static final Path EXAMPLES = Path.of("docs/examples/customizations");

    @ParameterizedTest
    @CsvSource({
        "helm.toolkit.fluxcd.io/v2beta1, HelmRelease",
        "kustomize.toolkit.fluxcd.io/v1, Kustomization",
        "source.toolkit.fluxcd.io/v1, GitRepository",
        "source.toolkit.fluxcd.io/v1beta2, Bucket",
        "source.toolkit.fluxcd.io/v1beta2, HelmChart",
        "source.toolkit.fluxcd.io/v1beta2, HelmRepository",
        "source.toolkit.fluxcd.io/v1beta2, OCIRepository",
        "kyverno.io/v1, ClusterPolicy",
        "kyverno.io/v1, Policy"})
    void aKindWithoutPodsIsInterpretedWithNothingToChargeOnlyWithTheExamples(String apiVersion, String kind) throws Exception {
        String manifest = """
                {"apiVersion": "%s", "kind": "%s", "metadata": {"name": "podinfo", "namespace": "flux-system"},
                 "spec": {"interval": "5m", "replicas": 3}}""".formatted(apiVersion, kind);

        Interpretation withExamples = InterpreterExtensions.loadDirectory(EXAMPLES).interpreter().interpret(manifest);
        Interpretation builtIn = Interpreter.builtIn().interpret(manifest);

        assertThat(withExamples.outcome()).as(withExamples.errors().toString()).isEqualTo(Interpretation.Outcome.INTERPRETED);
        assertThat(withExamples.components()).as("a spec.replicas of the kind's own is not pods").isEmpty();
        assertThat(withExamples.total()).isEqualTo(Resources.NONE);
        assertThat(builtIn.outcome()).isEqualTo(Interpretation.Outcome.UNINTERPRETED);
    }

    @ParameterizedTest
    @CsvSource({"apps.kruise.io/v1alpha1, AdvancedCronJob", "apps.kruise.io/v1alpha1, DaemonSet"})
    void karmadasKindsWithoutReplicasThatRunPodsAreLeftOut(String apiVersion, String kind) throws Exception {
        String manifest = """
                {"apiVersion": "%s", "kind": "%s", "metadata": {"name": "logs", "namespace": "ops"}, "spec": {}}"""
                .formatted(apiVersion, kind);

        assertThat(InterpreterExtensions.loadDirectory(EXAMPLES).interpreter().interpret(manifest).outcome())
                .isEqualTo(Interpretation.Outcome.UNINTERPRETED);
    }
}

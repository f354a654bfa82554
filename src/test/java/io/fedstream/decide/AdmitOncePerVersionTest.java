package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Charge;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Ledger;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.QuotaUsage;
import io.fedstream.api.TestBindings;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Component;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.interpret.Resources;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The admit step alone: a workload's version is admitted once, and its placement moves the charge onto the clusters it
 * runs on without admitting the version again (issue 40: the second admission was 7.8% of the stream thread).
 */
class AdmitOncePerVersionTest {

    private static final long NOW = Instant.parse("2026-11-29T10:00:00Z").toEpochMilli();
    private static final String FRAUD = "flink.apache.org/FlinkDeployment/team-a/fraud";

    private final AvroSerdes serdes = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
    private final Serde<PolicyEvent> policySerde = serdes.specific(PolicyEvent.class, false);
    private MockProcessorContext<String, PassOutcome> context;
    private PassState state;
    private Section<PolicyEvent> policies;
    private Workloads workloads;
    /** The bindings the admit step handed on, in order; the requests it would hand to itself run at once. */
    private final List<ResourceBinding> bound = new ArrayList<>();
    /** How often the ledger was asked to admit each workload (a version's decision), by workload key. */
    private final Map<String, Integer> admissions = new HashMap<>();
    private Ledger ledger;
    private Outputs outputs;
    private Admitting admitting;

    @BeforeEach
    void anAdmitStepOverATeamWithAQuotaOfFortyCpuAndTwelveOnDc1() {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(NOW);
        state = AdmitStepStores.addLedgerStores(context, serdes);
        policies = state.policies();
        // Its own registry: the stores here share one subject, which a second record type could not join.
        AvroSerdes records = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
        workloads = new Workloads(store(Workloads.STORE, records.specific(WorkloadRecord.class, false)), (key, commands) -> { });
        policies.put(QuotaSync.POLICY_PREFIX + "team-a/q", PolicyEvent.newBuilder().setOp(Op.UPSERT)
                .setManifest("""
                        {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                         "metadata":{"name":"q","namespace":"team-a"},
                         "spec":{"overall":{"cpu":"40"},"staticAssignments":[{"clusterName":"dc-1","hard":{"cpu":"12"}}]}}""")
                .setObservedAt(Instant.ofEpochMilli(NOW)).build());
        Handoffs handoffs = new Handoffs() {
            @Override
            public void admit(AdmissionRequest request) {
                throw new AssertionError("the admit step hands nothing to itself here: " + request);
            }

            @Override
            public void bound(String workloadKey, ResourceBinding binding) {
                bound.add(binding);
            }

        };
        outputs = new Outputs(context);
        admitting = new Admitting(context, state, workloads, handoffs, outputs, "fedstream.policies", policySerde.serializer(),
                () -> 1, FedstreamMetrics.create(), this::countingAdmissions);
    }

    @Test
    void aVersionIsAdmittedOnceAndItsPlacementMovesTheChargeOntoItsCluster() {
        processing(() -> {
            admitting.admit(binding(fraud(4)), "admit-0");
            admitting.admit(Placing.placement(latest(), "dc-1", "scheduler"), "admit-0.1");
        });

        assertThat(admissions).as("one version, one admission").containsExactly(Map.entry(FRAUD, 1));
        assertThat(latest().getAdmission().getState()).isEqualTo(AdmissionState.ADMITTED);
        assertThat(latest().getPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1");
        assertThat(cpuUsedOnDc1()).as("the placed charge: 1 + 4 x 2 cpu, in milli-cpu").isEqualTo(9_000);
        assertThat(admittedAudit()).containsExactly("admitted generation 1");

        processing(() -> {
            admitting.admit(binding(fraud(5)), "admit-1");
            admitting.admit(Placing.placement(latest(), "dc-1", "scheduler"), "admit-1.1");
        });

        assertThat(admissions).as("two versions, two admissions").containsExactly(Map.entry(FRAUD, 2));
        assertThat(latest().getGeneration()).isEqualTo(2);
        assertThat(latest().getAdmission().getChargedGeneration()).isEqualTo(2L);
        assertThat(cpuUsedOnDc1()).as("1 + 5 x 2 cpu").isEqualTo(11_000);
        assertThat(admittedAudit()).containsExactly("admitted generation 1", "admitted generation 2");
    }

    @Test
    void aPlacementBeyondTheClustersStaticAssignmentIsRejectedAndTheVersionStaysChargedUnplaced() {
        processing(() -> {
            admitting.admit(binding(fraud(6)), "admit-0");
            admitting.admit(Placing.placement(latest(), "dc-1", "scheduler"), "admit-0.1");
        });

        assertThat(admissions).containsExactly(Map.entry(FRAUD, 1));
        assertThat(latest().getAdmission().getState()).as("13 cpu on dc-1, whose assignment holds 12").isEqualTo(AdmissionState.REJECTED);
        assertThat(latest().getPlacement()).as("the charged version runs nowhere yet").isNull();
        assertThat(latest().getAdmission().getRequestedPlacement().getClusters()).extracting(ClusterTarget::getName).containsExactly("dc-1");
        assertThat(cpuUsedOnDc1()).isZero();
        assertThat(ledger.admitted(FRAUD).orElseThrow().charge()).as("still charged unplaced")
                .isEqualTo(new Charge(Resources.of(Map.of("cpu", 13_000L, "memory", 26L << 30, "pods", 7_000L)), null));
    }

    /** The ledger the admit step works with, counting the versions it is asked to admit. */
    private Ledger countingAdmissions(LedgerState state) {
        ledger = new Ledger(state) {
            @Override
            public List<Decision> admit(String namespace, String workloadKey, long generation, Charge charge, int priority) {
                admissions.merge(workloadKey, 1, Integer::sum);
                return super.admit(namespace, workloadKey, generation, charge, priority);
            }
        };
        return ledger;
    }

    /** The requests of one processing, then what ends it. */
    private void processing(Runnable requests) {
        requests.run();
        outputs.writeAudit();
        admitting.endProcessing();
        workloads.flush();
    }

    private ResourceBinding latest() {
        return bound.get(bound.size() - 1);
    }

    private long cpuUsedOnDc1() {
        QuotaUsage status = ledger.statuses("team-a").stream().filter(s -> s.name().equals("q")).findFirst().orElseThrow();
        return status.clusters().stream().filter(c -> c.cluster().equals("dc-1")).map(QuotaUsage.ClusterUsage::used)
                .findFirst().orElseThrow().get("cpu");
    }

    private List<String> admittedAudit() {
        return context.forwarded().stream().map(forward -> forward.record().value())
                .filter(outcome -> outcome instanceof PassOutcome.Audit)
                .map(outcome -> ((PassOutcome.Audit) outcome).event())
                .filter(event -> event.getDecision().equals("ADMITTED"))
                .map(AuditEvent::getReason)
                .toList();
    }

    /** TestBindings' FlinkDeployment in team-a, unplaced, with {@code taskManagers} task managers of 2 cpu and 4Gi. */
    private static ResourceBinding fraud(int taskManagers) {
        ResourceBinding flink = TestBindings.flink("flink.apache.org", "team-a", "fraud");
        Component jobManager = flink.getComponents().get(0);
        Component taskManager = Component.newBuilder(flink.getComponents().get(1)).setReplicas(taskManagers)
                .setTotal(Map.of("cpu", String.valueOf(2 * taskManagers), "memory", (4 * taskManagers) + "Gi")).build();
        return ResourceBinding.newBuilder(flink)
                .setPriorityClassName(null)
                .setComponents(List.of(jobManager, taskManager))
                .setTotal(Map.of("cpu", String.valueOf(1 + 2 * taskManagers), "memory", (2 + 4 * taskManagers) + "Gi"))
                .setPlacement(null)
                .build();
    }

    private static AdmissionRequest binding(ResourceBinding binding) {
        return AdmissionRequest.newBuilder().setType(AdmissionRequestType.BINDING).setNamespace(binding.getNamespace())
                .setWorkloadKey(binding.getWorkloadKey()).setBinding(binding).build();
    }

    private <V> KeyValueStore<String, V> store(String name, Serde<V> values) {
        return AdmitStepStores.add(context, name, values);
    }
}

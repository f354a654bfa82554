package io.fedstream.demo;

import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.runtime.ShutdownSignal;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;

/**
 * The demo's quota scene, live on the broker: a quota is applied, a workload that fits is admitted, one that does not
 * is rejected with the numbers, and deleting the first admits the waiting one.
 */
public final class QuotaScene {

    private static final String RESOURCE = "/demo/quota-scene.yaml";
    private static final String QUOTA = "team-q/compute";
    private static final String API = "apps/Deployment/team-q/api";
    private static final String BATCH = "apps/Deployment/team-q/batch";
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);

    private final FleetClient fleet;
    private final ShutdownSignal signal;
    private final PrintWriter out;

    public QuotaScene(FleetClient fleet, ShutdownSignal signal, PrintWriter out) {
        this.fleet = fleet;
        this.signal = signal;
        this.out = out;
    }

    /** Plays the scene; false (having said why) when a step did not happen in time. */
    public boolean play() throws InterruptedException, ExecutionException {
        List<String> manifests = manifests();
        Instant now = Instant.now();
        out.println("Quota scene: FederatedResourceQuota " + QUOTA + " allows requests.cpu 4, memory 8Gi, pods 10.");
        fleet.publishPolicies(Map.of("FederatedResourceQuota/" + QUOTA, PolicyEvent.newBuilder()
                .setOp(Op.UPSERT).setManifest(manifests.get(0)).setObservedAt(now).setSource("demo").build()));
        Optional<QuotaStatus> status = fleet.awaitQuotaStatus(QUOTA, STEP_TIMEOUT, signal);
        if (status.isEmpty()) {
            return missing("the quota's status");
        }
        fleet.publish(Map.of(API, upsert(manifests.get(1), now)));
        Optional<ResourceBinding> api = fleet.awaitBinding(API, b -> decided(b), STEP_TIMEOUT, signal);
        if (api.isEmpty()) {
            return missing("the admission of " + API);
        }
        report("apply  team-q/api   (2 pods x 1 cpu)", api.get());
        fleet.publish(Map.of(BATCH, upsert(manifests.get(2), now)));
        Optional<ResourceBinding> batch = fleet.awaitBinding(BATCH, b -> decided(b), STEP_TIMEOUT, signal);
        if (batch.isEmpty()) {
            return missing("the admission of " + BATCH);
        }
        report("apply  team-q/batch (3 pods x 1 cpu)", batch.get());
        fleet.publish(Map.of(API, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(now).setSource("demo").build()));
        Optional<ResourceBinding> admitted = fleet.awaitBinding(BATCH,
                b -> b.getAdmission().getState() == AdmissionState.ADMITTED, STEP_TIMEOUT, signal);
        if (admitted.isEmpty()) {
            return missing("the admission of " + BATCH + " after " + API + " was deleted");
        }
        report("delete team-q/api; team-q/batch waited in the queue", admitted.get());
        out.flush();
        return true;
    }

    private void report(String action, ResourceBinding binding) {
        String outcome = binding.getAdmission().getState() == AdmissionState.ADMITTED
                ? "ADMITTED, charged " + binding.getAdmission().getCharged().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).sorted().collect(Collectors.joining(","))
                : binding.getAdmission().getState() + ": " + binding.getAdmission().getReason();
        out.printf("  %-52s -> %s%n", action, outcome);
        out.flush();
    }

    private boolean missing(String what) {
        out.println("  did not see " + what + " within " + STEP_TIMEOUT.toSeconds() + " s");
        out.flush();
        return false;
    }

    private static boolean decided(ResourceBinding binding) {
        AdmissionState state = binding.getAdmission().getState();
        return state == AdmissionState.ADMITTED || state == AdmissionState.REJECTED;
    }

    private static WorkloadEvent upsert(String manifest, Instant now) {
        return WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setSource("demo").build();
    }

    /** The quota and the two Deployments, as JSON, in file order. */
    private static List<String> manifests() {
        return SceneManifests.read(RESOURCE);
    }
}

package io.fedstream.executor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fedstream.Fedstream;
import io.fedstream.agent.ServedKinds;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.config.WorkloadKey;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.lua.LuaScriptException;
import io.fedstream.propagate.CopyDecision;
import io.fedstream.propagate.CustomizationsInForce;
import io.fedstream.propagate.Dependencies;
import io.fedstream.propagate.Desired;
import io.fedstream.propagate.LiveCopy;
import io.fedstream.propagate.MemberWork;
import io.fedstream.propagate.ObjectVersion;
import io.fedstream.propagate.PropagationMarks;
import io.fedstream.propagate.PropagationSettings;
import io.fedstream.propagate.PublishedCustomizations;
import io.fedstream.propagate.Retention;
import java.net.HttpURLConnection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Propagates every binding to one member cluster, as Karmada's binding and execution controllers do for one cluster's
 * Works: the workload's manifest with the cluster's replicas and overrides ({@link MemberWork}) is created or updated
 * there, removed when the cluster leaves the placement (or left for the PURGE command when a failover took it away) and
 * when the workload is deleted, with the objects its pods use when its policy says {@code propagateDeps}; what it did is
 * reported on {@code fedstream.work-status} ({@link WorkReports}). It is level-triggered: at start it reads the bindings,
 * workloads and policies topics whole and lists fedstream's copies on the cluster, then brings every workload that has
 * changed (or failed, after a back-off) to what its binding says; a redelivered or re-read record finds the copy as it
 * should be and writes nothing (the applied digest and the copy's version when last seen). A copy its agent reports
 * deleted is made again, and one it reports with another version than the one last seen (someone changed it on the
 * cluster) is looked at again and updated back, as Karmada's work status controller does. The interpreter customizations
 * of the policies topic ({@link PublishedCustomizations}) revise a share's replicas, say a workload's dependencies and
 * what an update keeps of the cluster's copy, where Karmada's binding controller, dependencies distributor and object
 * watcher run them. An API server that cannot be reached stops the pass, which resumes with a doubling back-off: nothing
 * is lost, since what is still to do is what differs.
 */
final class Propagation implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Propagation.class);
    private static final Duration CATCH_UP = Duration.ofSeconds(60);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration LAST_RETRY = Duration.ofSeconds(60);

    private final String cluster;
    private final Topics topics;
    private final ClusterObjects objects;
    private final Clock clock;
    private final PropagationFeed feed;
    private final WorkReports reports;
    private final ManifestCatalog manifests = new ManifestCatalog();
    private final KnownBindings bindings;
    private final GoverningPolicies policies = new GoverningPolicies();
    private final RequiredDependencies dependencies = new RequiredDependencies();
    private final PublishedCustomizations customizations;
    /** What each cluster gets, its dependencies and what an update keeps, by the customizations in force. */
    private Customized customized;
    /** Where each workload's object is, from its binding, its manifest or its copy on the cluster. */
    private final Map<String, ObjectRef> refs = new HashMap<>();
    /** The workloads with a copy fedstream propagated to the cluster. */
    private final Set<String> copies = new LinkedHashSet<>();
    /** The copies the start's inventory listed, each used once instead of a read. */
    private final Map<String, JsonNode> listed = new HashMap<>();
    private final Set<String> dirty = new LinkedHashSet<>();
    private final Map<String, Retry> retries = new HashMap<>();
    private boolean inventoried;
    /** Set after the first catch-up: from then on, the work-status topic shows this executor's own reports coming back. */
    private boolean caughtUp;
    private Instant pausedUntil = Instant.MIN;
    private Duration pause = FIRST_RETRY;

    /** The pure cores as the customizations in force make them; built again when those change. */
    private record Customized(CustomizationsInForce inForce, MemberWork work, Dependencies dependencies, Retention retention) {

        static Customized of(CustomizationsInForce inForce) {
            return new Customized(inForce, new MemberWork(inForce), new Dependencies(inForce.interpreter()), inForce.retention());
        }
    }

    /** A workload to try again at a time, after a failure; {@code after} doubles up to {@link #LAST_RETRY}. */
    private record Retry(Instant at, Duration after) {}

    /** The API server could not be reached: the pass stops, and resumes after a back-off. */
    private static final class Unreachable extends RuntimeException {
        Unreachable(KubernetesClientException cause) {
            super(cause.getMessage(), cause);
        }
    }

    Propagation(ClusterObjects objects, FedstreamConfig config, Topics topics, String cluster, Clock clock) {
        this.cluster = cluster;
        this.topics = topics;
        this.objects = objects;
        this.clock = clock;
        this.bindings = new KnownBindings(cluster);
        this.feed = new PropagationFeed(config.consumerProperties(),
                List.of(topics.policies().name(), topics.workloads().name(), topics.bindings().name(), topics.workStatus().name()));
        this.reports = new WorkReports(config.producerProperties(), topics.workStatus(), cluster, clock);
        this.customizations = new PublishedCustomizations(Fedstream.extensionsFor(config));
        this.customized = Customized.of(customizations.inForce());
    }

    /** Reads the topics to their end: what every workload is and where it goes, as of now. */
    void catchUp() {
        feed.catchUp(CATCH_UP, this::accept);
        caughtUp = true;
    }

    /** The workload's latest manifest on the workloads topic (read to its end first), for a migration. */
    Optional<String> latestManifest(String key) {
        catchUp();
        return manifests.latest(key);
    }

    /** The workload's copy changed by other means (a migration applied or purged it): look at it again. */
    void touched(String key) {
        dirty.add(key);
    }

    /**
     * One round: takes what arrived on the topics (waiting up to {@code wait} when there is nothing to do) and brings
     * every changed workload's copy to what its binding says.
     */
    void step(Duration wait) {
        Instant now = clock.instant();
        boolean idle = dirty.isEmpty() && retries.values().stream().noneMatch(r -> !r.at().isAfter(now)) && inventoried;
        boolean arrived = feed.poll(idle ? wait : Duration.ZERO, this::accept);
        if (arrived) {
            // A binding is written after the workload event it was bound from: read that far, so its manifest is known.
            catchUp();
        }
        if (clock.instant().isBefore(pausedUntil)) {
            return;
        }
        try {
            if (!inventoried) {
                inventory();
            }
            retries.entrySet().removeIf(retry -> {
                if (!retry.getValue().at().isAfter(clock.instant())) {
                    dirty.add(retry.getKey());
                    return true;
                }
                return false;
            });
            Deque<String> queue = new ArrayDeque<>(dirty);
            while (!queue.isEmpty()) {
                String key = queue.removeFirst();
                reconcile(key, queue);
                dirty.remove(key);
            }
            pause = FIRST_RETRY;
        } catch (Unreachable e) {
            pauseFor("the API server cannot be reached (" + e.getMessage() + ")");
        } catch (KubernetesClientException e) {
            // Only the start's inventory lets an answer of the API server through: without it nothing is known of the copies.
            pauseFor("the copies on the cluster cannot be listed (" + e.getMessage() + ")");
        }
    }

    private void pauseFor(String why) {
        pausedUntil = clock.instant().plus(pause);
        LOG.warn("cluster {}: {}; propagating again in {}", cluster, why, pause);
        pause = pause.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : pause.multipliedBy(2);
    }

    private void accept(ConsumerRecord<String, byte[]> record) {
        String key = record.key();
        if (record.topic().equals(topics.bindings().name())) {
            ResourceBinding binding = decode(topics.bindings(), record);
            if (binding != null || record.value() == null) {
                bindings.accept(key, binding);
                if (binding != null) {
                    refs.put(key, ObjectRef.of(binding));
                }
                dirty.add(key);
            }
        } else if (record.topic().equals(topics.workloads().name())) {
            WorkloadEvent event = decode(topics.workloads(), record);
            if (event != null || record.value() == null) {
                manifests.accept(key, event);
                if (placedHere(bindings.get(key)) || !dependencies.neededBy(key).isEmpty() || copies.contains(key)) {
                    dirty.add(key);
                }
            }
        } else if (record.topic().equals(topics.workStatus().name())) {
            WorkStatusEvent report = decode(topics.workStatus(), record);
            if (report == null || !report.getCluster().equals(cluster)) {
                return;
            }
            if (report.getDispatch() != null && !caughtUp) {
                reports.recall(key, report.getDispatch());
            }
            WorkObservation observation = report.getObservation();
            if (observation != null && copies.contains(key) && (!observation.getPresent()
                    || observation.getObjectVersion() != null && !observation.getObjectVersion().equals(reports.seenVersion(key)))) {
                // Someone deleted or changed fedstream's copy: it is made again or updated back, as Karmada's work status
                // controller does on every change of a member object (handleDeleteEvent, updateResource).
                dirty.add(key);
            }
        } else if (record.topic().equals(topics.policies().name())) {
            PolicyEvent event = decode(topics.policies(), record);
            if (event == null && record.value() != null) {
                return;
            }
            String policy = policies.accept(key, event);
            if (policy != null) {
                dirty.addAll(bindings.governedBy(policy));
            }
            Set<String> kinds = customizations.accept(key, event == null || event.getOp() == Op.DELETE ? null : event.getManifest());
            if (!kinds.isEmpty()) {
                customized = Customized.of(customizations.inForce());
                dirty.addAll(bindings.ofKinds(kinds));
            }
        }
    }

    /** Lists fedstream's copies on the cluster: every workload with one, or placed here, or reported on, is looked at. */
    private void inventory() {
        Set<KindRef> kinds = new LinkedHashSet<>(ServedKinds.interpreterKinds());
        for (String key : bindings.keys()) {
            ResourceBinding binding = bindings.get(key);
            kinds.add(KindRef.of(binding.getApiVersion(), binding.getKind()));
        }
        List<GenericKubernetesResource> found;
        try {
            found = objects.propagated(kinds, (kind, refused) -> LOG.warn("cluster {}: cannot list fedstream's copies of {}: {}",
                    cluster, kind.id(), refused.getMessage()));
        } catch (KubernetesClientException e) {
            if (ClusterObjects.unreachable(e)) {
                throw new Unreachable(e);
            }
            throw e;
        }
        for (GenericKubernetesResource object : found) {
            JsonNode json = objects.json(object);
            String key = PropagationMarks.annotation(json, PropagationMarks.WORKLOAD);
            if (key != null) {
                copies.add(key);
                listed.put(key, json);
                refs.put(key, ObjectRef.of(json, ""));
                dirty.add(key);
            }
        }
        for (String key : bindings.keys()) {
            if (placedHere(bindings.get(key)) || reports.last(key) != null) {
                dirty.add(key);
            }
        }
        inventoried = true;
        LOG.info("cluster {}: {} copies of fedstream's found; {} workloads to look at", cluster, copies.size(), dirty.size());
    }

    private void reconcile(String key, Deque<String> queue) {
        try {
            reconcileOnce(key, queue);
            retries.remove(key);
        } catch (KubernetesClientException e) {
            if (ClusterObjects.unreachable(e)) {
                throw new Unreachable(e);
            }
            // 409: the object changed or appeared under us; anything else the cluster refused: report it and try again.
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                fail(key, "the cluster refused it: " + (e.getStatus() != null && e.getStatus().getMessage() != null
                        ? e.getStatus().getMessage() : e.getMessage()));
            }
            retryLater(key);
        } catch (RuntimeException e) {
            // A workload that cannot be propagated (a manifest that does not parse, a kind the cluster does not serve, a
            // fault of fedstream's own) is reported and tried again later; it never stops the others.
            if (!(e instanceof IllegalStateException || e instanceof IllegalArgumentException)) {
                LOG.error("cluster {}: propagating {} failed", cluster, key, e);
            }
            fail(key, e.getMessage() == null ? e.toString() : e.getMessage());
            retryLater(key);
        }
    }

    private void reconcileOnce(String key, Deque<String> queue) {
        ResourceBinding binding = bindings.get(key);
        GoverningPolicies.Settings governing = policies.of(binding);
        Desired desired = governing.problem() != null && placedHere(binding)
                ? new Desired.Failed("its policy's settings cannot be read: " + governing.problem(), binding.getGeneration())
                : customized.work().of(binding, binding == null ? null : manifests.version(key, binding.getObservedAt()), cluster);
        PropagationSettings settings = governing.problem() != null ? PropagationSettings.DEFAULTS : governing.settings();
        if (desired instanceof Desired.Apply apply) {
            try {
                List<String> needs = settings.propagateDeps() ? customized.dependencies().of(apply.object(), binding.getNamespace(),
                        manifests::keysMatching) : List.of();
                for (String dependency : dependencies.record(key, needs)) {
                    if (!queue.contains(dependency)) {
                        queue.addLast(dependency);
                    }
                }
            } catch (LuaScriptException | IllegalArgumentException e) {
                // Karmada's dependencies distributor keeps the attached bindings it made when GetDependencies fails.
                desired = apply.withProblem("its dependencies cannot be read, those it had stay: " + e.getMessage());
            }
        } else {
            for (String dependency : dependencies.record(key, List.of())) {
                if (!queue.contains(dependency)) {
                    queue.addLast(dependency);
                }
            }
        }
        if (!(desired instanceof Desired.Apply)) {
            List<String> neededBy = dependencies.neededBy(key);
            if (!neededBy.isEmpty()) {
                Optional<String> manifest = manifests.latest(key);
                if (manifest.isEmpty()) {
                    LOG.info("cluster {}: {} needs {}, which is not on the workloads topic", cluster, neededBy, key);
                    return;
                }
                String namespace = WorkloadKey.parse(key).map(WorkloadKey::namespace).orElse("");
                desired = customized.work().dependency(key, namespace, manifest.get(), binding, cluster);
                GoverningPolicies.Settings parent = policies.of(bindings.get(neededBy.get(0)));
                settings = parent.problem() == null ? parent.settings() : PropagationSettings.DEFAULTS;
                refs.putIfAbsent(key, ObjectRef.of(((Desired.Apply) desired).object(), namespace));
            }
        }
        ObjectRef ref = refs.get(key);
        boolean look = desired instanceof Desired.Apply || copies.contains(key) || reports.last(key) != null
                || binding == null && ref != null;
        LiveCopy live = look && ref != null ? live(key, ref) : null;
        CopyDecision.Step step = CopyDecision.decide(desired, live, settings, customized.retention(), cluster, clock.instant());
        String version = carryOut(key, ref, live, step);
        if (step.state() != null) {
            reports.report(key, step.state(), step.generation(), step.message(),
                    desired instanceof Desired.Apply && step.state() != WorkState.CONFLICT ? version : null);
        }
        if (binding == null && !copies.contains(key) && dependencies.neededBy(key).isEmpty()) {
            refs.remove(key);
        }
    }

    /** Sends the step to the cluster; returns the copy's version after it (as the API server answers, or as the step found it). */
    private String carryOut(String key, ObjectRef ref, LiveCopy live, CopyDecision.Step step) {
        return switch (step.action()) {
            case CREATE -> {
                JsonNode created = objects.json(objects.create(step.body()));
                copies.add(key);
                LOG.info("cluster {}: created {} ({})", cluster, key, step.generation());
                yield ObjectVersion.of(created);
            }
            case UPDATE -> {
                ObjectNode body = live == null ? step.body() : RestoredManifest.carryOver(step.body(), live.object());
                JsonNode updated = objects.json(objects.update(body));
                if (PropagationMarks.isManaged(body)) {
                    copies.add(key);
                } else {
                    copies.remove(key);
                }
                boolean putBack = live != null && live.ownership() == LiveCopy.Ownership.PROPAGATED
                        && step.body().path("metadata").path("annotations").path(PropagationMarks.APPLIED_DIGEST)
                                .equals(live.object().path("metadata").path("annotations").path(PropagationMarks.APPLIED_DIGEST));
                LOG.info("cluster {}: updated {} ({}{})", cluster, key, step.state(), putBack ? ", a change made on the cluster put back" : "");
                yield ObjectVersion.of(updated);
            }
            case DELETE -> {
                objects.delete(ref.apiVersion(), ref.kind(), ref.namespace(), ref.name());
                copies.remove(key);
                LOG.info("cluster {}: deleted {}", cluster, key);
                yield null;
            }
            case NONE -> step.seenVersion();
        };
    }

    private LiveCopy live(String key, ObjectRef ref) {
        JsonNode object = listed.remove(key);
        if (object == null) {
            object = objects.get(ref.apiVersion(), ref.kind(), ref.namespace(), ref.name()).map(objects::json).orElse(null);
        }
        if (object == null) {
            copies.remove(key);
            return null;
        }
        LiveCopy.Ownership ownership = PropagationMarks.isManaged(object) ? LiveCopy.Ownership.PROPAGATED
                : PropagationMarks.annotation(object, ObjectMarks.MIGRATION_COMMAND) != null ? LiveCopy.Ownership.MIGRATED
                : manifests.reportedBy(key, cluster) ? LiveCopy.Ownership.ORIGIN
                : LiveCopy.Ownership.FOREIGN;
        return new LiveCopy(object, ownership, PropagationMarks.annotation(object, ObjectMarks.PURGE_COMMAND) != null,
                reports.seenVersion(key));
    }

    private void fail(String key, String message) {
        ResourceBinding binding = bindings.get(key);
        reports.report(key, WorkState.FAILED, binding == null ? 0 : binding.getGeneration(), message, null);
        LOG.warn("cluster {}: {} cannot be propagated: {}", cluster, key, message);
    }

    private void retryLater(String key) {
        Retry previous = retries.get(key);
        Duration after = previous == null ? FIRST_RETRY
                : previous.after().multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : previous.after().multipliedBy(2);
        retries.put(key, new Retry(clock.instant().plus(after), after));
    }

    private boolean placedHere(ResourceBinding binding) {
        return binding != null && binding.getPlacement() != null
                && binding.getPlacement().getClusters().stream().map(ClusterTarget::getName).anyMatch(cluster::equals);
    }

    private static <V> V decode(Topic<String, V> topic, ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            return null;
        }
        try {
            return topic.valueSerde().deserializer().deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            LOG.warn("skipping unreadable record {} at {}-{}@{}: {}", record.key(), record.topic(), record.partition(), record.offset(),
                    e.toString());
            return null;
        }
    }

    @Override
    public void close() {
        reports.close();
        feed.close();
    }
}

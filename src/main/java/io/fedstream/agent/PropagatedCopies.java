package io.fedstream.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topic;
import io.fedstream.interpret.KindRef;
import io.fedstream.propagate.CopyHealth;
import io.fedstream.propagate.CustomizationsInForce;
import io.fedstream.propagate.ObjectHealth;
import io.fedstream.propagate.ObjectVersion;
import io.fedstream.propagate.PropagationMarks;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the objects fedstream propagated to the cluster ({@link PropagationMarks#MANAGED_LABEL}, selected on the API
 * server) and reports each one's presence, health ({@link CopyHealth}: its kind's healthInterpretation script, else
 * {@link ObjectHealth}), {@code .status} and version
 * ({@link ObjectVersion}) on {@code fedstream.work-status} when they change, as Karmada's work status controller reflects
 * a member object's status into its Work ({@code pkg/controllers/status/work_status_controller.go} {@code reflectStatus});
 * a new version tells the executor that someone may have changed the copy, as the same controller's informer event
 * makes it check the copy against its Work ({@code updateResource}). The kinds watched are the interpreter's, the
 * cluster-scoped ones a ClusterPropagationPolicy propagates and those the interpreter customizations target, those the
 * cluster serves (a customized kind it does not serve yet is asked for again every minute); discovery is retried with a doubling
 * back-off until the API server answers.
 */
final class PropagatedCopies implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PropagatedCopies.class);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration LAST_RETRY = Duration.ofSeconds(60);

    private final KubernetesClient client;
    private final Topic<String, WorkStatusEvent> topic;
    private final Producer<String, byte[]> producer;
    private final String cluster;
    private final Clock clock;
    private final Duration resync;
    private final ScheduledExecutorService discovery;
    /** The kinds to watch: the interpreter's (its cluster-scoped ones too) and those the customizations target. */
    private final Set<KindRef> wanted = ConcurrentHashMap.newKeySet();
    /** The kinds the customizations target: a custom kind the cluster does not serve yet may be served later. */
    private final Set<KindRef> customized = ConcurrentHashMap.newKeySet();
    /** The informers started, by kind id. */
    private final Map<String, SharedIndexInformer<GenericKubernetesResource>> informers = new ConcurrentHashMap<>();
    /** What was reported last per copy (by workload key), so that a resync reports nothing new. */
    private final Map<String, WorkObservation> reported = new ConcurrentHashMap<>();
    private volatile CustomizationsInForce customizations = CustomizationsInForce.BUILT_IN;
    private boolean retryScheduled;

    PropagatedCopies(KubernetesClient client, Topic<String, WorkStatusEvent> topic, Producer<String, byte[]> producer, String cluster,
                     Clock clock, Duration resync) {
        this.client = client;
        this.topic = topic;
        this.producer = producer;
        this.cluster = cluster;
        this.clock = clock;
        this.resync = resync;
        this.discovery = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fedstream-agent-copies-" + cluster);
            thread.setDaemon(true);
            return thread;
        });
        wanted.addAll(ServedKinds.interpreterKinds());
    }

    /** Discovers the kinds (retrying until the API server answers) and starts watching fedstream's copies of them. */
    void start() {
        discovery.execute(() -> discover(FIRST_RETRY));
    }

    /** The number of kinds watched so far. */
    int watchedKinds() {
        return informers.size();
    }

    /**
     * The customizations in force changed for these kinds ({@code apiVersion/kind}): their copies are watched (a custom
     * kind's too, once the cluster serves it) and their health is interpreted again.
     */
    void customizationsChanged(CustomizationsInForce inForce, Set<String> kinds) {
        customizations = inForce;
        for (String kind : kinds) {
            int slash = kind.lastIndexOf('/');
            KindRef ref = KindRef.of(kind.substring(0, slash), kind.substring(slash + 1));
            wanted.add(ref);
            customized.add(ref);
        }
        discovery.execute(() -> {
            discover(FIRST_RETRY);
            for (String kind : kinds) {
                SharedIndexInformer<GenericKubernetesResource> informer = informers.get(kind);
                if (informer != null) {
                    informer.getStore().list().forEach(object -> guarded(object, true));
                }
            }
        });
    }

    /** Starts an informer for every wanted kind the cluster serves and is not watched yet; those it does not serve are asked again later. */
    private void discover(Duration retry) {
        List<KindRef> missing = wanted.stream().filter(kind -> !informers.containsKey(kind.id())).toList();
        if (missing.isEmpty()) {
            return;
        }
        List<WatchedKind> served;
        try {
            served = new ServedKinds(client).discover(missing, skipped -> { });
        } catch (RuntimeException e) {
            Duration next = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
            LOG.warn("cluster {}: API discovery for fedstream's copies failed ({}); retrying in {}", cluster, e.getMessage(), retry);
            discovery.schedule(() -> discover(next), retry.toMillis(), TimeUnit.MILLISECONDS);
            return;
        }
        for (WatchedKind kind : served) {
            var objects = client.genericKubernetesResources(kind.context());
            var selected = (kind.context().isNamespaceScoped() ? objects.inAnyNamespace() : objects)
                    .withLabel(PropagationMarks.MANAGED_LABEL, PropagationMarks.MANAGED_VALUE);
            SharedIndexInformer<GenericKubernetesResource> informer = selected.runnableInformer(resync.toMillis());
            informer.exceptionHandler((started, failure) -> {
                LOG.warn("cluster {}: informer for fedstream's {} failed ({}); it retries", cluster, kind.kind().id(), failure.toString());
                return true;
            });
            informer.addEventHandler(new CopyHandler());
            informers.put(kind.kind().id(), informer);
            informer.start();
        }
        LOG.info("cluster {}: watching fedstream's copies of {} kinds", cluster, informers.size());
        boolean customKindNotServed = missing.stream().anyMatch(kind -> customized.contains(kind) && !informers.containsKey(kind.id()));
        if (customKindNotServed && !retryScheduled) {
            // A custom kind the cluster does not serve yet (its CustomResourceDefinition may come later) is asked for again.
            retryScheduled = true;
            discovery.schedule(() -> {
                retryScheduled = false;
                discover(FIRST_RETRY);
            }, LAST_RETRY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void observed(GenericKubernetesResource object, boolean present) {
        JsonNode json = WorkloadManifest.of(client.getKubernetesSerialization().asJson(object)).root();
        String key = PropagationMarks.annotation(json, PropagationMarks.WORKLOAD);
        if (key == null) {
            return;
        }
        JsonNode status = json.path("status");
        CopyHealth.Assessed health = present ? CopyHealth.of(json, customizations) : new CopyHealth.Assessed(WorkHealth.UNKNOWN, null);
        WorkObservation observation = WorkObservation.newBuilder()
                .setPresent(present)
                .setHealth(health.health())
                .setHealthReason(health.reason())
                .setStatus(present && status.isObject() && !status.isEmpty() ? status.toString() : null)
                .setObjectVersion(present ? ObjectVersion.of(json) : null)
                .build();
        if (observation.equals(present ? reported.put(key, observation) : reported.remove(key))) {
            return;
        }
        WorkStatusEvent event = WorkStatusEvent.newBuilder().setWorkloadKey(key).setCluster(cluster).setObservation(observation)
                .setObservedAt(clock.instant()).build();
        byte[] bytes = topic.valueSerde().serializer().serialize(topic.name(), event);
        producer.send(new ProducerRecord<>(topic.name(), partition(key), key, bytes), (metadata, failure) -> {
            if (failure != null) {
                reported.remove(key, observation);
                LOG.warn("cluster {}: could not report the copy of {}: {}", cluster, key, failure.toString());
            }
        });
    }

    /** Reports one object; a bad object is logged, never allowed to stop the informer or the discovery thread. */
    private void guarded(GenericKubernetesResource object, boolean present) {
        try {
            observed(object, present);
        } catch (RuntimeException e) {
            LOG.warn("cluster {}: cannot report a copy of fedstream's: {}", cluster, e.toString());
        }
    }

    /** The namespace's partition ({@link NamespacePartitioner}), whatever partitioner the agent's producer has. */
    private Integer partition(String key) {
        int partitions = producer.partitionsFor(topic.name()).size();
        return partitions == 0 ? null : NamespacePartitioner.partitionOf(key, partitions);
    }

    @Override
    public void close() {
        discovery.shutdownNow();
        try {
            discovery.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        informers.values().forEach(SharedIndexInformer::close);
    }

    /** Turns informer callbacks into reports. */
    private final class CopyHandler implements ResourceEventHandler<GenericKubernetesResource> {

        @Override
        public void onAdd(GenericKubernetesResource object) {
            guarded(object, true);
        }

        @Override
        public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource object) {
            guarded(object, true);
        }

        @Override
        public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
            guarded(object, false);
        }
    }
}

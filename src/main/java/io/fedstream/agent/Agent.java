package io.fedstream.agent;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fedstream.Fedstream;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import io.fedstream.executor.ObjectMarks;
import io.fedstream.propagate.PropagationMarks;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member cluster's agent: informers on every interpreter kind the cluster serves publish WorkloadEvents and
 * WorkloadStatusEvents when an object or its status changes; a timer publishes the cluster's heartbeat and the offsets
 * of labelled consumers. Informers re-list and re-watch on their own after a lost connection (fabric8 backs off);
 * discovery is retried with exponential back-off until the API server answers.
 */
public final class Agent implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Agent.class);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
    private static final Duration LAST_RETRY = Duration.ofSeconds(60);

    private final KubernetesClient client;
    private final Topics topics;
    private final AgentSettings settings;
    private final Clock clock;
    private final Producer<String, byte[]> producer;
    private final GroupOffsets offsets;
    private final ClusterHeartbeat heartbeat;
    private final ScheduledExecutorService timer;
    private final PropagatedCopies copies;
    /** The interpreter customizations of the policies topic, for the copies' health; null: none are read. */
    private final CustomizationWatch customizations;
    private final List<SharedIndexInformer<?>> informers = new CopyOnWriteArrayList<>();
    private final List<String> watched = new CopyOnWriteArrayList<>();
    /** Every apiVersion/kind the cluster serves, once discovered (null before): sent in each heartbeat. */
    private volatile List<String> servedKinds;
    /** What was last published per workload key, so that resyncs and status-only changes publish nothing new. */
    private final Map<String, String> publishedManifests = new ConcurrentHashMap<>();
    private final Map<String, WorkloadStatusEvent> publishedStatuses = new ConcurrentHashMap<>();
    /** The labelled consumers seen, whose offsets are polled on every heartbeat. */
    private final Map<String, WorkloadManifest> consumers = new ConcurrentHashMap<>();
    private volatile SharedIndexInformer<Node> nodes;
    private volatile SharedIndexInformer<Pod> pods;

    /**
     * An agent publishing with the configuration's producer settings (acks=all, idempotence) to the given topics;
     * {@code appsAdmin} reads consumer-group offsets on the Kafka the workloads consume from (null: offsets are not read).
     */
    public Agent(KubernetesClient client, FedstreamConfig config, Topics topics, Admin appsAdmin, AgentSettings settings, Clock clock) {
        this(client, topics, new KafkaProducer<>(producerProperties(config, settings), new StringSerializer(), new ByteArraySerializer()),
                appsAdmin, settings, clock, new CustomizationWatch(config.consumerProperties(), topics.policies(),
                        Fedstream.extensionsFor(config), settings.cluster()));
    }

    /** Package-private seam: tests pass a mock producer, and no customizations (the built-in interpretation of every kind). */
    Agent(KubernetesClient client, Topics topics, Producer<String, byte[]> producer, Admin appsAdmin, AgentSettings settings, Clock clock) {
        this(client, topics, producer, appsAdmin, settings, clock, null);
    }

    private Agent(KubernetesClient client, Topics topics, Producer<String, byte[]> producer, Admin appsAdmin, AgentSettings settings,
                  Clock clock, CustomizationWatch customizations) {
        this.client = client;
        this.topics = topics;
        this.settings = settings;
        this.clock = clock;
        this.producer = producer;
        this.offsets = appsAdmin == null ? null : new GroupOffsets(appsAdmin);
        this.heartbeat = new ClusterHeartbeat(settings, client.getKubernetesSerialization());
        this.copies = new PropagatedCopies(client, topics.workStatus(), producer, settings.cluster(), clock, settings.resyncInterval());
        this.customizations = customizations;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fedstream-agent-" + settings.cluster());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The configuration's producer settings: acks=all and idempotence unless kafka.producer.* says otherwise. */
    private static Properties producerProperties(FedstreamConfig config, AgentSettings settings) {
        Properties properties = config.producerProperties();
        properties.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "fedstream-agent-" + settings.cluster());
        return properties;
    }

    /** Starts the node and pod informers, discovery (then the workload informers) and the heartbeat timer. */
    public Agent start() {
        long resync = settings.resyncInterval().toMillis();
        nodes = retrying(client.nodes().runnableInformer(resync));
        pods = retrying(client.pods().inAnyNamespace().runnableInformer(resync));
        nodes.start();
        pods.start();
        timer.execute(() -> discover(FIRST_RETRY));
        copies.start();
        if (customizations != null) {
            customizations.start(copies::customizationsChanged);
        }
        timer.scheduleAtFixedRate(this::beat, 0, settings.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** Stops heart-beating and watching, and flushes what was sent. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        informers.forEach(SharedIndexInformer::close);
        if (customizations != null) {
            customizations.close();
        }
        copies.close();
        if (nodes != null) {
            nodes.close();
        }
        if (pods != null) {
            pods.close();
        }
        producer.close(Duration.ofSeconds(10));
    }

    /** The apiVersion/kind ids discovered and watched so far (empty until discovery succeeded). */
    public List<String> watchedKinds() {
        return List.copyOf(watched);
    }

    private void discover(Duration retry) {
        List<WatchedKind> served;
        try {
            ServedKinds discovery = new ServedKinds(client);
            served = discovery.discover(ServedKinds.workloadKinds(), skipped ->
                    LOG.info("cluster {} does not serve {}: not watched", settings.cluster(), skipped));
            servedKinds = discovery.all();
        } catch (RuntimeException e) {
            LOG.warn("cluster {}: API discovery failed ({}); retrying in {}", settings.cluster(), e.getMessage(), retry);
            Duration next = retry.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : retry.multipliedBy(2);
            timer.schedule(() -> discover(next), retry.toMillis(), TimeUnit.MILLISECONDS);
            return;
        }
        for (WatchedKind kind : served) {
            SharedIndexInformer<GenericKubernetesResource> informer = retrying(client.genericKubernetesResources(kind.context())
                    .inAnyNamespace().runnableInformer(settings.resyncInterval().toMillis()));
            informer.addEventHandler(new WorkloadHandler());
            informers.add(informer);
            informer.start();
            watched.add(kind.kind().id());
            LOG.info("cluster {}: watching {}", settings.cluster(), kind.kind().id());
        }
    }

    private <T> SharedIndexInformer<T> retrying(SharedIndexInformer<T> informer) {
        return informer.exceptionHandler((started, failure) -> {
            LOG.warn("cluster {}: informer for {} failed ({}); it retries", settings.cluster(),
                    informer.getApiTypeClass().getSimpleName(), failure.toString());
            return true;
        });
    }

    private void beat() {
        if (!nodes.hasSynced() || !pods.hasSynced()) {
            // Before the first list the agent knows nothing: no heartbeat, rather than a false "not ready" at every start.
            return;
        }
        try {
            boolean reachable = nodes.isWatching() && pods.isWatching();
            send(topics.clusterHealth(), settings.cluster(), heartbeat.of(nodes.getStore().list(), pods.getStore().list(), reachable,
                    clock.instant(), servedKinds));
            consumers.values().forEach(this::publishStatus);
        } catch (RuntimeException e) {
            // One bad beat must not cancel the timer: the next one may succeed.
            LOG.warn("cluster {}: heartbeat failed: {}", settings.cluster(), e.toString());
        }
    }

    private void onObject(GenericKubernetesResource object) {
        WorkloadManifest workload = WorkloadManifest.of(client.getKubernetesSerialization().asJson(object));
        if (workload.isControlled()) {
            return;
        }
        if (GroupOffsets.isConsumer(workload)) {
            consumers.put(workload.key(), workload);
        } else {
            consumers.remove(workload.key());
        }
        if (!isFederationCopy(workload) && !workload.json().equals(publishedManifests.put(workload.key(), workload.json()))) {
            send(topics.workloads(), workload.key(), WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(workload.json())
                    .setObservedAt(clock.instant()).setSource(AgentSettings.SOURCE_PREFIX + settings.cluster()).build());
        }
        publishStatus(workload);
    }

    private void onDeleted(GenericKubernetesResource object) {
        WorkloadManifest workload = WorkloadManifest.of(client.getKubernetesSerialization().asJson(object));
        if (workload.isControlled()) {
            return;
        }
        consumers.remove(workload.key());
        publishedStatuses.remove(workload.key());
        publishedManifests.remove(workload.key());
        if (!isFederationCopy(workload)) {
            send(topics.workloads(), workload.key(), WorkloadEvent.newBuilder().setOp(Op.DELETE).setManifest(workload.json())
                    .setObservedAt(clock.instant()).setSource(AgentSettings.SOURCE_PREFIX + settings.cluster()).build());
        }
    }

    /**
     * A copy the executor propagated, created (migration), preserved or is purging: the federation put it there or takes
     * it away, so its spec and its deletion are not a user's intent and must not come back to fedstream as one.
     */
    private static boolean isFederationCopy(WorkloadManifest workload) {
        return workload.annotation(ObjectMarks.MIGRATION_COMMAND) != null || workload.annotation(ObjectMarks.PURGE_COMMAND) != null
                || PropagationMarks.MANAGED_VALUE.equals(workload.label(PropagationMarks.MANAGED_LABEL))
                || workload.annotation(PropagationMarks.PRESERVED) != null;
    }

    private void publishStatus(WorkloadManifest workload) {
        List<ConsumerGroupOffset> groupOffsets = List.of();
        if (offsets != null && GroupOffsets.isConsumer(workload)) {
            try {
                groupOffsets = offsets.read(GroupOffsets.groupOf(workload));
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                LOG.warn("cluster {}: cannot read the offsets of {}: {}", settings.cluster(), workload.key(), e.toString());
            }
        }
        WorkloadStatusEvent event = WorkloadStatus.of(workload, settings.cluster(), groupOffsets, clock.instant());
        WorkloadStatusEvent previous = publishedStatuses.get(workload.key());
        if (previous != null && sameReport(previous, event)) {
            return;
        }
        publishedStatuses.put(workload.key(), event);
        send(topics.workloadStatus(), workload.key(), event);
    }

    private static boolean sameReport(WorkloadStatusEvent a, WorkloadStatusEvent b) {
        return a.getPhase().equals(b.getPhase()) && Objects.equals(a.getLastCompletedCheckpoint(), b.getLastCompletedCheckpoint())
                && a.getConsumerGroupOffsets().equals(b.getConsumerGroupOffsets()) && Objects.equals(a.getStatus(), b.getStatus());
    }

    private <V> void send(Topic<String, V> topic, String key, V value) {
        byte[] bytes = topic.valueSerde().serializer().serialize(topic.name(), value);
        producer.send(new ProducerRecord<>(topic.name(), key, bytes), (metadata, failure) -> {
            if (failure != null) {
                // Forget it, so that the next resync or status change publishes it again.
                publishedManifests.remove(key);
                publishedStatuses.remove(key);
                LOG.warn("cluster {}: could not publish {} to {}: {}", settings.cluster(), key, topic.name(), failure.toString());
            }
        });
    }

    /** Turns informer callbacks into events; a bad object is logged, never allowed to stop the informer. */
    private final class WorkloadHandler implements ResourceEventHandler<GenericKubernetesResource> {

        @Override
        public void onAdd(GenericKubernetesResource object) {
            guarded(() -> onObject(object));
        }

        @Override
        public void onUpdate(GenericKubernetesResource old, GenericKubernetesResource object) {
            guarded(() -> onObject(object));
        }

        @Override
        public void onDelete(GenericKubernetesResource object, boolean finalStateUnknown) {
            guarded(() -> onDeleted(object));
        }

        private void guarded(Runnable action) {
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.warn("cluster {}: cannot publish an object: {}", settings.cluster(), e.toString());
            }
        }
    }
}

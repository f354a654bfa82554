package io.fedstream.usage;

import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.ContainerMetrics;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fedstream.avro.PodUsage;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkloadUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The agent's usage reader: every interval it reads the cluster's PodMetrics ({@code metrics.k8s.io/v1beta1}), puts
 * each pod under its workload and template ({@link PodOwnership}) and publishes one WorkloadUsage per workload. A
 * cluster that serves no metrics API is found so once, at the first interval, and never asked again: each workload
 * seen there is then reported once as such.
 */
public final class UsageReporter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UsageReporter.class);
    static final String METRICS_API = "metrics.k8s.io/v1beta1";

    private final KubernetesClient client;
    private final String cluster;
    private final Duration interval;
    private final UsageSink sink;
    private final Clock clock;
    private final ClusterOwners owners;
    private final PodOwnership ownership;
    private final Set<String> toldWithoutMetrics = new HashSet<>();
    private final ScheduledExecutorService timer;
    private Boolean metricsServed;

    public UsageReporter(KubernetesClient client, String cluster, Duration interval, UsageSink sink, Clock clock) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("usage interval: must be positive (value: " + interval + ")");
        }
        this.client = client;
        this.cluster = cluster;
        this.interval = interval;
        this.sink = sink;
        this.clock = clock;
        this.owners = new ClusterOwners(client);
        this.ownership = new PodOwnership(owners);
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "fedstream-usage-" + cluster);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Reports every interval from now on, the first one interval from now (the metrics' own window needs that long). */
    public UsageReporter start() {
        timer.scheduleAtFixedRate(() -> {
            try {
                report(clock.instant().minus(interval));
            } catch (RuntimeException e) {
                // One failed interval must not cancel the timer.
                LOG.warn("cluster {}: usage not read: {}", cluster, e.toString());
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return this;
    }

    /** Reads and publishes one interval, which began at {@code intervalStart}. */
    public void report(Instant intervalStart) {
        List<Pod> pods = client.pods().inAnyNamespace().list().getItems();
        if (!metricsServed()) {
            reportWithoutMetrics(pods, intervalStart);
            return;
        }
        Map<String, PodMetrics> metrics = new HashMap<>();
        for (PodMetrics podMetrics : client.resources(PodMetrics.class).inAnyNamespace().list().getItems()) {
            metrics.put(podMetrics.getMetadata().getNamespace() + "/" + podMetrics.getMetadata().getName(), podMetrics);
        }
        Map<String, Map<String, List<PodUsage>>> byWorkload = new TreeMap<>();
        Set<String> seenOwners = new HashSet<>();
        for (Pod pod : pods) {
            PodMetrics podMetrics = metrics.get(pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName());
            if (podMetrics == null) {
                continue;
            }
            rememberOwners(pod, seenOwners);
            Optional<WorkloadTemplate> place = ownership.of(pod);
            place.ifPresent(at -> byWorkload.computeIfAbsent(at.workloadKey(), key -> new TreeMap<>())
                    .computeIfAbsent(at.template(), template -> new ArrayList<>()).add(usage(pod.getMetadata().getName(), podMetrics)));
        }
        owners.retainOnly(seenOwners);
        byWorkload.forEach((workloadKey, templates) -> sink.publish(workloadKey, WorkloadUsage.newBuilder()
                .setWorkloadKey(workloadKey)
                .setCluster(cluster)
                .setIntervalStart(intervalStart)
                .setIntervalSeconds((int) interval.toSeconds())
                .setUnavailableReason(null)
                .setTemplates(templates.entrySet().stream().map(entry -> new TemplateUsage(entry.getKey(), entry.getValue())).toList())
                .build()));
    }

    private boolean metricsServed() {
        if (metricsServed == null) {
            APIResourceList resources = client.getApiResources(METRICS_API);
            metricsServed = resources != null && resources.getResources().stream().anyMatch(resource -> "pods".equals(resource.getName()));
            if (!metricsServed) {
                LOG.warn("cluster {} serves no {} API (is metrics-server installed?): usage is reported as unknown; restart the"
                        + " agent once it is served", cluster, METRICS_API);
            }
        }
        return metricsServed;
    }

    private void reportWithoutMetrics(List<Pod> pods, Instant intervalStart) {
        for (Pod pod : pods) {
            ownership.of(pod).map(WorkloadTemplate::workloadKey).filter(toldWithoutMetrics::add).ifPresent(workloadKey ->
                    sink.publish(workloadKey, WorkloadUsage.newBuilder()
                            .setWorkloadKey(workloadKey)
                            .setCluster(cluster)
                            .setIntervalStart(intervalStart)
                            .setIntervalSeconds((int) interval.toSeconds())
                            .setUnavailableReason("cluster " + cluster + " serves no " + METRICS_API + " API")
                            .setTemplates(List.of())
                            .build()));
        }
    }

    private static void rememberOwners(Pod pod, Set<String> seen) {
        if (pod.getMetadata().getOwnerReferences() != null) {
            pod.getMetadata().getOwnerReferences().forEach(owner -> seen.add(owner.getUid() == null
                    ? pod.getMetadata().getNamespace() + "/" + owner.getKind() + "/" + owner.getName() : owner.getUid()));
        }
    }

    /** The pod's usage summed over its containers: CPU in millicores (rounded up, as Kubernetes' MilliValue), memory in bytes. */
    private static PodUsage usage(String pod, PodMetrics metrics) {
        BigDecimal cpu = BigDecimal.ZERO;
        BigDecimal memory = BigDecimal.ZERO;
        for (ContainerMetrics container : metrics.getContainers()) {
            Map<String, Quantity> usage = container.getUsage() == null ? Map.of() : container.getUsage();
            if (usage.containsKey("cpu")) {
                cpu = cpu.add(usage.get("cpu").getNumericalAmount());
            }
            if (usage.containsKey("memory")) {
                memory = memory.add(usage.get("memory").getNumericalAmount());
            }
        }
        return new PodUsage(pod, cpu.movePointRight(3).setScale(0, RoundingMode.CEILING).longValueExact(),
                memory.setScale(0, RoundingMode.CEILING).longValueExact());
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

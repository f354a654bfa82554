package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.config.WorkloadKey;
import io.fedstream.decide.Workloads;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Bindings with their admission state, from the namespace pass's {@link Workloads#STORE} (each workload's record holds
 * its binding, keyed {@code namespace/group/kind/name}), shown as the API's objects with the status their copies on the
 * member clusters give them, from the workstatus sub-topology's {@link WorkStatusStage#STORE}: both partitioned by
 * namespace, so a binding and its copies are read from one partition. A list reads the workloads store in key order, so
 * by namespace, then group, kind and name within a partition, one page at a time; a namespace's list reads the one
 * partition of the namespace, as one range of its store. There is no index by binding name: a binding named in a get
 * or a field selector is found within its namespace's range. The bindings of cluster-scoped objects (namespace
 * {@code ""}) are Karmada's ClusterResourceBindings: {@link #clusterScoped()} reads them, from the one partition of the
 * empty namespace, and the ResourceBindings of every namespace leave them out.
 */
final class BindingQuery implements PartitionedReader {

    private static final String PAGE_ROUTE = "/internal/pages/resourcebindings";
    private static final String CLUSTER_PAGE_ROUTE = "/internal/pages/clusterresourcebindings";
    /** The namespace of a cluster-scoped object's binding. */
    private static final String NO_NAMESPACE = "";

    private final FanOut fanOut;
    /** Whether this reads the ClusterResourceBindings rather than the ResourceBindings. */
    private final boolean clusterScoped;

    BindingQuery(FanOut fanOut) {
        this(fanOut, false);
    }

    private BindingQuery(FanOut fanOut, boolean clusterScoped) {
        this.fanOut = fanOut;
        this.clusterScoped = clusterScoped;
    }

    /** The reader of the ClusterResourceBindings: the bindings of cluster-scoped objects. */
    BindingQuery clusterScoped() {
        return new BindingQuery(fanOut, true);
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        if (clusterScoped) {
            return fanOut.pageAtKey(Workloads.STORE, NO_NAMESPACE, from.map(Continue::after).orElse(null), page,
                    (partition, after, slice) -> localPage(partition, scope, after, slice), CLUSTER_PAGE_ROUTE + "?"
                            + scope.name().map(name -> "&fieldSelector=" + PeerClient.segment("metadata.name=" + name)).orElse(""));
        }
        String peerPath = PAGE_ROUTE + scope.namespace().map(ns -> "?namespace=" + PeerClient.segment(ns)).orElse("?")
                + scope.name().map(name -> "&fieldSelector=" + PeerClient.segment("metadata.name=" + name)).orElse("");
        if (scope.namespace().isPresent()) {
            // One namespace lives in one partition: the page reads it alone.
            return fanOut.pageAtKey(Workloads.STORE, scope.namespace().get(), from.map(Continue::after).orElse(null), page,
                    (partition, after, slice) -> localPage(partition, scope, after, slice), peerPath);
        }
        return fanOut.page(Workloads.STORE, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice), peerPath);
    }

    @Override
    public Optional<ObjectNode> get(Scope scope) {
        String namespace = clusterScoped ? NO_NAMESPACE : scope.namespace().orElseThrow();
        String name = scope.name().orElseThrow();
        List<ObjectNode> found = byName(namespace, name);
        if (found.size() > 1) {
            throw new AmbiguousNameException((clusterScoped ? "clusterresourcebinding " : "resourcebinding " + namespace + "/") + name, name,
                    found.stream().map(BindingQuery::workloadKey).sorted().toList());
        }
        return found.stream().findFirst();
    }

    @Override
    public boolean localPage(int partition, Scope scope, String after, ListPage page) {
        Optional<String> namespace = clusterScoped ? Optional.of(NO_NAMESPACE) : scope.namespace();
        return fanOut.read(Workloads.STORE, partition, () -> {
            ReadOnlyKeyValueStore<String, WorkloadRecord> workloads = fanOut.store(Workloads.STORE, partition);
            try (KeyValueIterator<String, WorkloadRecord> entries = entries(workloads, namespace, after)) {
                while (entries.hasNext()) {
                    if (page.full()) {
                        return false;
                    }
                    KeyValue<String, WorkloadRecord> entry = entries.next();
                    if (entry.key.equals(after)) {
                        continue;
                    }
                    ResourceBinding binding = entry.value.getBinding();
                    // The ResourceBindings of every namespace are not the ClusterResourceBindings.
                    boolean otherKind = namespace.isEmpty() && binding != null && binding.getNamespace().isEmpty();
                    if (binding == null || otherKind
                            || !scope.name().map(name -> BindingObject.address(binding).name().equals(name)).orElse(true)) {
                        page.passed(entry.key);
                    } else {
                        page.offer(entry.key, show(binding, partition));
                    }
                }
                return true;
            }
        });
    }

    /** The workloads of the namespace (or of every one) in store-key order, from the key {@code after} on (null: the first). */
    private static KeyValueIterator<String, WorkloadRecord> entries(ReadOnlyKeyValueStore<String, WorkloadRecord> workloads,
            Optional<String> namespace, String after) {
        if (after == null) {
            return namespace.map(ns -> Workloads.inNamespace(workloads, ns)).orElseGet(workloads::all);
        }
        return workloads.range(after, namespace.map(ns -> ns + "/" + Character.MAX_VALUE).orElse(null));
    }

    /**
     * Every binding named {@code name} in {@code namespace} ({@code ""}: of a cluster-scoped object): none, one, or several
     * when workloads share the name.
     */
    List<ObjectNode> byName(String namespace, String name) {
        String peerPath = namespace.isEmpty() ? "/internal/clusterresourcebindings/" + PeerClient.segment(name)
                : "/internal/resourcebindings/" + PeerClient.segment(namespace) + "/" + PeerClient.segment(name);
        return fanOut.atKey(Workloads.STORE, namespace, partition -> byName(namespace, name, partition), peerPath, BindingQuery::items);
    }

    /** The binding of one workload key {@code group/kind/namespace/name}. */
    Optional<ObjectNode> byWorkloadKey(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        return fanOut.findAtKey(Workloads.STORE, namespace, partition -> byWorkloadKey(workloadKey, partition),
                "/internal/workloads/" + PeerClient.segments(workloadKey), object -> (ObjectNode) object);
    }

    /** This instance's bindings named {@code name} in {@code namespace}, from the given partition. */
    List<ObjectNode> byName(String namespace, String name, int partition) {
        List<ObjectNode> found = new ArrayList<>();
        localPage(partition, new Scope(Optional.of(namespace), Optional.of(name)), null,
                new ListPage((key, object) -> found.add(object), object -> true, Integer.MAX_VALUE, RequestDeadline.never()));
        return found;
    }

    /** This instance's binding of a workload key, from the given partition; empty also while the workload has none. */
    Optional<ObjectNode> byWorkloadKey(String workloadKey, int partition) {
        return fanOut.read(Workloads.STORE, partition, () -> Optional
                .ofNullable(fanOut.<WorkloadRecord>store(Workloads.STORE, partition).get(Workloads.storeKey(workloadKey)))
                .map(WorkloadRecord::getBinding)
                .map(binding -> show(binding, partition)));
    }

    /** The binding with its copies' status, read in the partition that holds both. */
    private ObjectNode show(ResourceBinding binding, int partition) {
        return BindingObject.toJson(binding,
                WorkStatusStage.copiesOf(fanOut.store(WorkStatusStage.STORE, partition), binding.getWorkloadKey()));
    }

    private static List<ObjectNode> items(JsonNode list) {
        List<ObjectNode> items = new ArrayList<>();
        list.path("items").forEach(item -> items.add((ObjectNode) item));
        return items;
    }

    private static String workloadKey(JsonNode binding) {
        return binding.at("/metadata/annotations").path(BindingObject.WORKLOAD_KEY_ANNOTATION).asText();
    }
}

package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingNames;
import io.fedstream.config.WorkloadKey;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Bindings with their admission state, from the admit stage's {@link AdmitStores#BINDINGS} and its names index
 * {@link AdmitStores#BINDING_NAMES} ({@code <namespace>/<binding name>/<workload key>}), shown as the API's objects with
 * the status their copies on the member clusters give them, from the workstatus sub-topology's
 * {@link WorkStatusStage#STORE}: all three partitioned by namespace, so a binding and its copies are read from one
 * partition. A list reads the names index in key order, so by namespace and name within a partition, one page at a
 * time; a namespace's list reads the one partition of the namespace.
 */
final class BindingQuery implements PartitionedReader {

    private static final StringSerializer KEYS = new StringSerializer();
    private static final String PAGE_ROUTE = "/internal/pages/resourcebindings";

    private final FanOut fanOut;

    BindingQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        String peerPath = PAGE_ROUTE + scope.namespace().map(ns -> "?namespace=" + PeerClient.segment(ns)).orElse("?")
                + scope.name().map(name -> "&fieldSelector=" + PeerClient.segment("metadata.name=" + name)).orElse("");
        if (scope.namespace().isPresent()) {
            // One namespace lives in one partition: the page reads it alone.
            return fanOut.pageAtKey(AdmitStores.BINDING_NAMES, scope.namespace().get(), from.map(Continue::after).orElse(null), page,
                    (partition, after, slice) -> localPage(partition, scope, after, slice), peerPath);
        }
        return fanOut.page(AdmitStores.BINDING_NAMES, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice), peerPath);
    }

    @Override
    public Optional<ObjectNode> get(Scope scope) {
        String namespace = scope.namespace().orElseThrow();
        String name = scope.name().orElseThrow();
        List<ObjectNode> found = byName(namespace, name);
        if (found.size() > 1) {
            throw new AmbiguousNameException("resourcebinding " + namespace + "/" + name, name,
                    found.stream().map(BindingQuery::workloadKey).sorted().toList());
        }
        return found.stream().findFirst();
    }

    @Override
    public boolean localPage(int partition, Scope scope, String after, ListPage page) {
        String prefix = scope.namespace().map(ns -> scope.name().map(name -> BindingNames.prefix(ns, name))
                .orElse(BindingNames.namespacePrefix(ns))).orElse("");
        return fanOut.read(AdmitStores.BINDING_NAMES, partition, () -> {
            ReadOnlyKeyValueStore<String, ResourceBinding> bindings = fanOut.store(AdmitStores.BINDINGS, partition);
            ReadOnlyKeyValueStore<String, String> names = fanOut.store(AdmitStores.BINDING_NAMES, partition);
            try (KeyValueIterator<String, String> entries = after != null ? names.range(after, prefix.isEmpty() ? null : prefix + Character.MAX_VALUE)
                    : prefix.isEmpty() ? names.all() : names.prefixScan(prefix, KEYS)) {
                while (entries.hasNext()) {
                    if (page.full()) {
                        return false;
                    }
                    KeyValue<String, String> entry = entries.next();
                    if (entry.key.equals(after)) {
                        continue;
                    }
                    ResourceBinding binding = bindings.get(entry.value);
                    if (binding == null) {
                        page.passed(entry.key);
                    } else {
                        page.offer(entry.key, show(binding, partition));
                    }
                }
                return true;
            }
        });
    }

    /** Every binding named {@code name} in {@code namespace}: none, one, or several when workloads share the name. */
    List<ObjectNode> byName(String namespace, String name) {
        return fanOut.atKey(AdmitStores.BINDINGS, namespace, partition -> byName(namespace, name, partition),
                "/internal/resourcebindings/" + PeerClient.segment(namespace) + "/" + PeerClient.segment(name), BindingQuery::items);
    }

    /** The binding of one workload key {@code group/kind/namespace/name}. */
    Optional<ObjectNode> byWorkloadKey(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        return fanOut.findAtKey(AdmitStores.BINDINGS, namespace, partition -> byWorkloadKey(workloadKey, partition),
                "/internal/workloads/" + PeerClient.segments(workloadKey), object -> (ObjectNode) object);
    }

    /** This instance's bindings named {@code name} in {@code namespace}, from the given partition. */
    List<ObjectNode> byName(String namespace, String name, int partition) {
        List<ObjectNode> found = new ArrayList<>();
        localPage(partition, new Scope(Optional.of(namespace), Optional.of(name)), null,
                new ListPage((key, object) -> found.add(object), object -> true, Integer.MAX_VALUE, RequestDeadline.never()));
        return found;
    }

    /** This instance's binding of a workload key, from the given partition. */
    Optional<ObjectNode> byWorkloadKey(String workloadKey, int partition) {
        return fanOut.read(AdmitStores.BINDINGS, partition, () -> Optional.ofNullable(
                fanOut.<ResourceBinding>store(AdmitStores.BINDINGS, partition).get(workloadKey)).map(binding -> show(binding, partition)));
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

package io.fedstream.cli;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.streams.TopologyDescription;

/**
 * The stage a sub-topology or global store of the topology docs is, named by the processor that does its work: the
 * stage names of the stage packages' {@code package-info}, with their partition key and package.
 */
final class StageHeadings {

    private static final Map<String, String> BY_PROCESSOR = new LinkedHashMap<>();

    static {
        BY_PROCESSOR.put("namespace-pass", "the namespace pass (interpret, admit, place, fail over) and the clusters' allocators:"
                + " keyed by namespace and by cluster (`io.fedstream.decide`, `io.fedstream.lease.stage`)");
        BY_PROCESSOR.put("policies-source", "policies brought to the namespace tasks: quotas to their namespace's partition, the rest to"
                + " every partition (`io.fedstream.decide`)");
        for (String topic : List.of("workloads", "workload-status", "state-deltas", "migration-events")) {
            BY_PROCESSOR.put(topic + "-partition-check", "records of " + topic + " moved onto their namespace's partition"
                    + " (`io.fedstream.decide`)");
        }
        BY_PROCESSOR.put("rightsize", "right-sizing: keyed by workload, partitioned by namespace (`io.fedstream.recommend.stage`)");
        BY_PROCESSOR.put("rightsize-quota-key",
                "right-sizing, first half: each quota status moved onto its namespace's partition (`io.fedstream.recommend.stage`)");
        BY_PROCESSOR.put("check-heartbeats",
                "stage 5, the cluster watch, first half: each heartbeat checked and moved onto one partition (`io.fedstream.health.stage`)");
        BY_PROCESSOR.put("watch-clusters", "stage 5, the cluster watch: every cluster on one partition (`io.fedstream.health.stage`)");
        BY_PROCESSOR.put("work-status-merge",
                "stage 6, propagate: the copies on the member clusters, keyed by workload, partitioned by namespace (`io.fedstream.workstatus`)");
    }

    private StageHeadings() {}

    static String of(TopologyDescription.Subtopology subtopology) {
        return stage(subtopology.nodes()).map(stage -> "Sub-topology " + subtopology.id() + ": " + stage)
                .orElse("Sub-topology " + subtopology.id());
    }

    static String of(TopologyDescription.GlobalStore global) {
        return "Global store " + global.id() + ": " + stage(List.of(global.processor())).orElse(global.processor().name())
                + " (on every instance)";
    }

    /**
     * The stage of {@code nodes}: the first stage, in this class's order, whose processor is among them (a sub-topology may
     * hold several: the namespace pass holds the routing of misrouted records too); empty when none is known.
     */
    static Optional<String> stage(Collection<? extends TopologyDescription.Node> nodes) {
        java.util.Set<String> names = nodes.stream().map(TopologyDescription.Node::name).collect(java.util.stream.Collectors.toSet());
        return BY_PROCESSOR.entrySet().stream().filter(stage -> names.contains(stage.getKey())).map(Map.Entry::getValue).findFirst();
    }
}

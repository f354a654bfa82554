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
        BY_PROCESSOR.put("interpret-and-bind", "stages 1 and 2, interpret and bind: keyed by workload (`io.fedstream.bind`)");
        BY_PROCESSOR.put("admit", "stage 3, admit: keyed by namespace (`io.fedstream.admit.stage`)");
        BY_PROCESSOR.put("reserve-capacity", "stage 4, reserve: keyed by cluster (`io.fedstream.reserve`)");
        BY_PROCESSOR.put("place-and-fail-over", "stages 4 and 6, place and fail over: keyed by workload (`io.fedstream.failover.stage`)");
        BY_PROCESSOR.put("rightsize", "right-sizing: keyed by workload, partitioned by namespace (`io.fedstream.recommend.stage`)");
        BY_PROCESSOR.put("rightsize-quota-key",
                "right-sizing, first half: each quota status moved onto its namespace's partition (`io.fedstream.recommend.stage`)");
        BY_PROCESSOR.put("check-heartbeats",
                "stage 5, the cluster watch, first half: each heartbeat checked and moved onto one partition (`io.fedstream.health.stage`)");
        BY_PROCESSOR.put("watch-clusters", "stage 5, the cluster watch: every cluster on one partition (`io.fedstream.health.stage`)");
        BY_PROCESSOR.put("work-status-merge",
                "stage 6, propagate: the copies on the member clusters, keyed by workload, partitioned by namespace (`io.fedstream.workstatus`)");
        BY_PROCESSOR.put("policies-mirror", "the policies, mirrored (`io.fedstream.mirror`)");
        BY_PROCESSOR.put("cluster-views-mirror", "the cluster views, mirrored (`io.fedstream.mirror`)");
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

    /** The stage of the first of {@code nodes} that names one; empty for a sub-topology no stage is known by. */
    static Optional<String> stage(Collection<? extends TopologyDescription.Node> nodes) {
        return nodes.stream().map(node -> BY_PROCESSOR.get(node.name())).filter(stage -> stage != null).findFirst();
    }
}

package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.serde.AvroJson;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The clusters routes: public ones answer for the whole application through a {@link ClusterLookup}; the internal
 * ones, which other instances call while fanning out, answer from this instance's store only, as raw records.
 */
public final class ClusterRoutes {

    private final ClusterLookup fleet;
    private final LocalClusterLookup local;

    public ClusterRoutes(ClusterLookup fleet, LocalClusterLookup local) {
        this.fleet = fleet;
        this.local = local;
    }

    /** The routes over the running health client: cluster state is partitioned like {@code clusterStatesTopic}. */
    static ClusterRoutes over(KafkaStreams health, String clusterStatesTopic, HostInfo self, Optional<String> token) {
        StoreClusters local = new StoreClusters(health);
        return new ClusterRoutes(new FleetClusters(health, clusterStatesTopic, self, local, new ClusterPeers(token)), local);
    }

    void addTo(Router router) {
        router.get("/apis/clusters", request -> ApiResponse.ok(ClusterObject.listJson(sorted(fleet.all()))))
                .get("/apis/clusters/{name}", request -> fleet.byName(request.path("name"))
                        .map(watch -> ApiResponse.ok(ClusterObject.toJson(watch)))
                        .orElseGet(() -> notFound(request.path("name"))))
                .get("/internal/clusters", request -> {
                    ObjectNode list = JsonNodeFactory.instance.objectNode();
                    ArrayNode items = list.putArray("items");
                    sorted(local.all(partitions(request))).forEach(watch -> items.add(AvroJson.toJson(watch)));
                    return ApiResponse.ok(list);
                })
                .get("/internal/clusters/{name}", request -> local.byName(request.path("name"))
                        .map(watch -> ApiResponse.ok(AvroJson.toJson(watch)))
                        .orElseGet(() -> notFound(request.path("name"))));
    }

    private static List<ClusterWatch> sorted(List<ClusterWatch> watches) {
        return watches.stream().sorted(Comparator.comparing(ClusterWatch::getCluster)).toList();
    }

    private static ApiResponse notFound(String name) {
        return ApiResponse.error(404, "NotFound", "cluster " + name + " not found: fedstream has had no heartbeat from it")
                .with("name", name);
    }

    private static Set<Integer> partitions(ApiRequest request) {
        String given = request.query("partitions").orElseThrow(() -> new BadRequestException("partitions", null, "a required query parameter"));
        Set<Integer> partitions = new TreeSet<>();
        for (String part : given.split(",")) {
            try {
                partitions.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new BadRequestException("partitions", given, "expected partition numbers separated by commas");
            }
        }
        return partitions;
    }
}

package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.serde.AvroJson;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.state.HostInfo;

/**
 * The migrations routes: public ones answer for the whole application through a {@link MigrationLookup}; the
 * internal ones, which other instances call while fanning out, answer from this instance's store only, as raw records.
 */
public final class MigrationRoutes {

    private static final String PREFIX = "/apis";
    // A command id is group/kind/namespace/name/incident/attempt, so its segments are matched one by one.
    private static final String COMMAND_ID = "{group}/{kind}/{namespace}/{name}/{incident}/{attempt}";
    private static final Comparator<MigrationRecord> ORDER = Comparator
            .comparing((MigrationRecord m) -> m.getCommand().getWorkloadKey())
            .thenComparingInt(m -> m.getCommand().getAttempt())
            .thenComparing(m -> m.getCommand().getIssuedAt())
            .thenComparing(m -> m.getCommand().getCommandId());

    private final MigrationLookup fleet;
    private final LocalMigrationLookup local;

    public MigrationRoutes(MigrationLookup fleet, LocalMigrationLookup local) {
        this.fleet = fleet;
        this.local = local;
    }

    /** The routes over the running streams: the store is partitioned like {@code partitionedLike}. */
    static MigrationRoutes over(KafkaStreams streams, String partitionedLike, HostInfo self, Optional<String> token) {
        StoreMigrations local = new StoreMigrations(streams);
        return new MigrationRoutes(new FleetMigrations(streams, partitionedLike, self, local, new MigrationPeers(token)), local);
    }

    void addTo(Router router) {
        router.get(PREFIX + "/migrations", request -> list(fleet.list(request.query("namespace"))))
                .get(PREFIX + "/migrations/" + COMMAND_ID, request -> one(commandId(request)))
                .get(PREFIX + "/migrations/" + COMMAND_ID + "/purge", request -> one(commandId(request) + "/purge"))
                .get("/internal/migrations", request -> {
                    ObjectNode list = JsonNodeFactory.instance.objectNode();
                    ArrayNode items = list.putArray("items");
                    sorted(local.list(request.partitions(), request.query("namespace")))
                            .forEach(migration -> items.add(AvroJson.toJson(migration)));
                    return ApiResponse.ok(list);
                })
                .get("/internal/migrations/" + COMMAND_ID, request -> localOne(commandId(request)))
                .get("/internal/migrations/" + COMMAND_ID + "/purge", request -> localOne(commandId(request) + "/purge"));
    }

    private ApiResponse one(String commandId) {
        return fleet.byId(commandId)
                .map(migration -> ApiResponse.ok(MigrationObject.toJson(migration)))
                .orElseGet(() -> notFound(commandId));
    }

    private ApiResponse localOne(String commandId) {
        return local.byId(commandId)
                .map(migration -> ApiResponse.ok(AvroJson.toJson(migration)))
                .orElseGet(() -> notFound(commandId));
    }

    private static ApiResponse list(List<MigrationRecord> migrations) {
        return ApiResponse.ok(MigrationObject.listJson(sorted(migrations)));
    }

    private static List<MigrationRecord> sorted(List<MigrationRecord> migrations) {
        return migrations.stream().sorted(ORDER).toList();
    }

    private static ApiResponse notFound(String commandId) {
        return ApiResponse.error(404, "NotFound", "migration " + commandId + " not found").with("commandId", commandId);
    }

    private static String commandId(ApiRequest request) {
        return String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name"),
                request.path("incident"), request.path("attempt"));
    }
}

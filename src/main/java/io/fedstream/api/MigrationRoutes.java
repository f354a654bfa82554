package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The migrations routes: public ones answer for the whole application; the internal ones, which other instances call
 * while fanning out, answer the same shapes from this instance's given partitions only.
 */
final class MigrationRoutes {

    // A command id is group/kind/namespace/name/incident/attempt, so its segments are matched one by one.
    private static final String COMMAND_ID = "{group}/{kind}/{namespace}/{name}/{incident}/{attempt}";
    private static final Comparator<MigrationRecord> ORDER = Comparator
            .comparing((MigrationRecord m) -> m.getCommand().getWorkloadKey())
            .thenComparingInt(m -> m.getCommand().getAttempt())
            .thenComparing(m -> m.getCommand().getIssuedAt())
            .thenComparing(m -> m.getCommand().getCommandId());

    private final MigrationQuery migrations;

    MigrationRoutes(MigrationQuery migrations) {
        this.migrations = migrations;
    }

    void addTo(Router router) {
        router.get("/apis/migrations", request -> list(migrations.list(request.query("namespace"))))
                .get("/apis/migrations/" + COMMAND_ID, request -> one(commandId(request, ""), migrations.byId(commandId(request, ""))))
                .get("/apis/migrations/" + COMMAND_ID + "/purge", request -> one(commandId(request, "/purge"),
                        migrations.byId(commandId(request, "/purge"))))
                .get("/internal/migrations", request -> list(migrations.list(request.query("namespace"), request.partitions())))
                .get("/internal/migrations/" + COMMAND_ID, request -> one(commandId(request, ""),
                        migrations.byId(commandId(request, ""), request.partition())))
                .get("/internal/migrations/" + COMMAND_ID + "/purge", request -> one(commandId(request, "/purge"),
                        migrations.byId(commandId(request, "/purge"), request.partition())));
    }

    private static ApiResponse list(List<MigrationRecord> found) {
        return ApiResponse.ok(MigrationObject.listJson(found.stream().sorted(ORDER).toList()));
    }

    private static ApiResponse one(String commandId, Optional<MigrationRecord> migration) {
        return migration.map(m -> ApiResponse.ok(MigrationObject.toJson(m)))
                .orElseGet(() -> ApiResponse.error(404, "NotFound", "migration " + commandId + " not found").with("commandId", commandId));
    }

    private static String commandId(ApiRequest request, String suffix) {
        return String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name"),
                request.path("incident"), request.path("attempt")) + suffix;
    }
}

package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.Optional;

/**
 * The fedstream routes of one migration by command id (kept for one release beside {@code
 * /apis/fedstream.io/v1alpha1/migrations}), and the internal ones other instances call to read it from its owner.
 */
final class MigrationRoutes {

    // A command id is group/kind/namespace/name/incident/attempt, so its segments are matched one by one.
    private static final String COMMAND_ID = "{group}/{kind}/{namespace}/{name}/{incident}/{attempt}";

    private final MigrationQuery migrations;

    MigrationRoutes(MigrationQuery migrations) {
        this.migrations = migrations;
    }

    void addTo(Router router) {
        router.get("/apis/migrations/" + COMMAND_ID, request -> one(commandId(request, ""), migrations.byId(commandId(request, ""))))
                .get("/apis/migrations/" + COMMAND_ID + "/purge", request -> one(commandId(request, "/purge"),
                        migrations.byId(commandId(request, "/purge"))))
                .get("/internal/migrations/" + COMMAND_ID, request -> one(commandId(request, ""),
                        migrations.byId(commandId(request, ""), request.partition())))
                .get("/internal/migrations/" + COMMAND_ID + "/purge", request -> one(commandId(request, "/purge"),
                        migrations.byId(commandId(request, "/purge"), request.partition())));
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

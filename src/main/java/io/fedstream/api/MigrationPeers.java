package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import io.fedstream.serde.AvroJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.streams.state.HostInfo;

/** Asks another instance's internal migrations routes for the migrations in its own store, with this instance's bearer token. */
final class MigrationPeers {

    private final PeerClient peers;

    MigrationPeers(Optional<String> token) {
        this.peers = new PeerClient(token);
    }

    /** The migrations of the given partitions of {@code peer}; fails with {@link StoreUnavailableException} on anything but 200. */
    CompletableFuture<List<MigrationRecord>> list(HostInfo peer, String partitions, Optional<String> namespace) {
        String filter = namespace.map(ns -> "&namespace=" + PeerClient.segment(ns)).orElse("");
        return peers.json(peer, "/internal/migrations?partitions=" + partitions + filter).thenApply(body -> {
            List<MigrationRecord> migrations = new ArrayList<>();
            body.path("items").forEach(item -> migrations.add(AvroJson.toSpecific(item, MigrationRecord.class)));
            return migrations;
        });
    }

    /** One migration from the instance that owns it: empty on 404. */
    Optional<MigrationRecord> byId(HostInfo peer, String commandId) {
        String path = Stream.of(commandId.split("/", -1)).map(PeerClient::segment).collect(Collectors.joining("/"));
        return peers.optionalJson(peer, "/internal/migrations/" + path)
                .map(body -> AvroJson.toSpecific(body, MigrationRecord.class));
    }
}

package io.fedstream.serde;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.WorkloadEvent;
import java.time.Instant;
import java.util.List;
import org.apache.avro.Schema;

/** Schemas and records shared by the serde tests. */
final class TestSchemas {

    static final String TOPIC = "fedstream.workloads";

    /** Two fields, so that the expected wire bytes can be written by hand. */
    static final Schema PING = parse("""
            {"type":"record","name":"Ping","namespace":"io.fedstream.test","fields":[
              {"name":"n","type":"int"},{"name":"s","type":"string"}]}""");

    /** PING plus a field with a default: a backward-compatible successor. */
    static final Schema PING_V2 = parse("""
            {"type":"record","name":"Ping","namespace":"io.fedstream.test","fields":[
              {"name":"n","type":"int"},{"name":"s","type":"string"},{"name":"zone","type":"string","default":"eu"}]}""");

    /** PING plus a field without a default: not backward compatible. */
    static final Schema PING_BREAKING = parse("""
            {"type":"record","name":"Ping","namespace":"io.fedstream.test","fields":[
              {"name":"n","type":"int"},{"name":"s","type":"string"},{"name":"zone","type":"string"}]}""");

    /** WorkloadEvent as it was before placement and source were added. */
    static final Schema WORKLOAD_EVENT_V1 = parse("""
            {"type":"record","name":"WorkloadEvent","namespace":"io.fedstream.avro","fields":[
              {"name":"op","type":{"type":"enum","name":"Op","symbols":["UPSERT","DELETE"]}},
              {"name":"manifest","type":["null","string"],"default":null},
              {"name":"observedAt","type":{"type":"long","logicalType":"timestamp-millis"}}]}""");

    private TestSchemas() {
    }

    static Schema parse(String json) {
        return new Schema.Parser().parse(json);
    }

    static WorkloadEvent workloadEvent(String name) {
        return WorkloadEvent.newBuilder()
                .setOp(Op.UPSERT)
                .setManifest("{\"kind\":\"FlinkDeployment\",\"metadata\":{\"name\":\"" + name + "\"}}")
                .setPlacement(Placement.newBuilder()
                        .setClusters(List.of(ClusterTarget.newBuilder().setName("eu-1").setReplicas(3L).build()))
                        .setScheduling(ReplicaScheduling.DIVIDED)
                        .setDecidedBy("scheduler")
                        .build())
                .setObservedAt(Instant.ofEpochMilli(1_764_000_000_123L))
                .setSource("ci")
                .build();
    }
}

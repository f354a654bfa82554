package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.WorkloadRecord;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/** One entry per workload, keyed namespace first, read once and written once per processing. */
class WorkloadsTest {

    private final KeyValueStore<String, WorkloadRecord> store = store();
    private final Workloads workloads = new Workloads(store, (key, commands) -> { });

    private static KeyValueStore<String, WorkloadRecord> store() {
        KeyValueStore<String, WorkloadRecord> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(Workloads.STORE), Serdes.String(),
                new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(WorkloadRecord.class, false))
                .withLoggingDisabled().build();
        store.init(new MockProcessorContext<Void, Void>().getStateStoreContext(), store);
        return store;
    }

    @Test
    void aWorkloadKeyIsStoredNamespaceFirstAndReadBack() {
        assertThat(Workloads.storeKey("apps/Deployment/team-a/web")).isEqualTo("team-a/apps/Deployment/web");
        assertThat(Workloads.workloadKey("team-a/apps/Deployment/web")).isEqualTo("apps/Deployment/team-a/web");
        assertThat(Workloads.storeKey("garbage")).isEqualTo("garbage");
        assertThat(Workloads.workloadKey("garbage")).isEqualTo("garbage");
    }

    @Test
    void aWorkloadNeverSeenReadsAsTheSchemasDefaults() {
        assertThat(workloads.of("apps/Deployment/team-a/new")).isEqualTo(WorkloadRecord.newBuilder().build());
    }

    @Test
    void changesOfOneProcessingAreWrittenOnceAtTheFlushAndAnEmptiedEntryIsDeleted() {
        workloads.of("apps/Deployment/team-a/web").setManifest("{}");
        workloads.changed("apps/Deployment/team-a/web");
        workloads.of("apps/Deployment/team-a/web").setWaiting("");
        workloads.changed("apps/Deployment/team-a/web");
        assertThat(store.get("team-a/apps/Deployment/web")).as("not before the flush").isNull();

        workloads.flush();

        assertThat(store.get("team-a/apps/Deployment/web")).satisfies(record -> {
            assertThat(record.getManifest()).isEqualTo("{}");
            assertThat(record.getWaiting()).isEmpty();
        });
        workloads.of("apps/Deployment/team-a/web").setManifest(null);
        workloads.of("apps/Deployment/team-a/web").setWaiting(null);
        workloads.changed("apps/Deployment/team-a/web");
        workloads.flush();
        assertThat(store.get("team-a/apps/Deployment/web")).isNull();
    }

    @Test
    void aChangeInMemoryIsReadByTheNextProcessingsAndWrittenWithTheNextChangeThatIsWritten() {
        String web = "apps/Deployment/team-a/web";
        workloads.of(web).setManifest("{}");
        workloads.changed(web);
        workloads.flush();

        workloads.of(web).setWaiting("asked");
        workloads.changedInMemory(web);
        workloads.flush();
        assertThat(store.get("team-a/apps/Deployment/web").getWaiting()).as("not written").isNull();
        assertThat(workloads.of(web).getWaiting()).as("the next processing reads it").isEqualTo("asked");
        workloads.flush();
        assertThat(new Workloads(store, (key, commands) -> { }).of(web).getWaiting()).as("a restart gives it up").isNull();

        workloads.of(web).setWaiting("changed in a processing that fails");
        workloads.discard();
        assertThat(workloads.of(web).getWaiting()).as("a failed processing leaves it as it was").isEqualTo("asked");
        workloads.flush();

        Workloads closing = new Workloads(store, (key, commands) -> { });
        closing.of(web).setWaiting("asked before the task closes");
        closing.changedInMemory(web);
        closing.flush();
        closing.writeHeldInMemory();
        assertThat(store.get("team-a/apps/Deployment/web").getWaiting()).as("written when the task closes").isEqualTo("asked before the task closes");
        store.put("team-a/apps/Deployment/web", WorkloadRecord.newBuilder(store.get("team-a/apps/Deployment/web")).setWaiting(null).build());

        workloads.of(web).setManifest("{\"v\":2}");
        workloads.changed(web);
        workloads.flush();
        assertThat(store.get("team-a/apps/Deployment/web")).satisfies(record -> {
            assertThat(record.getManifest()).isEqualTo("{\"v\":2}");
            assertThat(record.getWaiting()).as("written with it").isEqualTo("asked");
        });
        store.put("team-a/apps/Deployment/web", WorkloadRecord.newBuilder().setManifest("{\"v\":3}").build());
        assertThat(workloads.of(web).getManifest()).as("nothing held any more: read from the store").isEqualTo("{\"v\":3}");
    }

    @Test
    void aPrefixOfWorkloadKeysIsOneRangeWhenItNamesTheNamespace() {
        for (String key : List.of("apps/Deployment/team-a/web", "apps/Deployment/team-b/web", "apps/StatefulSet/team-a/db", "batch/Job/team-a/x")) {
            workloads.of(key).setManifest("{}");
            workloads.changed(key);
        }
        workloads.flush();

        assertThat(workloads.keysStartingWith("apps/Deployment/team-a/")).containsExactly("apps/Deployment/team-a/web");
        assertThat(workloads.keysStartingWith("apps/Deployment/")).containsExactly("apps/Deployment/team-a/web", "apps/Deployment/team-b/web");
        assertThat(workloads.keysStartingWith("")).hasSize(4);
        List<String> scanned = new ArrayList<>();
        workloads.scan((key, record) -> scanned.add(key));
        assertThat(scanned).containsExactly("apps/Deployment/team-a/web", "apps/StatefulSet/team-a/db", "batch/Job/team-a/x",
                "apps/Deployment/team-b/web");
    }
}

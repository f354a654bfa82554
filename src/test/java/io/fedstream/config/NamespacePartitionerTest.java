package io.fedstream.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class NamespacePartitionerTest {

    private final NamespacePartitioner partitioner = new NamespacePartitioner();

    @Test
    void workloadsOfOneNamespaceShareThePartitionKafkaGivesTheNamespaceAsAKey() {
        int expected = BuiltInPartitioner.partitionForKey(new StringSerializer().serialize("t", "team-a"), 12);
        for (String key : List.of("apps/Deployment/team-a/web", "flink.apache.org/FlinkDeployment/team-a/etl",
                "core/Pod/team-a/debug")) {
            assertThat(NamespacePartitioner.partitionOf(key, 12)).as(key).isEqualTo(expected);
        }
    }

    @Test
    void clusterScopedObjectsShareThePartitionOfTheEmptyNamespace() {
        int expected = BuiltInPartitioner.partitionForKey(new StringSerializer().serialize("t", ""), 12);
        for (String key : List.of("core/Namespace//guestbook", "rbac.authorization.k8s.io/ClusterRole//reader",
                "apiextensions.k8s.io/CustomResourceDefinition//guestbooks.webapp.my.domain")) {
            assertThat(NamespacePartitioner.partitionOf(key, 12)).as(key).isEqualTo(expected);
        }
        assertThat(WorkloadKey.parse("core/Namespace//guestbook")).contains(new WorkloadKey("core", "Namespace", "", "guestbook"));
        assertThat(WorkloadKey.parse("core//default/guestbook")).as("a kind is required").isEmpty();
        assertThat(WorkloadKey.parse("core/Namespace/default/")).as("a name is required").isEmpty();
    }

    @Test
    void aNamespacedNameGoesWithItsNamespacesWorkloadsTombstonesToo() {
        assertThat(NamespacePartitioner.byNamespaceOfName("fedstream.quota-status", "team-a/compute", null, 12))
                .contains(Set.of(NamespacePartitioner.partitionOf("apps/Deployment/team-a/web", 12)));
        assertThatThrownBy(() -> NamespacePartitioner.byNamespaceOfName("fedstream.quota-status", "compute", null, 12))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a key of fedstream.quota-status must be namespace/name, was compute");
    }

    @Test
    void namespacesSpreadOverThePartitions() {
        long used = java.util.stream.IntStream.range(0, 200)
                .map(i -> NamespacePartitioner.partitionOf("apps/Deployment/ns-" + i + "/web", 12))
                .distinct().count();
        assertThat(used).isEqualTo(12);
    }

    @Test
    void aKeyThatIsNotAWorkloadKeyIsPartitionedAsTheDefaultPartitionerDoes() {
        int expected = BuiltInPartitioner.partitionForKey(new StringSerializer().serialize("t", "member1"), 7);
        assertThat(NamespacePartitioner.partitionOf("member1", 7)).isEqualTo(expected);
    }

    @Test
    void producerAndStreamsSinkAgree() {
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> infos = java.util.stream.IntStream.range(0, 6)
                .mapToObj(p -> new PartitionInfo("fedstream.workloads", p, node, new Node[] {node}, new Node[] {node}))
                .toList();
        Cluster cluster = new Cluster("c", List.of(node), infos, Set.of(), Set.of());
        String key = "apps/Deployment/burst/w-17";
        int viaProducer = partitioner.partition("fedstream.workloads", key, null, null, null, cluster);
        assertThat(partitioner.partitions("fedstream.workloads", key, null, 6)).isEqualTo(Optional.of(Set.of(viaProducer)));
        assertThat(viaProducer).isEqualTo(NamespacePartitioner.partitionOf(key, 6));
    }

    @Test
    void aKeyThatIsNotAStringIsPartitionedByItsBytesAsTheDefaultPartitionerDoes() {
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> infos = java.util.stream.IntStream.range(0, 5)
                .mapToObj(p -> new PartitionInfo("t", p, node, new Node[] {node}, new Node[] {node})).toList();
        Cluster cluster = new Cluster("c", List.of(node), infos, Set.of(), Set.of());
        byte[] keyBytes = {1, 2, 3, 4};

        assertThat(partitioner.partition("t", keyBytes, keyBytes, null, null, cluster))
                .isEqualTo(BuiltInPartitioner.partitionForKey(keyBytes, 5));
        assertThat(partitioner.partition("t", null, null, null, null, cluster)).isBetween(0, 4);
    }
}

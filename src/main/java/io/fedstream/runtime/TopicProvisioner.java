package io.fedstream.runtime;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;

/** Creates the topics fedstream needs when they are missing, with the configured partitions and replication. */
public final class TopicProvisioner {

    private final FedstreamConfig config;

    public TopicProvisioner(FedstreamConfig config) {
        this.config = config;
    }

    /** Creates every missing topic; existing topics are left as they are. */
    public void ensure(Topics topics) {
        try (Admin admin = Admin.create(config.adminProperties())) {
            Set<String> existing = admin.listTopics().names().get();
            List<NewTopic> missing = topics.all().stream()
                    .map(Topic::name)
                    .distinct()
                    .filter(name -> !existing.contains(name))
                    .map(name -> new NewTopic(name, config.topicPartitions(), config.topicReplicationFactor()))
                    .toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "cannot create fedstream topics on " + config.kafkaBootstrapServers() + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }
}

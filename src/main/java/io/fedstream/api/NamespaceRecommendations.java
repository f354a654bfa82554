package io.fedstream.api;

import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.recommend.NamespaceForecast;
import java.util.List;

/** One namespace's recommendations and its forecast, as one partition holds them (the task partitions by namespace). */
public record NamespaceRecommendations(NamespaceForecast forecast, List<WorkloadRecommendation> workloads) {}

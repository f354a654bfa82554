/**
 * Pure core of right-sizing: the VPA recommender's algorithm per pod template (decaying histograms of CPU samples and
 * memory peaks, percentiles, safety margin, confidence-scaled bounds, pod minimums) and the per-namespace totals and
 * quota forecast. No Kafka types; the sub-topology is {@link io.fedstream.recommend.stage}. Rules:
 * docs/recommendations.md.
 */
package io.fedstream.recommend;

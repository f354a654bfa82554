package io.fedstream.recommend;

/** What the binding says of one template: its pods and what one of them requests (cpu millicores, memory bytes). */
public record TemplateRequest(String template, long replicas, Estimate.Amounts perPod) {}

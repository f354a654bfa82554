package io.fedstream.failover;

/** What a migration answers: its cluster failed (Karmada's taint eviction) or the application failed on a healthy cluster. */
public enum FailureCause { CLUSTER, APPLICATION }

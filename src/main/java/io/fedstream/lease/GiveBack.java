package io.fedstream.lease;

import io.fedstream.interpret.Resources;

/** Room a task returns to the allocator from its chunk of one time bucket: unused, or released by workloads that left. */
public record GiveBack(long bucket, Resources amount) {
}

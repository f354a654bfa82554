/**
 * Pure core of stage 3: FederatedResourceQuota parsing, charges, the per-namespace ledger and its queue. No Kafka
 * types; the namespace pass ({@link io.fedstream.decide}) admits with it. Rules: docs/admission.md.
 */
package io.fedstream.admit;

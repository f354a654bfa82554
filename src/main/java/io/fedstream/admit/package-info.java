/**
 * Pure core of stage 3: FederatedResourceQuota parsing, charges, the per-namespace ledger and its queue. No Kafka
 * types; the stage is {@link io.fedstream.admit.stage}. Rules: docs/admission.md.
 */
package io.fedstream.admit;

/**
 * Pure core of stage 1: reads a manifest of one of 30 kinds (or a customized one) into components, per-pod requests
 * and exact totals. No Kafka types. Rules: docs/interpretation.md and spec/INTERPRETER.md.
 */
package io.fedstream.interpret;

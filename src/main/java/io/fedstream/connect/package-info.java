/**
 * Kafka Connect support: {@link io.fedstream.connect.ConfluentAvroConverter} reads (and writes) fedstream's topics in
 * the Confluent wire format against a registry speaking the Confluent REST API, so that sink connectors store them,
 * for example {@code fedstream.audit} as rows of a database table through Debezium's JDBC sink ({@code docs/connect.md}).
 *
 * <p>Not a sub-topology: no partition key, no stores. Runs inside a Connect worker, which provides connect-api.
 */
package io.fedstream.connect;

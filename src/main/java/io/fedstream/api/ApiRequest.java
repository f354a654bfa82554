package io.fedstream.api;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One matched request: the route's path variables, the query parameters (decoded), the {@code Accept} header (empty
 * when none) and when it must be answered by.
 */
record ApiRequest(Map<String, String> path, Map<String, String> query, String accept, RequestDeadline deadline) {

    String path(String name) {
        return path.get(name);
    }

    Optional<String> query(String name) {
        return Optional.ofNullable(query.get(name)).filter(v -> !v.isEmpty());
    }

    /** A query parameter the route cannot answer without. */
    String required(String name) {
        return query(name).orElseThrow(() -> new BadRequestException(name, null, "a required query parameter"));
    }

    /** A boolean query parameter as Kubernetes reads one: {@code true} or {@code 1}; absent is false. */
    boolean flag(String name) {
        return query(name).map(value -> switch (value) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new BadRequestException(name, value, "expected true or false");
        }).orElse(false);
    }

    /** A positive integer query parameter, e.g. {@code limit}; absent is empty. */
    Optional<Integer> positive(String name) {
        return query(name).map(value -> {
            try {
                int parsed = Integer.parseInt(value);
                if (parsed >= 0) {
                    return parsed;
                }
            } catch (NumberFormatException e) {
                // Refused below, naming the parameter.
            }
            throw new BadRequestException(name, value, "expected a whole number of at least 0");
        });
    }

    /** The {@code partitions} an internal route is asked to answer from, e.g. {@code ?partitions=0,3}. */
    Set<Integer> partitions() {
        String given = required("partitions");
        Set<Integer> partitions = new TreeSet<>();
        for (String part : given.split(",")) {
            try {
                partitions.add(Integer.parseInt(part.trim()));
            } catch (NumberFormatException e) {
                throw new BadRequestException("partitions", given, "expected partition numbers separated by commas");
            }
        }
        return partitions;
    }

    /** The one partition an internal route for a single object is asked to read, e.g. {@code ?partitions=3}. */
    int partition() {
        Set<Integer> partitions = partitions();
        if (partitions.size() != 1) {
            throw new BadRequestException("partitions", required("partitions"), "expected exactly one partition");
        }
        return partitions.iterator().next();
    }
}

package io.fedstream.api;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** One matched request: the route's path variables and the query parameters, decoded. */
record ApiRequest(Map<String, String> path, Map<String, String> query) {

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

package io.fedstream.lease;

import io.fedstream.interpret.Resources;
import java.util.LinkedHashMap;
import java.util.Map;

/** Room written as quantities in tests: {@code room("cpu", "4", "memory", "8Gi")}. */
final class Rooms {

    private Rooms() {}

    static Resources room(String... resourcesAndQuantities) {
        return Resources.fromQuantities(quantities(resourcesAndQuantities));
    }

    static Map<String, String> quantities(String... resourcesAndQuantities) {
        Map<String, String> quantities = new LinkedHashMap<>();
        for (int i = 0; i < resourcesAndQuantities.length; i += 2) {
            quantities.put(resourcesAndQuantities[i], resourcesAndQuantities[i + 1]);
        }
        return quantities;
    }
}

package io.fedstream.decide;

import io.fedstream.avro.ReservedComponent;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.QuantityFields;
import io.fedstream.place.ComponentDemand;
import java.util.ArrayList;
import java.util.List;

/** Reads the components of a reservation request into the placement core's demands. */
final class RequestedComponents {

    private RequestedComponents() {}

    /**
     * One demand per component, in order.
     *
     * @throws IllegalArgumentException naming the field (e.g. {@code components[0].perPod.cpu}) and the value
     */
    static List<ComponentDemand> of(List<ReservedComponent> components) {
        List<ComponentDemand> demands = new ArrayList<>(components.size());
        for (int i = 0; i < components.size(); i++) {
            ReservedComponent component = components.get(i);
            String field = "components[" + i + "]";
            if (component.getReplicas() < 0) {
                throw new IllegalArgumentException(new FieldError(field + ".replicas",
                        Long.toString(component.getReplicas()), "must not be negative").message());
            }
            demands.add(new ComponentDemand(component.getName(), component.getReplicas(),
                    QuantityFields.parse(field + ".perPod", component.getPerPod())));
        }
        return demands;
    }
}

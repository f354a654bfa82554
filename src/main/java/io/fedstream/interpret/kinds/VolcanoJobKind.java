package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequests;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * batch.volcano.sh/v1alpha1 Job: one component per {@code spec.tasks[i]}, named after the task
 * (else {@code default<i>}, as Volcano's admission names it), with {@code replicas} (0) pods of
 * its {@code template} and the task's {@code minAvailable} (default: its replicas) as minReplicas.
 * The rules and their sources are in docs/interpretation.md.
 */
public final class VolcanoJobKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("batch.volcano.sh/v1alpha1", "Job"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor tasks = manifest.at("spec.tasks");
        List<Cursor> elements = tasks.elements();
        if (elements.isEmpty()) {
            tasks.error("must list at least one task");
        }
        List<Component> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < elements.size(); i++) {
            Cursor task = elements.get(i);
            Cursor nameField = task.field("name");
            String name = nameField.string();
            name = name == null || name.isEmpty() ? "default" + i : name.toLowerCase(Locale.ROOT);
            if (!names.add(name)) {
                nameField.error("duplicates another task's name " + name);
            }
            Cursor replicasField = task.field("replicas");
            long replicas = replicasField.count(0);
            Cursor minAvailableField = task.field("minAvailable");
            long minAvailable = minAvailableField.count(replicas);
            if (minAvailable > replicas) {
                minAvailableField.error("must not be greater than the task's replicas (" + replicas + ")");
            }
            out.add(new Component(name, replicas, minAvailable, null,
                    PodRequests.of(task.at("template.spec")), replicasField));
        }
        return out;
    }
}

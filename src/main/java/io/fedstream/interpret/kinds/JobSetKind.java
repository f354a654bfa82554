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
 * jobset.x-k8s.io/v1alpha2 JobSet: one component per {@code spec.replicatedJobs[i]}, named after
 * it, with {@code replicas} (1) Jobs of min(parallelism (1), completions when set) pods each of
 * the Job template's pod template.
 */
public final class JobSetKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("jobset.x-k8s.io/v1alpha2", "JobSet"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor replicatedJobs = manifest.at("spec.replicatedJobs");
        List<Cursor> jobs = replicatedJobs.elements();
        if (jobs.isEmpty()) {
            replicatedJobs.error("must list at least one replicated job");
        }
        List<Component> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Cursor job : jobs) {
            Cursor nameField = job.field("name");
            String name = nameField.requiredString();
            if (name != null && !names.add(name.toLowerCase(Locale.ROOT))) {
                nameField.error("duplicates another replicated job's name");
            }
            Cursor replicas = job.field("replicas");
            Cursor jobSpec = job.at("template.spec");
            // Both factors are 32-bit counts, so the product fits a long.
            long pods = replicas.count(1) * JobKinds.podsPerJob(jobSpec);
            out.add(Component.of(name == null ? "" : name.toLowerCase(Locale.ROOT), pods, replicas,
                    PodRequests.of(jobSpec.at("template.spec"))));
        }
        return out;
    }
}

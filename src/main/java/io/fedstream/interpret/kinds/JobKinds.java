package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequests;

import java.util.List;

/**
 * batch/v1 Job and CronJob: one component {@code main} with min(parallelism (1), completions
 * when set) pods of the job's template; a CronJob is read at {@code spec.jobTemplate.spec}.
 */
public final class JobKinds implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("batch/v1", "Job"), KindRef.of("batch/v1", "CronJob"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        boolean cron = "CronJob".equals(manifest.field("kind").string());
        Cursor jobSpec = cron ? manifest.at("spec.jobTemplate.spec") : manifest.field("spec");
        return List.of(Component.of("main", podsPerJob(jobSpec), jobSpec.field("parallelism"),
                PodRequests.of(jobSpec.at("template.spec"))));
    }

    /** The pods a Job runs at once: min(parallelism (1), completions when set). */
    static long podsPerJob(Cursor jobSpec) {
        long pods = jobSpec.field("parallelism").count(1);
        Long completions = jobSpec.field("completions").optionalCount();
        return completions == null ? pods : Math.min(pods, completions);
    }
}

package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.decide.QuotaReport;
import io.fedstream.api.QuotaObject;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code fedstream get quotas [NAME]}: one FederatedResourceQuota or a namespace's, with status, as a table, YAML or JSON. */
@Command(name = "quotas", aliases = {"quota", "federatedresourcequotas", "federatedresourcequota", "frq"}, mixinStandardHelpOptions = true,
        description = {
            "Shows quotas and their usage.",
            "",
            "Each quota with its status: used/hard per quota key, admitted and rejected workloads, and why a version on"
                    + " the policies topic was refused, and notes on how the version in force was read; without NAME, every"
                    + " quota of the namespace (-A: of every namespace). With -o wide, one more row per cluster."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream get quotas -n analytics",
            "  fedstream get quotas compute -n team-q -o wide",
            "  fedstream get quotas -A",
            "  fedstream get quotas -n ml -o json --server http://127.0.0.1:8080 --token T"})
final class GetQuotasCommand extends NamespacedGetCommand<QuotaReport> {

    @Override
    String kind() {
        return "federatedresourcequota";
    }

    @Override
    KubeResource resource() {
        return KubeResource.QUOTAS;
    }

    @Override
    QuotaReport fromJson(JsonNode object) {
        return QuotaObject.fromJson(object);
    }

    @Override
    String table(List<QuotaReport> reports, boolean wide, boolean allNamespaces) {
        // The table names each quota's namespace either way.
        return QuotaTable.render(reports, wide);
    }
}

package io.fedstream.interpret;

import io.fedstream.interpret.kinds.FlinkConfiguration;

import java.util.Set;

/**
 * Where the fields that no built-in kind reads are: the roles an object of a manifest can play
 * (pod spec, container, template metadata, ...), how a child's role follows from its parent's
 * role and key, and which keys of each role are never read. {@link SkimmingJsonReader} leaves
 * those out of the tree. A kind interpreted by a customization may read any path, so it is
 * always given the whole manifest.
 */
enum UnreadFields {

    /** The manifest itself. */
    ROOT(Set.of("status")),
    /** The manifest's own metadata: annotations stay (Strimzi reads one). */
    ROOT_METADATA(Set.of("managedFields")),
    /** The manifest's spec: the workload's own settings that do not size pods. */
    ROOT_SPEC(Set.of("selector", "strategy", "revisionHistoryLimit", "minReadySeconds", "progressDeadlineSeconds",
            "image", "imagePullPolicy", "imagePullSecrets", "serviceAccount", "flinkVersion", "ingress", "logConfiguration",
            "sparkVersion", "mainApplicationFile", "mainClass", "arguments", "deps")),
    /** The metadata of a pod or job template (a value of a key ending in "emplate"). */
    TEMPLATE_METADATA(Set.of("annotations", "managedFields")),
    /** The spec of a template: a pod spec (or a job spec, which has none of these keys). */
    POD_SPEC(Set.of("volumes", "affinity", "tolerations", "topologySpreadConstraints", "securityContext",
            "dnsConfig", "dnsPolicy", "hostAliases", "hostname", "subdomain", "imagePullSecrets", "readinessGates",
            "schedulingGates", "nodeSelector", "serviceAccountName", "serviceAccount", "automountServiceAccountToken",
            "schedulerName", "terminationGracePeriodSeconds", "enableServiceLinks")),
    /** An element of a pod spec's containers, initContainers or ephemeralContainers. */
    CONTAINER(Set.of("image", "imagePullPolicy", "env", "envFrom", "command", "args", "workingDir", "ports",
            "volumeMounts", "volumeDevices", "livenessProbe", "readinessProbe", "startupProbe", "lifecycle",
            "securityContext", "terminationMessagePath", "terminationMessagePolicy", "resizePolicy", "stdin",
            "stdinOnce", "tty")),
    /** A template: an object under a key ending in "emplate" (template, podTemplate, jobTemplate, ...). */
    TEMPLATE(Set.of()),
    /** A list of containers of a pod spec (its elements are CONTAINERs). */
    CONTAINERS(Set.of()),
    /** A Flink resource's job spec: the Flink kinds read its parallelism alone. */
    FLINK_JOB(Set.of("jarURI", "entryClass", "args", "upgradeMode", "state", "savepointTriggerNonce",
            "savepointRedeployNonce", "initialSavepointPath", "checkpointTriggerNonce", "allowNonRestoredState",
            "autoscalerResetNonce")),
    /** A Flink resource's flinkConfiguration: only the options Flink kinds read (and objects that may nest them) are kept. */
    FLINK_CONFIGURATION(Set.of()),
    /** Anything else: everything is kept. */
    OTHER(Set.of());

    private final Set<String> unread;

    UnreadFields(Set<String> unread) {
        this.unread = unread;
    }

    /** True when no built-in kind reads this key of an object of this role. */
    boolean isUnread(String key) {
        if (this == FLINK_CONFIGURATION) {
            return !FlinkConfiguration.mayHold(key);
        }
        return unread.contains(key);
    }

    /** The role of the value of {@code key} in an object of this role. */
    UnreadFields child(String key) {
        switch (this) {
            case ROOT:
                return key.equals("metadata") ? ROOT_METADATA : key.equals("spec") ? ROOT_SPEC : byKey(key);
            case ROOT_SPEC:
                return key.equals("flinkConfiguration") ? FLINK_CONFIGURATION : key.equals("job") ? FLINK_JOB : byKey(key);
            case TEMPLATE:
                return key.equals("metadata") ? TEMPLATE_METADATA : key.equals("spec") ? POD_SPEC : byKey(key);
            case POD_SPEC:
                return key.equals("containers") || key.equals("initContainers") || key.equals("ephemeralContainers")
                        ? CONTAINERS : byKey(key);
            default:
                return byKey(key);
        }
    }

    /** The role of an element of a list of this role. */
    UnreadFields element() {
        return this == CONTAINERS ? CONTAINER : OTHER;
    }

    private static UnreadFields byKey(String key) {
        return key.endsWith("emplate") ? TEMPLATE : OTHER;
    }
}

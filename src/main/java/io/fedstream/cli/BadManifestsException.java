package io.fedstream.cli;

import java.util.List;

/** Manifests that cannot be published, each problem naming its file, document and field; nothing was sent. */
final class BadManifestsException extends Exception {

    private final List<String> problems;

    BadManifestsException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    List<String> problems() {
        return problems;
    }
}

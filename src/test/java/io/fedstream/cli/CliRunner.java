package io.fedstream.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the fedstream command line in-process and captures what it prints. */
record CliRunner(int exitCode, String out, String err) {

    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRunner(code, out.toString(), err.toString());
    }
}

package io.fedstream.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the fedstream command line in-process and captures what it prints. */
record CliRunner(int exitCode, String out, String err) {

    /** Runs {@code get ARGS --server URL --token TOKEN}. */
    static CliRunner get(String url, String token, String... args) {
        String[] full = new String[args.length + 5];
        full[0] = "get";
        System.arraycopy(args, 0, full, 1, args.length);
        full[args.length + 1] = "--server";
        full[args.length + 2] = url;
        full[args.length + 3] = "--token";
        full[args.length + 4] = token;
        return run(full);
    }

    static CliRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRunner(code, out.toString(), err.toString());
    }
}

package io.fedstream.interpret.lua;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;

/**
 * One compiled {@code luaScript}. Each call runs it as Karmada's {@code VM.RunScript} does (the chunk, then the named
 * global function with the arguments), in a fresh sandbox ({@link SandboxGlobals}) metered by a {@link CallBudget}.
 * Immutable and thread-safe: calls share nothing but the compiled prototype.
 */
public final class LuaScript {

    private final Prototype prototype;
    private final String origin;

    private LuaScript(Prototype prototype, String origin) {
        this.prototype = prototype;
        this.origin = origin;
    }

    /**
     * Compiles a script.
     *
     * @param origin which script, named first in every error (e.g. {@code ResourceInterpreterCustomization x, replicaResource})
     * @throws LuaScriptException when it does not compile
     */
    public static LuaScript compile(String source, String chunkName, String origin) {
        try {
            return new LuaScript(LuaC.instance.compile(new ByteArrayInputStream(source.getBytes(StandardCharsets.UTF_8)), chunkName), origin);
        } catch (LuaError e) {
            throw new LuaScriptException(origin, "does not compile: " + message(e));
        } catch (IOException e) {
            throw new IllegalStateException("reading a script from memory cannot fail", e);
        }
    }

    public String origin() {
        return origin;
    }

    /**
     * Runs the chunk, then calls its global function {@code function} with the arguments.
     *
     * @throws LuaScriptException when the function is missing, fails, or overruns a limit
     */
    public Varargs call(String function, CallLimits limits, LuaValue... arguments) {
        CallBudget budget = new CallBudget(limits);
        try {
            Globals globals = SandboxGlobals.create(budget, limits);
            new LuaClosure(prototype, globals).call();
            LuaValue fn = globals.get(function);
            if (fn.isnil()) {
                throw new LuaScriptException(origin, "not found function " + function);
            }
            if (!fn.isfunction()) {
                throw new LuaScriptException(origin, function + " is not a function: " + fn.typename());
            }
            return fn.invoke(LuaValue.varargsOf(arguments));
        } catch (CallBudget.Overrun e) {
            throw new LuaScriptException(origin, e.getMessage());
        } catch (StackOverflowError e) {
            throw new LuaScriptException(origin, "was stopped: its calls nest too deeply");
        } catch (LuaError e) {
            throw new LuaScriptException(origin, "failed: " + message(e));
        }
    }

    /** A Lua error's message without LuaJ's stack traceback (which names only Java frames here). */
    private static String message(LuaError e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        int traceback = message.indexOf("\nstack traceback:");
        return traceback < 0 ? message : message.substring(0, traceback);
    }
}

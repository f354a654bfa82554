package io.fedstream.interpret.lua;

import java.util.ArrayDeque;
import java.util.Deque;
import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaClosure;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.DebugLib;

/**
 * Meters one call of a script through LuaJ's debug hooks (which the VM calls for every instruction of every Lua
 * function once a debug library is installed; the {@code debug} table itself is never given to scripts) and stops it
 * when it overruns its {@link CallLimits}. It stops the script with an {@link Overrun}, an {@link Error}, because
 * Lua's {@code pcall} catches every {@link Exception}: a script cannot swallow its own stop.
 */
final class CallBudget extends DebugLib {

    /** How many instructions run between two looks at the clock. */
    private static final int CLOCK_EVERY = 4096;

    private final CallLimits limits;
    private final long deadlineNanos;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private long instructions;

    /** A Lua function being run and its registers, for the instruction about to run in it. */
    private record Frame(LuaClosure closure, LuaValue[] registers) {}

    /** The script overran a limit; the message says which. */
    static final class Overrun extends Error {
        Overrun(String message) {
            super(message, null, false, false);
        }
    }

    CallBudget(CallLimits limits) {
        this.limits = limits;
        this.deadlineNanos = System.nanoTime() + limits.maxTime().toNanos();
    }

    long instructions() {
        return instructions;
    }

    @Override
    public void onCall(LuaFunction function) {
        // Java functions (the libraries) are bounded by their arguments, which are checked where they can grow.
    }

    @Override
    public void onCall(LuaClosure closure, Varargs arguments, LuaValue[] registers) {
        if (frames.size() >= limits.maxCallDepth()) {
            throw new Overrun("was stopped: more than " + limits.maxCallDepth() + " nested calls");
        }
        frames.push(new Frame(closure, registers));
    }

    @Override
    public void onReturn() {
        frames.poll();
    }

    @Override
    public void onInstruction(int pc, Varargs arguments, int top) {
        if (++instructions > limits.maxInstructions()) {
            throw new Overrun("was stopped after " + limits.maxInstructions() + " instructions (a loop that does not end?)");
        }
        if (instructions % CLOCK_EVERY == 0 && System.nanoTime() - deadlineNanos > 0) {
            throw new Overrun("was stopped after " + limits.maxTime().toMillis() + " ms (a loop that does not end?)");
        }
        Frame frame = frames.peek();
        if (frame != null) {
            int instruction = frame.closure.p.code[pc];
            if (Lua.GET_OPCODE(instruction) == Lua.OP_CONCAT) {
                checkConcatenation(frame.registers, Lua.GETARG_B(instruction), Lua.GETARG_C(instruction));
            }
        }
    }

    /** Refuses a concatenation whose result would be longer than allowed, before it is built. */
    private void checkConcatenation(LuaValue[] registers, int from, int to) {
        long length = 0;
        for (int r = from; r <= to && r < registers.length; r++) {
            LuaValue value = registers[r];
            if (value != null && value.type() == LuaValue.TSTRING) {
                length += value.rawlen();
            }
        }
        if (length > limits.maxStringBytes()) {
            throw new Overrun("was stopped: it built a string of " + length + " bytes (at most " + limits.maxStringBytes() + ")");
        }
    }
}

package io.fedstream.interpret.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

class LuaScriptTest {

    private static final String ORIGIN = "ResourceInterpreterCustomization looping, replicaResource";

    private static Varargs run(String body, LuaValue... args) {
        return LuaScript.compile("function F(a, b)\n" + body + "\nend", "replicaResource", ORIGIN)
                .call("F", CallLimits.DEFAULT, args);
    }

    @Test
    void callsTheNamedFunctionWithItsArguments() {
        Varargs out = run("return a.spec.replicas * 2, b", LuaJson.toLua(json("{\"spec\":{\"replicas\":3}}")), LuaValue.valueOf("x"));
        assertThat(out.arg(1).toint()).isEqualTo(6);
        assertThat(out.arg(2).tojstring()).isEqualTo("x");
    }

    @Test
    void aLoopThatDoesNotEndIsStoppedWithinItsInstructionBoundNamingTheCustomization() {
        LuaScript script = LuaScript.compile("function F() while true do end end", "replicaResource", ORIGIN);
        CallLimits instructionsOnly = new CallLimits(1_000_000, Duration.ofMinutes(1), 200, 1 << 20);
        long start = System.nanoTime();
        assertThatThrownBy(() -> script.call("F", instructionsOnly))
                .isInstanceOf(LuaScriptException.class)
                .hasMessage(ORIGIN + ": was stopped after 1000000 instructions (a loop that does not end?)");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThatThrownBy(() -> run("while true do end")).as("by default, whichever bound comes first")
                .hasMessageStartingWith(ORIGIN + ": was stopped after ");
    }

    @Test
    void aLoopIsStoppedByTheTimeBoundWhenThatComesFirst() {
        LuaScript script = LuaScript.compile("function F() while true do end end", "replicaResource", ORIGIN);
        CallLimits fiftyMillis = new CallLimits(Long.MAX_VALUE, Duration.ofMillis(50), 200, 1 << 20);
        assertThatThrownBy(() -> script.call("F", fiftyMillis))
                .isInstanceOf(LuaScriptException.class)
                .hasMessage(ORIGIN + ": was stopped after 50 ms (a loop that does not end?)");
    }

    @Test
    void pcallCannotSwallowTheStop() {
        assertThatThrownBy(() -> run("while true do pcall(function() while true do end end) end"))
                .hasMessageStartingWith(ORIGIN + ": was stopped after ");
    }

    @Test
    void endlessRecursionIsStoppedAtTheCallDepth() {
        assertThatThrownBy(() -> run("local function f(n) return 1 + f(n + 1) end return f(1)"))
                .hasMessage(ORIGIN + ": was stopped: more than 200 nested calls");
    }

    @Test
    void aStringThatDoublesIsStoppedBeforeItExhaustsMemory() {
        assertThatThrownBy(() -> run("local s = 'x' while true do s = s .. s end"))
                .hasMessageStartingWith(ORIGIN + ": was stopped: it built a string of ");
        assertThatThrownBy(() -> run("local t = {} local s = ('x'):upper() for i = 1, 100000 do t[i] = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' end return table.concat(t)"))
                .hasMessageContaining("table.concat: the result would be longer than 3145728 bytes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"load('return 1')", "loadstring('return 1')", "dofile('/etc/passwd')", "loadfile('/etc/passwd')",
        "setmetatable({}, {})", "getmetatable('')", "rawset({}, 1, 1)", "collectgarbage()", "string.rep('x', 10)",
        "string.gsub('x', 'x', 'y')", "string.dump(F)", "package.loadlib('x', 'y')"})
    void functionsKarmadaDisablesFailNamingThemselves(String call) {
        assertThatThrownBy(() -> run("return " + call))
                .isInstanceOf(LuaScriptException.class)
                .hasMessageContaining("is not supported in karmada customized resourceinterpreter");
    }

    @ParameterizedTest
    @ValueSource(strings = {"io", "debug", "luajava", "coroutine", "os.execute", "os.exit", "os.getenv", "os.remove"})
    void dangerousLibrariesAreAbsent(String name) {
        assertThat(run("return " + name).arg1().isnil()).isTrue();
    }

    @Test
    void requireFindsOnlyTheKubeLibraryNeverFilesOrJavaClasses() {
        assertThat(run("return type(require('kube').resourceAdd)").arg1().tojstring()).isEqualTo("function");
        assertThatThrownBy(() -> run("return require('java.lang.System')")).hasMessageContaining("module 'java.lang.System' not found");
        assertThatThrownBy(() -> run("return require('os.execute')")).hasMessageContaining("not found");
    }

    @Test
    void aScriptSeesNothingAnEarlierCallLeftBehind() {
        LuaScript script = LuaScript.compile("function F() local before = leaked; leaked = 1; string.upper = nil; return before end",
                "x", ORIGIN);
        assertThat(script.call("F", CallLimits.DEFAULT).arg1().isnil()).isTrue();
        assertThat(script.call("F", CallLimits.DEFAULT).arg1().isnil()).isTrue();
        assertThat(run("return ('abc'):upper(), string.upper('d')").arg(1).tojstring()).isEqualTo("ABC");
    }

    @Test
    void lua51FunctionsScriptsUseStillWork() {
        Varargs out = run("local t = {1, 2, 3} return unpack(t), table.getn(t), os.time() > 0, string.format('%d-%s', 3, 'x')");
        assertThat(out.arg(1).toint()).isEqualTo(1);
        assertThat(out.arg(2).toint()).isEqualTo(3);
        assertThat(out.arg(3).toboolean()).isTrue();
        assertThat(out.arg(4).tojstring()).isEqualTo("3-x");
    }

    @Test
    void errorsAndMissingFunctionsAreNamed() {
        assertThatThrownBy(() -> run("return a.spec.replicas")).hasMessageStartingWith(ORIGIN + ": failed: replicaResource:2 attempt to index");
        assertThatThrownBy(() -> LuaScript.compile("function F( return end", "replicaResource", ORIGIN))
                .hasMessageStartingWith(ORIGIN + ": does not compile: ");
        assertThatThrownBy(() -> LuaScript.compile("x = 1", "replicaResource", ORIGIN).call("GetReplicas", CallLimits.DEFAULT))
                .hasMessage(ORIGIN + ": not found function GetReplicas");
    }

    static com.fasterxml.jackson.databind.JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}

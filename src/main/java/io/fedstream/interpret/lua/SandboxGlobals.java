package io.fedstream.interpret.lua;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.BaseLib;
import org.luaj.vm2.lib.OsLib;
import org.luaj.vm2.lib.PackageLib;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.VarArgFunction;
import org.luaj.vm2.lib.jse.JseMathLib;

/**
 * The global environment of one script call, the libraries Karmada's {@code luavm} opens ({@code lua.go} setLib, and
 * the safe libraries of {@code pkg/util/lifted/lua}): base (without the functions Karmada disables), package (only
 * {@code package.preload}: no Lua files, no C or Java modules), table, string (without {@code gsub}, {@code rep} and
 * {@code dump}; string arguments of at most 1,000,000 bytes), math, and {@code os} with only {@code time} and
 * {@code date}; no {@code io}, {@code debug}, {@code coroutine} or {@code luajava}. Fresh for every call, so that no
 * call sees what another left in its globals. Also Lua 5.1's {@code unpack}, {@code table.getn}, {@code table.maxn}
 * and {@code string.gfind}, since LuaJ is Lua 5.2 where gopher-lua is 5.1.
 */
final class SandboxGlobals {

    /** Karmada's {@code maxInputStringParamsLen}. */
    static final int MAX_STRING_ARGUMENT = 1_000_000;

    /** The base functions Karmada replaces with an error (lua.go, setLib). */
    private static final String[] DISABLED = {"collectgarbage", "dofile", "getfenv", "getmetatable", "load", "loadfile",
        "loadstring", "rawequal", "rawget", "rawset", "setfenv", "setmetatable", "module", "newproxy"};

    /**
     * The string library every call shares through the string metatable ({@code ("x"):upper()}); scripts cannot reach
     * the table itself ({@code getmetatable} is disabled), and each call's {@code string} global is its own copy.
     */
    private static final LuaTable SAFE_STRING = safeString();
    private static final LuaTable STRING_METATABLE = LuaValue.tableOf(new LuaValue[] {LuaValue.INDEX, SAFE_STRING});
    private static final LuaValue OS_TIME;
    private static final LuaValue OS_DATE;

    static {
        Globals scratch = new Globals();
        scratch.load(new PackageLib());
        scratch.load(new OsLib());
        OS_TIME = scratch.get("os").get("time");
        OS_DATE = scratch.get("os").get("date");
        LuaString.s_metatable = STRING_METATABLE;
    }

    private SandboxGlobals() {}

    /** A fresh environment metered by the given budget, whose library-built strings are bounded by {@code limits}. */
    static Globals create(CallBudget budget, CallLimits limits) {
        Globals globals = new Globals();
        globals.load(new BaseLib());
        globals.load(new PackageLib());
        globals.load(new TableLib());
        globals.load(new JseMathLib());
        LuaTable loaded = (LuaTable) globals.get("package").get("loaded");

        LuaTable string = copy(SAFE_STRING);
        globals.set("string", string);
        loaded.set("string", string);
        LuaTable os = new LuaTable();
        os.set("time", OS_TIME);
        os.set("date", OS_DATE);
        globals.set("os", os);
        loaded.set("os", os);

        LuaTable table = (LuaTable) globals.get("table");
        table.set("concat", new BoundedConcat(table.get("concat"), limits.maxStringBytes()));
        table.set("getn", new TableLength());
        table.set("maxn", new TableMaxIndex());
        globals.set("unpack", table.get("unpack"));

        for (String name : DISABLED) {
            globals.set(name, new Disabled(name));
        }
        globals.set("print", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return LuaValue.NONE; // a script's output would go to fedstream's own stdout
            }
        });

        LuaTable packageTable = (LuaTable) globals.get("package");
        LuaValue preloadSearcher = packageTable.get("searchers").get(1);
        packageTable.set("searchers", LuaValue.listOf(new LuaValue[] {preloadSearcher}));
        packageTable.set("path", LuaValue.valueOf(""));
        packageTable.set("searchpath", new Disabled("package.searchpath"));
        packageTable.set("loadlib", new Disabled("package.loadlib"));
        packageTable.get("preload").set(KubeLibrary.NAME, KubeLibrary.loader());

        globals.load(budget);
        globals.set("debug", LuaValue.NIL);
        loaded.set("debug", LuaValue.NIL);
        if (LuaString.s_metatable != STRING_METATABLE) {
            LuaString.s_metatable = STRING_METATABLE; // nothing else in fedstream loads LuaJ's string library
        }
        return globals;
    }

    private static LuaTable safeString() {
        Globals scratch = new Globals();
        scratch.load(new PackageLib());
        scratch.load(new StringLib());
        LuaTable stock = (LuaTable) scratch.get("string");
        LuaTable safe = new LuaTable();
        for (LuaValue key = stock.next(LuaValue.NIL).arg1(); !key.isnil(); key = stock.next(key).arg1()) {
            safe.set(key, new BoundedArguments(key.tojstring(), stock.get(key)));
        }
        for (String name : new String[] {"gsub", "rep", "dump"}) {
            safe.set(name, new Disabled("string." + name));
        }
        safe.set("gfind", safe.get("gmatch"));
        return safe;
    }

    private static LuaTable copy(LuaTable source) {
        LuaTable out = new LuaTable();
        for (LuaValue key = source.next(LuaValue.NIL).arg1(); !key.isnil(); key = source.next(key).arg1()) {
            out.set(key, source.get(key));
        }
        return out;
    }

    /** A function a script may not call; its message is Karmada's. */
    private static final class Disabled extends VarArgFunction {
        private final String name;

        Disabled(String name) {
            this.name = name;
        }

        @Override
        public Varargs invoke(Varargs args) {
            throw new LuaError("call function " + name + " is not supported in karmada customized resourceinterpreter.");
        }
    }

    /** A string function whose string arguments are bounded, as Karmada's {@code validateStrParamsLen} bounds them. */
    private static final class BoundedArguments extends VarArgFunction {
        private final String name;
        private final LuaValue function;

        BoundedArguments(String name, LuaValue function) {
            this.name = name;
            this.function = function;
        }

        @Override
        public Varargs invoke(Varargs args) {
            for (int i = 1; i <= args.narg(); i++) {
                LuaValue arg = args.arg(i);
                if (arg.type() == LuaValue.TSTRING && arg.rawlen() > MAX_STRING_ARGUMENT) {
                    throw new LuaError("string." + name + ": string length " + arg.rawlen()
                            + " exceeds the maximum allowed input string length " + MAX_STRING_ARGUMENT);
                }
            }
            return function.invoke(args);
        }
    }

    /** {@code table.concat} that refuses, before building it, a string longer than the call allows. */
    private static final class BoundedConcat extends VarArgFunction {
        private final LuaValue concat;
        private final int maxBytes;

        BoundedConcat(LuaValue concat, int maxBytes) {
            this.concat = concat;
            this.maxBytes = maxBytes;
        }

        @Override
        public Varargs invoke(Varargs args) {
            LuaTable list = args.checktable(1);
            int separator = args.isnoneornil(2) ? 0 : args.checkstring(2).rawlen();
            int from = args.optint(3, 1);
            int to = args.isnoneornil(4) ? list.length() : args.checkint(4);
            long length = 0;
            for (long i = from; i <= to; i++) {
                LuaValue element = list.get((int) i);
                length += (element.isstring() ? element.strvalue().rawlen() : 0) + (i > from ? separator : 0);
                if (length > maxBytes) {
                    throw new LuaError("table.concat: the result would be longer than " + maxBytes + " bytes");
                }
            }
            return concat.invoke(args);
        }
    }

    /** Lua 5.1's {@code table.getn}. */
    private static final class TableLength extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            return LuaValue.valueOf(args.checktable(1).length());
        }
    }

    /** Lua 5.1's {@code table.maxn}: the largest positive numeric key, 0 when there is none. */
    private static final class TableMaxIndex extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            LuaTable table = args.checktable(1);
            double max = 0;
            for (LuaValue key = table.next(LuaValue.NIL).arg1(); !key.isnil(); key = table.next(key).arg1()) {
                if (key.type() == LuaValue.TNUMBER && key.todouble() > max) {
                    max = key.todouble();
                }
            }
            return LuaValue.valueOf(max);
        }
    }
}

/**
 * Pure core: runs the {@code luaScript}s of Karmada's ResourceInterpreterCustomizations on LuaJ (Lua 5.1, as Karmada's
 * gopher-lua), sandboxed as Karmada's {@code luavm} is (no {@code io}, no file loading, a safe subset of {@code os} and
 * {@code string}, the {@code kube} library) and bounded per call (instructions, time, call depth, string length). No
 * Kafka types. Rules and Karmada sources: docs/customizations.md.
 */
package io.fedstream.interpret.lua;

package io.fedstream.interpret;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules that hold between customizations of one interpreter, and the tables built from them. Two
 * ResourceInterpreterCustomizations may share a target only for different operations (Karmada's validating webhook,
 * {@code validateCustomizationRule}; dependencyInterpretation excepted: every such script runs); an
 * InterpreterCustomization says the pods of its kind, so it may not share its target with a ResourceInterpreterCustomization
 * that says them too (replicaResource or componentResource). Names are unique within each kind of customization.
 */
final class Customizations {

    private Customizations() {}

    /** @throws InvalidCustomizationException naming every conflict */
    static void check(Collection<InterpreterCustomization> declarative, Collection<LuaCustomization> lua) {
        Problems problems = new Problems();
        Map<String, LuaCustomization> byName = new HashMap<>();
        List<LuaCustomization> seen = new java.util.ArrayList<>();
        for (LuaCustomization c : lua) {
            LuaCustomization sameName = byName.putIfAbsent(c.name(), c);
            if (sameName != null) {
                problems.add("metadata.name", c.name(), "is the name of two " + LuaCustomization.KIND + "s, from "
                        + sameName.source() + " and from " + c.source());
            }
            for (LuaCustomization earlier : seen) {
                LuaOperation conflict = earlier.conflictWith(c);
                if (conflict != null) {
                    problems.add("spec.customizations." + conflict.field(), c.target().id(), "conflicts with the same operation of "
                            + LuaCustomization.KIND + " " + earlier.name() + " (" + earlier.source() + ") for the same target, as"
                            + " Karmada's webhook refuses it; customization " + c.name() + " (" + c.source() + ")");
                }
            }
            seen.add(c);
            for (InterpreterCustomization d : declarative) {
                if (d.target().equals(c.target()) && c.countsPods()) {
                    problems.add("spec.target", c.target().id(), "is the target of both InterpreterCustomization " + d.name()
                            + " (" + d.source() + ") and " + LuaCustomization.KIND + " " + c.name() + " (" + c.source()
                            + "), which both say its pods: keep one");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidCustomizationException("conflicting customizations", problems.list());
        }
    }

    /** Whether a later customization takes the place of an earlier one (same name, or a conflict as {@link #check} finds it). */
    static boolean replaces(LuaCustomization later, LuaCustomization earlier) {
        return later.name().equals(earlier.name()) || later.conflictWith(earlier) != null;
    }

    /** Whether a later customization takes the place of an earlier one of the other kind (both say the pods of one kind). */
    static boolean replaces(InterpreterCustomization later, LuaCustomization earlier) {
        return later.target().equals(earlier.target()) && earlier.countsPods();
    }

    /** As {@link #replaces(InterpreterCustomization, LuaCustomization)}, the other way round. */
    static boolean replaces(LuaCustomization later, InterpreterCustomization earlier) {
        return later.target().equals(earlier.target()) && later.countsPods();
    }
}

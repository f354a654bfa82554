package io.fedstream.interpret;

import java.util.List;

/**
 * Turns manifests of some kinds into components. One implementation per kind family; the
 * built-in ones are listed in {@link io.fedstream.interpret.kinds.BuiltInKinds}.
 *
 * <p>An implementation reads the manifest through the {@link Cursor} it is given, which names
 * the full field path in every error it records. It never throws for bad input: it records the
 * problem and returns whatever it likes, since any recorded problem makes the whole
 * interpretation INVALID and its components are discarded. When the manifest is fine but depends
 * on something the interpreter was not given, it calls {@link Cursor#uninterpretable} instead,
 * which makes the outcome UNINTERPRETED with that reason. Shared pod-template handling is in
 * {@link PodRequests}.
 */
public interface KindInterpreter {

    /** The apiVersion/kind pairs this interpreter handles. */
    List<KindRef> kinds();

    /**
     * The components of one manifest of a handled kind, in the documented order.
     *
     * @param manifest a cursor at the root of the manifest; apiVersion, kind and metadata are
     *     already checked
     */
    List<Component> components(Cursor manifest);

    /**
     * The components of one manifest, for a kind whose pods depend on other workloads of its namespace; the others
     * ignore {@code namespace}.
     */
    default List<Component> components(Cursor manifest, NamespaceWorkloads namespace) {
        return components(manifest);
    }

    /** What {@link Interpretation#interpreter()} reports for a manifest of the given kind. */
    default String name(KindRef kind) {
        return "built-in:" + kind.id();
    }
}

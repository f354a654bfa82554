package io.fedstream.interpret.kinds;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.Quantities;

import java.math.BigDecimal;

/**
 * The cpu and memory limits Flink sets on its main container from the request and a limit
 * factor ({@code KubernetesUtils.getResourceRequirements}), including the binary floating point
 * Flink computes them in, and the factor the Flink operator derives from {@code resources}.
 */
final class FlinkLimits {

    static final long MIB = 1L << 20;

    private FlinkLimits() {}

    /**
     * Milli-cpu of the limit Flink writes, {@code String.valueOf(cpu * factor)}, rounded up as the
     * API server does; with factor 1 exactly the request. Null when it is no 64-bit milli-cpu.
     */
    static Long cpuLimit(BigDecimal cores, long requestMilli, double factor) {
        if (factor == 1.0) {
            return requestMilli;
        }
        // Flink multiplies doubles, so 0.1 cpu x 3 is written as 0.30000000000000004 (301m).
        double limit = cores.doubleValue() * factor;
        if (!Double.isFinite(limit)) {
            return null;
        }
        try {
            return Quantities.toUnits("cpu", new BigDecimal(Double.toString(limit)));
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** MiB of the memory limit Flink writes: {@code (int) (mebibytes x factor)}, as Flink truncates it. */
    static long memoryLimitMebibytes(long mebibytes, double factor) {
        return factor == 1.0 ? mebibytes : (int) (mebibytes * factor);
    }

    /**
     * The quantity's value as the operator reads it to derive a limit factor (fabric8's
     * {@code getNumericalAmount().doubleValue()}), or null with an error when fabric8 cannot read it.
     */
    static Double numericalAmount(Cursor field) {
        String text = field.scalarText();
        try {
            if (text != null) {
                return Quantity.parse(text).getNumericalAmount().doubleValue();
            }
        } catch (RuntimeException e) {
            // reported below
        }
        field.error("is not a Kubernetes quantity, which the Flink operator needs to derive the limit factor");
        return null;
    }
}

package io.fedstream.interpret.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.luaj.vm2.LuaValue;

/** {@code kube.resourceAdd} prints a sum as Kubernetes' {@code Quantity.String()} does. */
class KubeQuantityTest {

    @ParameterizedTest(name = "{0} + {1} = {2}")
    @CsvSource({
        "1500m, 500m, 2",
        "100m, 2, 2100m",
        "1Gi, 512Mi, 1536Mi",
        "512Mi, 512Mi, 1Gi",
        "512, 256, 768",
        "1Ki, 1, 1025",
        "1e3, 1e3, 2e3",
        "1k, 500, 1500",
        "0, 2Gi, 2Gi",
        "1M, 1M, 2M",
        "0.5, 0.25, 750m"})
    void sums(String a, String b, String sum) {
        assertThat(KubeQuantity.parse(a).plus(KubeQuantity.parse(b)).toString()).isEqualTo(sum);
    }

    @Test
    void resourceAddTakesNilAsZeroAndRefusesANumberAsKarmadaDoes() {
        LuaScript script = LuaScript.compile("""
                local kube = require("kube")
                function F(n) if n then return kube.resourceAdd("1", 2) end return kube.resourceAdd(nil, "250m", "250m") end
                """, "x", "test");
        assertThat(script.call("F", CallLimits.DEFAULT, LuaValue.NIL).arg1().tojstring()).isEqualTo("500m");
        assertThatThrownBy(() -> script.call("F", CallLimits.DEFAULT, LuaValue.TRUE))
                .hasMessageContaining("bad argument #2 to 'resourceAdd' (string expected, got number)");
    }
}

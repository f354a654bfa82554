package io.fedstream.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpretation.Outcome;
import io.fedstream.interpret.Interpreter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Interpreting one realistic manifest per kind, from bytes to exact totals, as JSON (the form
 * that travels on Kafka inside a WorkloadEvent) and as YAML, next to the cost of merely parsing
 * the same bytes into a Jackson tree: the floor any interpreter pays, measured in the same run
 * so that results compare as ratios. {@link BenchMain} prints those ratios.
 *
 * <p>The defaults suit a 2-core machine and a quick look (one fork, short iterations, one
 * thread); docs/benchmarks.md gives the command for a longer run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
@Threads(1)
public class InterpretBenchmark {

    /**
     * The manifest, {@code manifests/<kind>.yaml} and {@code .json}. Every kind is listed, so a
     * kind not (yet) interpreted fails at setup instead of yielding a meaningless number; pick the
     * ones that exist with {@code -p kind=Deployment,FlinkDeployment}.
     */
    @Param({
        "Deployment", "StatefulSet", "Job", "FlinkDeployment",
        "PyTorchJob", "TFJob", "MPIJob", "RayCluster", "RayJob", "SparkApplication", "VolcanoJob",
        "JobSet", "LeaderWorkerSet", "CloneSet", "Rollout", "Kafka"
    })
    public String kind;

    private Interpreter interpreter;
    private byte[] json;
    private byte[] yaml;
    private ObjectMapper jsonMapper;
    private YAMLMapper yamlMapper;

    @Setup
    public void setUp() {
        interpreter = Interpreter.builtIn();
        json = resource("manifests/" + kind + ".json");
        yaml = resource("manifests/" + kind + ".yaml");
        jsonMapper = new ObjectMapper();
        yamlMapper = new YAMLMapper();
        Interpretation fromJson = interpreted("json", json);
        Interpretation fromYaml = interpreted("yaml", yaml);
        if (!fromJson.components().equals(fromYaml.components()) || !fromJson.total().equals(fromYaml.total())) {
            throw new IllegalStateException(kind + ": the JSON and YAML manifests interpret differently: "
                    + summary(fromJson) + " vs " + summary(fromYaml));
        }
        System.out.printf("%n%s: %d B JSON, %d B YAML -> %s%n", kind, json.length, yaml.length, summary(fromJson));
    }

    /** Interprets the JSON bytes: parse, check, components, exact totals. */
    @Benchmark
    public Interpretation interpretJson() {
        return interpreter.interpret(json);
    }

    /** Interprets the YAML bytes. */
    @Benchmark
    public Interpretation interpretYaml() {
        return interpreter.interpret(yaml);
    }

    /** The JSON floor: a default Jackson {@code readTree} of the same JSON bytes. */
    @Benchmark
    public JsonNode parseJsonBaseline() throws IOException {
        return jsonMapper.readTree(json);
    }

    /** The YAML floor: a default jackson-dataformat-yaml {@code readTree} of the same YAML bytes. */
    @Benchmark
    public JsonNode parseYamlBaseline() throws IOException {
        return yamlMapper.readTree(yaml);
    }

    /** The interpretation, which must be INTERPRETED with at least one component and a total: else no number is worth taking. */
    private Interpretation interpreted(String format, byte[] manifest) {
        Interpretation result = interpreter.interpret(manifest);
        if (result.outcome() != Outcome.INTERPRETED) {
            String errors = result.errors().stream().map(FieldError::message).collect(Collectors.joining("; "));
            throw new IllegalStateException(kind + " (" + format + ") is " + result.outcome() + ", not INTERPRETED: " + errors);
        }
        if (result.components().isEmpty() || result.total().isEmpty()) {
            throw new IllegalStateException(kind + " (" + format + ") interprets to nothing: " + summary(result));
        }
        return result;
    }

    private static String summary(Interpretation result) {
        List<ComponentRequirement> components = result.components();
        return components.stream()
                        .map(c -> c.name() + " x" + c.replicas() + " " + c.perPod())
                        .collect(Collectors.joining(", ", "[", "]"))
                + " total " + result.total();
    }

    private static byte[] resource(String name) {
        try (InputStream in = InterpretBenchmark.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + name + " on the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

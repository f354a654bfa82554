package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.decide.NamespaceStage;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.cert.Certificate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PassClassPreloaderTest {

    @Test
    void findsThePassClassesInTheDirectoryTheCodeCameFrom() {
        List<String> names = PassClassPreloader.classNames(NamespaceStage.class.getProtectionDomain().getCodeSource());

        assertThat(names).contains("io.fedstream.decide.NamespacePass", "io.fedstream.interpret.Interpreter",
                "io.fedstream.avro.ResourceBinding", "io.fedstream.lease.stage.AllocatorStage");
        assertThat(names).allMatch(name -> PassClassPreloader.PACKAGES.stream().anyMatch(pkg -> name.startsWith(pkg + ".")))
                .noneMatch(name -> name.endsWith("package-info"));
    }

    @Test
    void findsThemInAJarAndSkipsOtherPackages(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("fedstream.jar");
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of("create", "true"))) {
            for (String entry : List.of("io/fedstream/decide/NamespacePass.class", "io/fedstream/decide/NamespacePass$1.class",
                    "io/fedstream/decide/package-info.class", "io/fedstream/place/Placer.class", "io/fedstream/cli/Main.class",
                    "META-INF/MANIFEST.MF")) {
                Path file = zip.getPath(entry);
                Files.createDirectories(file.getParent());
                Files.write(file, new byte[0]);
            }
        }

        List<String> names = PassClassPreloader.classNames(new CodeSource(jar.toUri().toURL(), (Certificate[]) null));

        assertThat(names).containsExactly("io.fedstream.decide.NamespacePass", "io.fedstream.decide.NamespacePass$1",
                "io.fedstream.place.Placer");
    }

    @Test
    void noCodeSourceMeansNothingToPreload() {
        assertThat(PassClassPreloader.classNames(null)).isEmpty();
    }
}

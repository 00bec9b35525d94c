package io.kvbench.classpath;

import io.kvbench.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.settings.Mirror;
import org.apache.maven.settings.Profile;
import org.apache.maven.settings.Repository;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.DefaultSettingsBuilderFactory;
import org.apache.maven.settings.building.DefaultSettingsBuildingRequest;
import org.apache.maven.settings.building.SettingsBuildingException;
import org.eclipse.aether.repository.Authentication;
import org.eclipse.aether.repository.AuthenticationSelector;
import org.eclipse.aether.repository.MirrorSelector;
import org.eclipse.aether.repository.Proxy;
import org.eclipse.aether.repository.ProxySelector;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.util.repository.AuthenticationBuilder;
import org.eclipse.aether.util.repository.ConservativeAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultAuthenticationSelector;
import org.eclipse.aether.util.repository.DefaultMirrorSelector;
import org.eclipse.aether.util.repository.DefaultProxySelector;

/**
 * What Maven itself would use, read from the user's and the installation's settings.xml with Maven's own settings
 * builder (so that ${user.home} and the merge of the two files work as in Maven): the local repository (also
 * {@code -Dmaven.repo.local}), offline, mirrors, proxies, servers' credentials, and the repositories of active
 * profiles. Without a settings.xml: ~/.m2/repository and Maven Central.
 */
record MavenSettings(Path localRepository, boolean offline, List<RemoteRepository> repositories,
                     MirrorSelector mirrors, ProxySelector proxies, AuthenticationSelector authentication) {

    static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    /** The settings of this user (~/.m2/settings.xml) and installation ($MAVEN_HOME/conf/settings.xml). */
    static MavenSettings load() {
        Path home = Path.of(System.getProperty("user.home"));
        return load(home.resolve(".m2").resolve("settings.xml"), globalSettings());
    }

    static MavenSettings load(Path userSettings, Path globalSettings) {
        DefaultSettingsBuildingRequest request = new DefaultSettingsBuildingRequest();
        if (userSettings != null && Files.isRegularFile(userSettings)) {
            request.setUserSettingsFile(userSettings.toFile());
        }
        if (globalSettings != null && Files.isRegularFile(globalSettings)) {
            request.setGlobalSettingsFile(globalSettings.toFile());
        }
        Properties system = new Properties();
        system.putAll(System.getProperties());
        System.getenv().forEach((name, value) -> system.setProperty("env." + name, value));
        request.setSystemProperties(system);
        Settings settings;
        try {
            settings = new DefaultSettingsBuilderFactory().newInstance().build(request).getEffectiveSettings();
        } catch (SettingsBuildingException e) {
            throw new BadInputException("Maven settings: " + e.getMessage().replaceAll("\\s*[\\r\\n]+\\s*", " ")
                    .strip(), e);
        }
        return of(settings);
    }

    private static MavenSettings of(Settings settings) {
        String configured = System.getProperty("maven.repo.local", settings.getLocalRepository());
        Path local = configured == null || configured.isBlank()
                ? Path.of(System.getProperty("user.home"), ".m2", "repository") : Path.of(configured);
        DefaultMirrorSelector mirrors = new DefaultMirrorSelector();
        for (Mirror m : settings.getMirrors()) {
            mirrors.add(m.getId(), m.getUrl(), m.getLayout(), false, m.isBlocked(), m.getMirrorOf(),
                    m.getMirrorOfLayouts());
        }
        DefaultProxySelector proxies = new DefaultProxySelector();
        for (org.apache.maven.settings.Proxy p : settings.getProxies()) {
            if (!p.isActive()) continue;
            Authentication auth = p.getUsername() == null ? null
                    : new AuthenticationBuilder().addUsername(p.getUsername()).addPassword(p.getPassword()).build();
            proxies.add(new Proxy(p.getProtocol(), p.getHost(), p.getPort(), auth), p.getNonProxyHosts());
        }
        DefaultAuthenticationSelector servers = new DefaultAuthenticationSelector();
        for (Server s : settings.getServers()) {
            if (s.getUsername() == null) continue;
            servers.add(s.getId(), new AuthenticationBuilder().addUsername(s.getUsername())
                    .addPassword(s.getPassword()).build());
        }
        return new MavenSettings(local, settings.isOffline(), repositories(settings), mirrors, proxies,
                new ConservativeAuthenticationSelector(servers));
    }

    /** Maven Central, then the repositories of the profiles settings.xml activates (activeProfiles, by default). */
    private static List<RemoteRepository> repositories(Settings settings) {
        List<RemoteRepository> all = new ArrayList<>();
        all.add(new RemoteRepository.Builder("central", "default", CENTRAL).build());
        for (Profile profile : settings.getProfiles()) {
            boolean active = settings.getActiveProfiles().contains(profile.getId())
                    || (profile.getActivation() != null && profile.getActivation().isActiveByDefault());
            if (!active) continue;
            for (Repository r : profile.getRepositories()) {
                all.add(new RemoteRepository.Builder(r.getId(), r.getLayout(), r.getUrl()).build());
            }
        }
        return List.copyOf(all);
    }

    private static Path globalSettings() {
        for (String variable : List.of("MAVEN_HOME", "M2_HOME")) {
            String home = System.getenv(variable);
            if (home != null && !home.isBlank()) return Path.of(home, "conf", "settings.xml");
        }
        String mavenHome = System.getProperty("maven.home");
        return mavenHome == null ? null : Path.of(mavenHome, "conf", "settings.xml");
    }
}

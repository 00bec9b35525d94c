package io.kvbench.workflows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The part of GitHub's REST API that the workflows call, on loopback, for running them offline: a workflow run's
 * creation time (the nightly's night), a run's artifacts (the comment workflow downloads the A/B table of another
 * run), pull-request comments (listed, created, updated) and pull requests (opened by create-pull-request). It is a
 * stand-in only for GitHub itself, never for kvbench: it answers from what the test set up and from act's artifact
 * server directory, and records every request so that a test can assert what the workflow asked for.
 */
final class GitHubStandIn implements AutoCloseable {

    /** One request as it arrived. */
    record Request(String method, String path, String query, JsonNode body) {

        @Override
        public String toString() {
            return method + " " + path + (query == null ? "" : "?" + query);
        }
    }

    /** A comment on an issue or pull request, as the stand-in keeps it. */
    record Comment(long id, int issue, String body, boolean updated) {}

    /** A pull request opened through the API. */
    record PullRequest(int number, String title, String head, String base, String body, List<String> labels) {}

    /** A release created through the API, with the assets uploaded to it (by name, in upload order). */
    record Release(long id, String tag, String name, String body, boolean prerelease, Map<String, byte[]> assets) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern RUN = Pattern.compile("/repos/([^/]+/[^/]+)/actions/runs/(\\d+)");
    private static final Pattern RUN_ARTIFACTS = Pattern.compile("/repos/[^/]+/[^/]+/actions/runs/(\\d+)/artifacts");
    private static final Pattern ARTIFACT_ZIP = Pattern.compile("/repos/[^/]+/[^/]+/actions/artifacts/(\\d+)/zip");
    private static final Pattern BLOB = Pattern.compile("/blob/(\\d+)/([^/]+)");
    private static final Pattern ISSUE_COMMENTS = Pattern.compile("/repos/[^/]+/[^/]+/issues/(\\d+)/comments");
    private static final Pattern COMMENT = Pattern.compile("/repos/[^/]+/[^/]+/issues/comments/(\\d+)");
    private static final Pattern LABELS = Pattern.compile("/repos/[^/]+/[^/]+/issues/(\\d+)/labels");
    private static final Pattern PULLS = Pattern.compile("/repos/[^/]+/[^/]+/pulls");
    private static final Pattern REPO = Pattern.compile("/repos/([^/]+)/([^/]+)");
    private static final Pattern RELEASES = Pattern.compile("/repos/([^/]+/[^/]+)/releases");
    private static final Pattern RELEASE_ASSETS = Pattern.compile("/repos/([^/]+/[^/]+)/releases/(\\d+)/assets");
    private static final Pattern RELEASE_BY_TAG = Pattern.compile("/repos/([^/]+/[^/]+)/releases/tags/([^/]+)");
    private static final Pattern ASSET_DOWNLOAD = Pattern.compile("/download/(\\d+)/([^/]+)");

    private final HttpServer server;
    private final HttpsServer https;
    private final Path certificate;
    private final Path artifactDir;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<Long, Instant> runCreated = new ConcurrentHashMap<>();
    private final Map<Long, Comment> comments = new ConcurrentHashMap<>();
    private final List<PullRequest> pulls = new CopyOnWriteArrayList<>();
    private final Map<Long, Release> releases = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1000);

    /**
     * Serves on two free loopback ports: plain HTTP for {@code GITHUB_API_URL}, and HTTPS for create-pull-request,
     * which always calls {@code https://<host of the origin remote>/api/v3} (its certificate, made with keytool into
     * {@code tlsDir}, is {@link #certificate()} for {@code NODE_EXTRA_CA_CERTS}). Artifacts come from act's artifact
     * server directory.
     */
    GitHubStandIn(Path artifactDir, Path tlsDir) throws IOException, InterruptedException, GeneralSecurityException {
        this.artifactDir = artifactDir;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/", this::handle);
        server.start();
        certificate = tlsDir.resolve("stand-in.pem");
        https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        https.setHttpsConfigurator(new HttpsConfigurator(tls(tlsDir)));
        https.createContext("/", this::handle);
        https.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The HTTPS host the repository's origin remote names, so that create-pull-request finds this API there. */
    String httpsHost() {
        return "127.0.0.1:" + https.getAddress().getPort();
    }

    Path certificate() {
        return certificate;
    }

    /** A self-signed key for 127.0.0.1 made with the JDK's keytool, and its certificate as PEM for Node. */
    private SSLContext tls(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
        Files.createDirectories(dir);
        Path store = dir.resolve("stand-in.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        String password = "stand-in";
        ActHarness.command(keytool, "-genkeypair", "-alias", "stand-in", "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "2", "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1,dns:localhost",
                "-keystore", store.toString(), "-storetype", "PKCS12", "-storepass", password, "-keypass", password);
        ActHarness.command(keytool, "-exportcert", "-rfc", "-alias", "stand-in", "-keystore", store.toString(),
                "-storepass", password, "-file", certificate.toString());
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, password.toCharArray());
        }
        KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, password.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers.getKeyManagers(), null, null);
        return context;
    }

    /** The creation time that {@code GET /repos/O/R/actions/runs/ID} answers for this run. */
    void runCreatedAt(long runId, Instant time) {
        runCreated.put(runId, time);
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    List<Comment> comments(int issue) {
        return comments.values().stream().filter(c -> c.issue() == issue).sorted((a, b) -> Long.compare(a.id(), b.id()))
                .toList();
    }

    List<PullRequest> pullRequests() {
        return List.copyOf(pulls);
    }

    List<Release> releases() {
        return releases.values().stream().sorted((a, b) -> Long.compare(a.id(), b.id())).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath().replaceFirst("^/api/v3", "");
            byte[] raw = exchange.getRequestBody().readAllBytes();
            // Release assets arrive as raw bytes; everything else the workflows send is JSON.
            boolean upload = RELEASE_ASSETS.matcher(path).matches();
            JsonNode body = raw.length == 0 || upload ? null : JSON.readTree(raw);
            requests.add(new Request(method, path, exchange.getRequestURI().getRawQuery(), body));
            Answer answer = upload && method.equals("POST")
                    ? uploadAsset(path, queryParameter(exchange.getRequestURI().getQuery(), "name"), raw)
                    : answer(method, path, exchange.getRequestURI().getQuery(), body);
            if (answer.location() != null) exchange.getResponseHeaders().add("Location", answer.location());
            exchange.getResponseHeaders().add("Content-Type", answer.contentType());
            exchange.sendResponseHeaders(answer.status(), answer.bytes().length == 0 ? -1 : answer.bytes().length);
            if (answer.bytes().length > 0) exchange.getResponseBody().write(answer.bytes());
        }
    }

    private record Answer(int status, byte[] bytes, String contentType, String location) {

        static Answer json(int status, Object value) {
            try {
                return new Answer(status, JSON.writeValueAsBytes(value), "application/json", null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private Answer answer(String method, String path, String query, JsonNode body) throws IOException {
        Matcher m;
        if (method.equals("GET") && (m = RUN_ARTIFACTS.matcher(path)).matches()) {
            return runArtifacts(Long.parseLong(m.group(1)), queryParameter(query, "name"));
        }
        if (method.equals("GET")
                && (m = ARTIFACT_ZIP.matcher(path)).matches()) return artifactRedirect(Long.parseLong(m.group(1)));
        if (method.equals("GET") && (m = BLOB.matcher(path)).matches()) {
            Path zip = artifactDir.resolve(m.group(1)).resolve(m.group(2)).resolve(m.group(2) + ".zip");
            return Files.isRegularFile(zip)
                    ? new Answer(200, Files.readAllBytes(zip), "application/zip", null) : notFound();
        }
        if (method.equals("GET") && (m = RUN.matcher(path)).matches()) {
            long id = Long.parseLong(m.group(2));
            ObjectNode run = JSON.createObjectNode().put("id", id)
                    .put("created_at", runCreated.getOrDefault(id, Instant.now()).toString());
            return Answer.json(200, run);
        }
        if ((m = ISSUE_COMMENTS.matcher(path)).matches()) {
            int issue = Integer.parseInt(m.group(1));
            if (method.equals("GET")) return Answer.json(200, comments(issue).stream().map(this::commentJson).toList());
            if (method.equals("POST")) {
                Comment created = new Comment(ids.incrementAndGet(), issue, body.path("body").asText(), false);
                comments.put(created.id(), created);
                return Answer.json(201, commentJson(created));
            }
        }
        if (method.equals("PATCH") && (m = COMMENT.matcher(path)).matches()) {
            Comment old = comments.get(Long.parseLong(m.group(1)));
            if (old == null) return notFound();
            Comment updated = new Comment(old.id(), old.issue(), body.path("body").asText(), true);
            comments.put(updated.id(), updated);
            return Answer.json(200, commentJson(updated));
        }
        if ((m = LABELS.matcher(path)).matches()) return labels(Integer.parseInt(m.group(1)), body);
        if (method.equals("POST") && (m = RELEASES.matcher(path)).matches()) return createRelease(m.group(1), body);
        if (method.equals("GET") && (m = RELEASE_BY_TAG.matcher(path)).matches()) {
            String repository = m.group(1);
            String tag = m.group(2);
            return releases().stream().filter(r -> r.tag().equals(tag)).findFirst()
                    .map(r -> Answer.json(200, releaseJson(repository, r))).orElseGet(GitHubStandIn::notFound);
        }
        if (method.equals("GET") && (m = ASSET_DOWNLOAD.matcher(path)).matches()) {
            Release r = releases.get(Long.parseLong(m.group(1)));
            byte[] asset = r == null ? null : r.assets().get(m.group(2));
            return asset == null ? notFound() : new Answer(200, asset, "application/octet-stream", null);
        }
        if (PULLS.matcher(path).matches()) return pulls(method, body);
        if (method.equals("GET") && (m = REPO.matcher(path)).matches()) {
            return Answer.json(200, JSON.createObjectNode().put("full_name", m.group(1) + "/" + m.group(2))
                    .put("default_branch", "main").put("fork", false));
        }
        return notFound();
    }

    /** A run's artifacts, those named {@code name} only when it is given (as GitHub's {@code ?name=} filter). */
    private Answer runArtifacts(long runId, String name) throws IOException {
        ArrayNode list = JSON.createArrayNode();
        Path run = artifactDir.resolve(Long.toString(runId));
        if (Files.isDirectory(run)) {
            try (Stream<Path> names = Files.list(run)) {
                for (Path dir : names.sorted().toList()) {
                    Path zip = dir.resolve(dir.getFileName() + ".zip");
                    if (!Files.isRegularFile(zip)
                            || (name != null && !name.equals(dir.getFileName().toString()))) continue;
                    list.addObject().put("id", artifactId(runId, dir.getFileName().toString()))
                            .put("name", dir.getFileName().toString()).put("size_in_bytes", Files.size(zip))
                            .put("created_at", Files.getLastModifiedTime(zip).toInstant().toString())
                            .put("expired", false);
                }
            }
        }
        return Answer.json(200, JSON.createObjectNode().put("total_count", list.size()).set("artifacts", list));
    }

    /** Artifact ids encode the run and the name's position, so that a download finds the zip again. */
    private final Map<Long, String> artifactsById = new ConcurrentHashMap<>();

    private long artifactId(long runId, String name) {
        long id = runId * 1000 + Math.floorMod(name.hashCode(), 1000);
        artifactsById.put(id, runId + "/" + name);
        return id;
    }

    private Answer artifactRedirect(long id) {
        String where = artifactsById.get(id);
        if (where == null) return notFound();
        return new Answer(302, new byte[0], "text/plain", url() + "/blob/" + where);
    }

    private Answer labels(int issue, JsonNode body) {
        for (int i = 0; i < pulls.size(); i++) {
            PullRequest pr = pulls.get(i);
            if (pr.number() != issue) continue;
            List<String> labels = new ArrayList<>(pr.labels());
            if (body != null) body.path("labels").forEach(l -> labels.add(l.asText()));
            pulls.set(i, new PullRequest(pr.number(), pr.title(), pr.head(), pr.base(), pr.body(),
                    List.copyOf(labels)));
        }
        ArrayNode out = JSON.createArrayNode();
        if (body != null) body.path("labels").forEach(l -> out.addObject().put("name", l.asText()));
        return Answer.json(200, out);
    }

    private Answer pulls(String method, JsonNode body) {
        if (method.equals("GET")) return Answer.json(200, JSON.createArrayNode());
        int number = (int) ids.incrementAndGet();
        PullRequest pr = new PullRequest(number, body.path("title").asText(), body.path("head").asText(),
                body.path("base").asText(), body.path("body").asText(), List.of());
        pulls.add(pr);
        ObjectNode json = JSON.createObjectNode().put("number", number).put("id", number).put("node_id", "PR_" + number)
                .put("html_url", "https://github.invalid/pull/" + number).put("created_at", Instant.now().toString());
        json.putObject("head").put("sha", "0".repeat(40));
        return Answer.json(201, json);
    }

    private Answer createRelease(String repository, JsonNode body) {
        long id = ids.incrementAndGet();
        Release release = new Release(id, body.path("tag_name").asText(), body.path("name").asText(),
                body.path("body").asText(), body.path("prerelease").asBoolean(), new ConcurrentHashMap<>());
        releases.put(id, release);
        return Answer.json(201, releaseJson(repository, release));
    }

    /** Stores an asset as GitHub's upload host does ({@code POST <upload_url>?name=NAME}, the bytes as the body). */
    private Answer uploadAsset(String path, String name, byte[] bytes) {
        Matcher m = RELEASE_ASSETS.matcher(path);
        Release release = m.matches() ? releases.get(Long.parseLong(m.group(2))) : null;
        if (release == null || name == null) return notFound();
        Map<String, byte[]> assets = new LinkedHashMap<>(release.assets());
        assets.put(name, bytes);
        releases.put(release.id(), new Release(release.id(), release.tag(), release.name(), release.body(),
                release.prerelease(), Collections.unmodifiableMap(assets)));
        return Answer.json(201, JSON.createObjectNode().put("name", name).put("size", bytes.length)
                .put("browser_download_url", url() + "/download/" + release.id() + "/" + name));
    }

    private ObjectNode releaseJson(String repository, Release r) {
        ObjectNode json = JSON.createObjectNode().put("id", r.id()).put("tag_name", r.tag()).put("name", r.name())
                .put("body", r.body()).put("prerelease", r.prerelease())
                .put("html_url", "https://github.invalid/" + repository + "/releases/tag/" + r.tag())
                .put("upload_url", url() + "/repos/" + repository + "/releases/" + r.id() + "/assets{?name,label}");
        ArrayNode assets = json.putArray("assets");
        r.assets().forEach((name, bytes) -> assets.addObject().put("name", name).put("size", bytes.length)
                .put("browser_download_url", url() + "/download/" + r.id() + "/" + name));
        return json;
    }

    private ObjectNode commentJson(Comment c) {
        ObjectNode json = JSON.createObjectNode().put("id", c.id()).put("body", c.body())
                .put("html_url", "https://github.invalid/comment/" + c.id());
        json.putObject("user").put("login", "github-actions[bot]").put("type", "Bot");
        return json;
    }

    private static String queryParameter(String query, String key) {
        if (query == null) return null;
        for (String pair : query.split("&")) if (pair.startsWith(key + "=")) return pair.substring(key.length() + 1);
        return null;
    }

    private static Answer notFound() {
        return Answer.json(404, JSON.createObjectNode().put("message", "Not Found (kvbench's GitHub stand-in)"));
    }

    @Override
    public void close() {
        server.stop(0);
        https.stop(0);
    }
}

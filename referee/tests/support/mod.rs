//! Test harness: real `redis-server` processes and the real `referee serve` binary on free
//! loopback ports, and a gRPC client. Everything is killed when dropped, and dies with the
//! test even when the test binary is killed ([`owned`]); every wait has a deadline and a
//! process that exits or does not come up fails the test with its log ([`wait_for`]).
#![allow(dead_code)]

use referee_proto::v1 as pb;
use referee_proto::v1::referee_client::RefereeClient;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tonic::transport::Channel;

pub type Client = RefereeClient<Channel>;

/// The `referee` binary: Cargo names it for the referee crate's own tests and benches; other
/// crates' tests find it beside their own executable, building it first if needed.
pub fn referee_bin() -> PathBuf {
    if let Some(path) = option_env!("CARGO_BIN_EXE_referee") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(Path::parent).unwrap().to_path_buf();
    let bin = profile_dir.join("referee");
    if !bin.is_file() {
        // A benchmark runs in `release`: build the referee there too.
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let profile: &[&str] = if release { &["--release"] } else { &[] };
        let status = Command::new(env!("CARGO"))
            .args(["build", "-p", "referee", "--bin", "referee"])
            .args(profile)
            .status()
            .unwrap();
        assert!(status.success(), "building the referee for this test failed");
    }
    bin
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn wait_until(what: &str, timeout: Duration, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < timeout, "{what} did not come up within {timeout:?}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// `command` made to die with its test: the kernel sends it SIGKILL when the thread that
/// started it ends — the test returned, panicked, or the test binary was killed (even by
/// SIGKILL) — so no Redis or referee outlives the test that started it. Start processes from
/// the test's own thread (not a pool's), which lives exactly as long as the test.
pub fn owned(command: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: between fork and exec the closure calls only prctl and getppid, both
    // async-signal-safe, and allocates nothing.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // The test died before the signal was set: do not start at all.
            if libc::getppid() != parent {
                return Err(std::io::Error::other("the test that started this process is gone"));
            }
            Ok(())
        })
    }
}

/// Starts `command` as [`owned`], its output in `log`, and waits at most 20 s until it listens
/// on `port` at 127.0.0.1: a process that exits first (a port taken meanwhile) fails the test
/// with its own words.
pub fn start_listening(what: &str, command: &mut Command, log: &Path, port: u16) -> Child {
    try_start_listening(what, command, log, port).unwrap_or_else(|e| panic!("{e}"))
}

/// [`start_listening`], saying why it did not come up instead of failing the test.
fn try_start_listening(what: &str, command: &mut Command, log: &Path, port: u16) -> Result<Child, String> {
    let mut child = owned(command.stdout(Stdio::null()).stderr(std::fs::File::create(log).unwrap())).spawn().unwrap();
    try_wait_for(what, &mut child, log, Duration::from_secs(20), || TcpStream::connect(("127.0.0.1", port)).is_ok())?;
    Ok(child)
}

/// [`start_listening`] on ports `choose` picks (the one it listens on given by `listens`),
/// picked again, at most five times, when the process finds one taken meanwhile: a free port
/// is free only when it is picked, and other tests pick at the same time.
pub fn start_on_free_ports<P: Copy>(
    what: &str,
    log: &Path,
    choose: impl Fn() -> P,
    listens: impl Fn(P) -> u16,
    mut command: impl FnMut(P) -> Command,
) -> (Child, P) {
    for attempt in 1.. {
        let ports = choose();
        match try_start_listening(what, &mut command(ports), log, listens(ports)) {
            Ok(child) => return (child, ports),
            Err(e) if attempt < 5 && e.contains("address is in use") => continue,
            Err(e) => panic!("{e}"),
        }
    }
    unreachable!("the loop returns or fails the test")
}

/// Waits until `ready`, at most `timeout`; fails the test with `log`'s text if `child` exits
/// first or the time runs out.
pub fn wait_for(what: &str, child: &mut Child, log: &Path, timeout: Duration, ready: impl FnMut() -> bool) {
    try_wait_for(what, child, log, timeout, ready).unwrap_or_else(|e| panic!("{e}"))
}

/// [`wait_for`], saying why instead of failing the test (the process is stopped then).
fn try_wait_for(
    what: &str,
    child: &mut Child,
    log: &Path,
    timeout: Duration,
    mut ready: impl FnMut() -> bool,
) -> Result<(), String> {
    let start = Instant::now();
    let text = || std::fs::read_to_string(log).unwrap_or_default();
    while !ready() {
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("{what} exited at start ({status}); its log:\n{}", text()));
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            return Err(format!("{what} did not come up within {timeout:?}; its log:\n{}", text()));
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    Ok(())
}

/// Sends one inline command to a Redis and returns the raw reply.
pub fn redis_command(port: u16, command: &str) -> Option<String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    stream.write_all(format!("{command}\r\n").as_bytes()).ok()?;
    let mut buf = [0u8; 65536];
    let n = stream.read(&mut buf).ok()?;
    Some(String::from_utf8_lossy(&buf[..n]).to_string())
}

/// How often Redis has run each command so far (`INFO commandstats`): its name as Redis gives it
/// (lower case; `client|setname` for a subcommand) and its calls.
pub fn command_calls(port: u16) -> Vec<(String, u64)> {
    let stats = redis_command(port, "INFO commandstats").unwrap();
    stats
        .lines()
        .filter_map(|line| line.strip_prefix("cmdstat_")?.split_once(":calls="))
        .map(|(name, rest)| (name.to_string(), rest.split(',').next().unwrap().parse().unwrap()))
        .collect()
}

/// A real redis-server with the persistence the referee documents: AOF, fsync on every write.
pub struct Redis {
    child: Option<Child>,
    pub port: u16,
    dir: tempfile::TempDir,
    extra: Vec<String>,
}

impl Redis {
    pub fn start() -> Redis {
        Redis::start_with(&[])
    }

    pub fn start_with(extra: &[&str]) -> Redis {
        let mut redis = Redis {
            child: None,
            port: free_port(),
            dir: tempfile::tempdir().unwrap(),
            extra: extra.iter().map(|s| s.to_string()).collect(),
        };
        redis.spawn();
        redis
    }

    fn spawn(&mut self) {
        let log = self.dir.path().join("redis.log");
        let out = std::fs::OpenOptions::new().create(true).append(true).open(&log).unwrap();
        let mut child = owned(
            Command::new("redis-server")
                .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes"])
                .args(["--appendfsync", "always", "--dir"])
                .arg(self.dir.path())
                .args(&self.extra)
                .stdout(out.try_clone().unwrap())
                .stderr(out),
        )
        .spawn()
        .expect("redis-server is installed (apt-get install redis-server)");
        let port = self.port;
        wait_for("redis-server", &mut child, &log, Duration::from_secs(10), || {
            redis_command(port, "PING").is_some_and(|r| r.starts_with("+PONG"))
        });
        self.child = Some(child);
    }

    /// The server's process id (for its CPU time and memory, read from /proc).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Kills the server without warning (SIGKILL) and starts it again on the same files.
    pub fn crash_and_restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// Kills the server without warning (SIGKILL); `restart` brings it back on the same files.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    pub fn restart(&mut self) {
        self.spawn();
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Three masters forming a Redis Cluster on loopback.
pub struct RedisCluster {
    pub nodes: Vec<Redis>,
}

impl RedisCluster {
    pub fn start() -> RedisCluster {
        let nodes: Vec<Redis> = (0..3)
            .map(|_| Redis::start_with(&["--cluster-enabled", "yes", "--cluster-node-timeout", "5000"]))
            .collect();
        let addresses: Vec<String> = nodes.iter().map(|n| format!("127.0.0.1:{}", n.port)).collect();
        let status = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addresses)
            .args(["--cluster-replicas", "0", "--cluster-yes"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("redis-cli is installed");
        assert!(status.success(), "redis-cli --cluster create failed");
        for node in &nodes {
            let port = node.port;
            wait_until("the cluster", Duration::from_secs(20), || {
                redis_command(port, "CLUSTER INFO").is_some_and(|r| r.contains("cluster_state:ok"))
            });
        }
        RedisCluster { nodes }
    }

    pub fn url(&self) -> String {
        self.nodes.iter().map(Redis::url).collect::<Vec<_>>().join(",")
    }
}

/// The real `referee serve` binary.
pub struct Referee {
    child: Option<Child>,
    pub port: u16,
    pub metrics_port: u16,
    pub log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Referee {
    pub fn start(redis_url: &str) -> Referee {
        Referee::start_with(redis_url, &[])
    }

    pub fn start_with(redis_url: &str, env: &[(&str, &str)]) -> Referee {
        Referee::start_binary(&referee_bin(), redis_url, env)
    }

    /// [`Referee::start_with`] from another build of the referee (a benchmark's baseline).
    pub fn start_binary(bin: &Path, redis_url: &str, env: &[(&str, &str)]) -> Referee {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("referee.log");
        let (child, (port, metrics_port)) = start_on_free_ports(
            "referee serve",
            &log,
            || (free_port(), free_port()),
            |(port, _)| port,
            |(port, metrics_port)| {
                let mut command = Command::new(bin);
                command
                    .arg("serve")
                    .env("REFEREE_ADDR", format!("127.0.0.1:{port}"))
                    .env("REFEREE_METRICS_ADDR", format!("127.0.0.1:{metrics_port}"))
                    .env("REDIS_URL", redis_url)
                    .env("RUST_LOG", "debug,h2=info,tower=info,hyper=info,redis=info")
                    .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
                    .envs(env.iter().copied());
                command
            },
        );
        Referee { child: Some(child), port, metrics_port, log, _dir: dir }
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub async fn client(&self) -> Client {
        RefereeClient::connect(self.endpoint()).await.unwrap()
    }

    /// SIGKILL: no chance to finish anything.
    /// The referee's process id (for its memory, read from /proc).
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    pub fn kill9(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }

    /// SIGTERM, then wait for a clean exit.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let mut child = self.child.take().unwrap();
        Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
        child.wait().unwrap()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    pub fn metrics(&self) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", self.metrics_port)).unwrap();
        stream.write_all(b"GET /metrics HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
        let mut out = String::new();
        stream.read_to_string(&mut out).unwrap();
        out
    }
}

impl Drop for Referee {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// The value of `series` (a metric's name with its labels, as written: `name{label="v"}`) in
/// Prometheus text `metrics`; 0 when absent.
pub fn metric(metrics: &str, series: &str) -> f64 {
    let prefix = format!("{series} ");
    metrics.lines().find_map(|l| l.strip_prefix(&prefix)?.trim().parse().ok()).unwrap_or(0.0)
}

pub fn authed<T>(message: T, token: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

/// The legal actions a view lists, without the courtesies (resign, draw offers, takebacks).
pub fn legal_moves(view: &pb::GameView) -> Vec<String> {
    view_json(view)["legal_actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .filter(|m| rules::game::Courtesy::parse(m).is_none())
        .collect()
}

pub fn view_json(view: &pb::GameView) -> serde_json::Value {
    referee_proto::structs::to_json(view.view.as_ref().expect("a view"))
}

/// The view as JSON text, to search for things that must not be in it.
pub fn view_text(view: &pb::GameView) -> String {
    view_json(view).to_string()
}

/// The audit record as JSON text, as `referee verify` reads it.
pub fn audit_text(audit: &pb::AuditRecord) -> String {
    referee_proto::structs::to_json(audit.audit.as_ref().expect("an audit record")).to_string()
}

/// A created game with every seat joined.
pub struct Table {
    pub game_id: String,
    pub host_token: String,
    pub commitment: String,
    pub tokens: Vec<String>,
    pub view: pb::GameView,
}

pub async fn create(client: &mut Client, rules: &str, options: &str) -> pb::CreateGameResponse {
    try_create(client, rules, options).await.unwrap()
}

/// [`create`], answering a refusal instead of failing.
pub async fn try_create(
    client: &mut Client,
    rules: &str,
    options: &str,
) -> Result<pb::CreateGameResponse, tonic::Status> {
    try_create_for(client, rules, options, None).await
}

/// [`try_create`] for a host at `address`, which a caller on loopback may name as a gateway
/// names its client's (`x-client-address`): the referee counts new games by it.
pub async fn try_create_for(
    client: &mut Client,
    rules: &str,
    options: &str,
    address: Option<&str>,
) -> Result<pb::CreateGameResponse, tonic::Status> {
    let mut request = tonic::Request::new(pb::CreateGameRequest {
        rules: rules.into(),
        options: (!options.is_empty())
            .then(|| referee_proto::structs::from_json(&serde_json::from_str(options).unwrap()).unwrap()),
        ..Default::default()
    });
    if let Some(address) = address {
        request.metadata_mut().insert("x-client-address", address.parse().unwrap());
    }
    client.create_game(request).await.map(|r| r.into_inner())
}

pub async fn seat_everyone(client: &mut Client, rules: &str, options: &str) -> Table {
    seat_everyone_for(client, rules, options, None).await
}

/// [`seat_everyone`] in a game made for a host at `address` ([`try_create_for`]).
pub async fn seat_everyone_for(client: &mut Client, rules: &str, options: &str, address: Option<&str>) -> Table {
    let created = try_create_for(client, rules, options, address).await.unwrap();
    let mut tokens = Vec::new();
    let mut view = None;
    for seat in &created.seats {
        let joined = client
            .join_game(pb::JoinGameRequest {
                game_id: created.game_id.clone(),
                join_code: seat.join_code.clone(),
                entropy: format!("entropy of seat {}", seat.seat).into_bytes(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(joined.seat, seat.seat);
        tokens.push(joined.token);
        view = joined.view;
    }
    Table {
        game_id: created.game_id,
        host_token: created.host_token,
        commitment: created.commitment,
        tokens,
        view: view.unwrap(),
    }
}

pub async fn submit(
    client: &mut Client,
    table: &Table,
    seat: usize,
    action: &str,
    seq: u64,
    key: &str,
) -> Result<pb::SubmitActionResponse, tonic::Status> {
    client
        .submit_action(authed(
            pb::SubmitActionRequest {
                game_id: table.game_id.clone(),
                action: action.into(),
                expected_seq: seq,
                idempotency_key: key.into(),
                ..Default::default()
            },
            &table.tokens[seat],
        ))
        .await
        .map(|r| r.into_inner())
}

pub async fn get_view(client: &mut Client, game_id: &str, token: Option<&str>) -> Result<pb::GameView, tonic::Status> {
    let request = pb::GetViewRequest { game_id: game_id.into() };
    let request = match token {
        Some(t) => authed(request, t),
        None => tonic::Request::new(request),
    };
    client.get_view(request).await.map(|r| r.into_inner())
}

/// The refusal's reason from its `google.rpc.ErrorInfo`, as the REST API writes it (`stale`).
pub fn error_code(status: &tonic::Status) -> String {
    use tonic_types::StatusExt;
    let info = status.get_details_error_info().expect("every refusal carries an ErrorInfo");
    assert_eq!(info.domain, "referee.v1");
    assert!(pb::ErrorReason::from_str_name(&info.reason).is_some(), "{} is one of the proto's reasons", info.reason);
    info.reason.to_ascii_lowercase()
}

/// The `current_seq` a stale refusal reports in its `ErrorInfo`.
pub fn current_seq(status: &tonic::Status) -> Option<u64> {
    use tonic_types::StatusExt;
    status.get_details_error_info()?.metadata.get("current_seq")?.parse().ok()
}

/// Runs `referee verify` on an audit record; returns (exit code, output).
pub fn verify(audit_json: &str) -> (i32, String) {
    verify_args(audit_json, &[])
}

/// Runs `referee verify` with more arguments (`--checkpoint SEQ:HEX`).
pub fn verify_args(audit_json: &str, args: &[&str]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("audit.json");
    std::fs::write(&path, audit_json).unwrap();
    let out = Command::new(referee_bin()).arg("verify").arg(&path).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).to_string())
}

/// The `p` quantile (0 to 1) of sorted durations; zero when there are none. For the benchmarks.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// CPU seconds a process has used so far (`self` for this process): the sum of its threads'
/// run time in nanoseconds (`/proc/<pid>/task/*/schedstat`), since `/proc/<pid>/stat` counts
/// in ticks of 10 ms, too coarse for a few moves. Threads that have ended are not counted, so
/// compare readings over a stretch in which the process keeps its threads (a server under
/// load does); where schedstat is missing, the ticks.
pub fn process_cpu_seconds(pid: &str) -> f64 {
    let threads = std::fs::read_dir(format!("/proc/{pid}/task")).into_iter().flatten().flatten();
    let nanos: u64 = threads
        .filter_map(|t| {
            let stat = std::fs::read_to_string(t.path().join("schedstat")).ok()?;
            stat.split_whitespace().next()?.parse::<u64>().ok()
        })
        .sum();
    if nanos > 0 {
        return nanos as f64 / 1e9;
    }
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's name (in parentheses): utime and stime are the 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(") ").map_or("", |(_, rest)| rest).split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// A process's resident memory now and at its peak (`VmRSS`, `VmHWM`), in MiB.
pub fn process_memory_mib(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| -> f64 {
        let kib: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0.0);
        kib / 1024.0
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// A duration in milliseconds.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Calls per second of `call` with `concurrency` workers for `duration`.
pub async fn throughput<F, Fut>(concurrency: usize, duration: Duration, call: F) -> f64
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let call = std::sync::Arc::new(call);
    let start = Instant::now();
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            let call = call.clone();
            tokio::spawn(async move {
                let mut n = 0u64;
                while start.elapsed() < duration {
                    call().await;
                    n += 1;
                }
                n
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await.unwrap();
    }
    total as f64 / start.elapsed().as_secs_f64()
}

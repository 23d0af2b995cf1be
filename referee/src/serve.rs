//! `referee serve`: the gRPC server, with health, reflection, metrics and graceful shutdown.

use crate::service::RefereeService;
use crate::store::Store;
use crate::tables::{Retention, Settings, Tables};
use crate::telemetry;
use crate::tokens::ServerKey;
use crate::watching::WatchLimits;
use referee_proto::v1::referee_server::RefereeServer;
use std::net::SocketAddr;
use std::time::Duration;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;

/// Settings from the environment, with defaults that work on one machine.
pub struct Config {
    /// `REFEREE_ADDR`, default `127.0.0.1:50051`.
    pub addr: SocketAddr,
    /// `REDIS_URL`, default `redis://127.0.0.1:6379`; several comma-separated URLs (or
    /// `redis+cluster://...`) mean a Redis Cluster.
    pub redis_url: String,
    /// `REFEREE_METRICS_ADDR`, default `127.0.0.1:9464`; `off` disables.
    pub metrics_addr: Option<SocketAddr>,
    /// `REDIS_WAIT_REPLICAS`, default 0: replicas that must acknowledge each event.
    pub wait_replicas: u32,
    /// How games are run:
    /// - `REFEREE_SECRET`: the referee's own secret, the same for every replica and never in
    ///   Redis (it keys join-code hashes and retried joins' tokens); at least 16 characters.
    ///   Unset: a public development key, with a warning at start.
    /// - `REFEREE_SNAPSHOT_EVERY`, default 16 events.
    /// - `REFEREE_KEEP_WAITING`, `REFEREE_KEEP_PLAYING`, `REFEREE_KEEP_FINISHED`: seconds a game
    ///   is kept after its last change (defaults one day, thirty days, thirty days).
    /// - `REFEREE_MAX_EVENTS` (default 5000), `REFEREE_CREATES_PER_ADDRESS` (default 60 per ten
    ///   minutes), `REFEREE_ABANDONED_AFTER` (seconds without an event before a game in play is
    ///   closed and its record released; default seven days).
    /// - `REFEREE_WARM_GAMES` (default 4096; 0: none): games kept as this referee's last move
    ///   left them, to judge the next move there without a load (`warm.rs`).
    /// - `REFEREE_FINISHED_GAMES` (default 1024; 0: none) and `REFEREE_FINISHED_AUDIT_BYTES`
    ///   (default 32 MiB): finished games and their audit records kept ready (`finished.rs`).
    pub settings: Settings,
    /// `REFEREE_MAX_WATCHERS` (default 20000) live streams and `REFEREE_MAX_FOLLOWED_GAMES`
    /// (default 2000) games followed at once (one Redis connection each), per process.
    pub watch_limits: WatchLimits,
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string())
}

/// A positive whole number from the environment.
fn positive(name: &str, default: u64) -> Result<u64, String> {
    match env_or(name, &default.to_string()).parse::<u64>() {
        Ok(0) => Err(format!("{name}: must be at least 1")),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// A whole number from the environment (0 allowed).
fn whole(name: &str, default: u64) -> Result<u64, String> {
    env_or(name, &default.to_string()).parse::<u64>().map_err(|e| format!("{name}: {e}"))
}

fn server_key() -> Result<ServerKey, String> {
    match std::env::var("REFEREE_SECRET").ok().filter(|s| !s.is_empty()) {
        Some(secret) if secret.len() >= 16 => Ok(ServerKey::from_secret(&secret)),
        Some(_) => Err("REFEREE_SECRET must be at least 16 characters".into()),
        None => Ok(ServerKey::development()),
    }
}

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let addr = env_or("REFEREE_ADDR", "127.0.0.1:50051");
        let metrics = env_or("REFEREE_METRICS_ADDR", "127.0.0.1:9464");
        let d = Settings::new(ServerKey::development());
        let settings = Settings {
            snapshot_every: positive("REFEREE_SNAPSHOT_EVERY", d.snapshot_every)?,
            key: server_key()?,
            retention: Retention {
                waiting_seconds: positive("REFEREE_KEEP_WAITING", d.retention.waiting_seconds)?,
                playing_seconds: positive("REFEREE_KEEP_PLAYING", d.retention.playing_seconds)?,
                finished_seconds: positive("REFEREE_KEEP_FINISHED", d.retention.finished_seconds)?,
            },
            max_events: positive("REFEREE_MAX_EVENTS", d.max_events)?,
            creates_per_address: positive("REFEREE_CREATES_PER_ADDRESS", d.creates_per_address)?,
            abandoned_after_seconds: positive("REFEREE_ABANDONED_AFTER", d.abandoned_after_seconds)?,
            join_failures_per_address: positive("REFEREE_JOIN_FAILURES_PER_ADDRESS", d.join_failures_per_address)?,
            join_failures_per_game: positive("REFEREE_JOIN_FAILURES_PER_GAME", d.join_failures_per_game)?,
            max_game_bytes: positive("REFEREE_MAX_GAME_BYTES", d.max_game_bytes)?,
            bytes_per_address: positive("REFEREE_BYTES_PER_ADDRESS", d.bytes_per_address)?,
            pars_per_address: positive("REFEREE_PARS_PER_ADDRESS", d.pars_per_address)?,
            reveal_wait_seconds: positive("REFEREE_REVEAL_WAIT", d.reveal_wait_seconds)?,
            warm_games: whole("REFEREE_WARM_GAMES", d.warm_games)?,
            finished_games: whole("REFEREE_FINISHED_GAMES", d.finished_games)?,
            finished_audit_bytes: whole("REFEREE_FINISHED_AUDIT_BYTES", d.finished_audit_bytes)?,
        };
        Ok(Config {
            addr: addr.parse().map_err(|e| format!("REFEREE_ADDR={addr}: {e}"))?,
            redis_url: env_or("REDIS_URL", "redis://127.0.0.1:6379"),
            metrics_addr: if metrics == "off" {
                None
            } else {
                Some(metrics.parse().map_err(|e| format!("REFEREE_METRICS_ADDR={metrics}: {e}"))?)
            },
            wait_replicas: env_or("REDIS_WAIT_REPLICAS", "0")
                .parse()
                .map_err(|e| format!("REDIS_WAIT_REPLICAS: {e}"))?,
            settings,
            watch_limits: WatchLimits {
                watchers: positive("REFEREE_MAX_WATCHERS", WatchLimits::default().watchers as u64)? as usize,
                games: positive("REFEREE_MAX_FOLLOWED_GAMES", WatchLimits::default().games as u64)? as usize,
            },
        })
    }
}

/// Waits for SIGTERM or Ctrl-C, then tells live streams to end so that shutdown completes.
async fn shutdown_signal(stop: tokio::sync::watch::Sender<bool>) {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down: ending live streams, finishing calls in progress");
    let _ = stop.send(true);
}

/// Connects to Redis, retrying for a while so that the referee and Redis may start together.
async fn connect(config: &Config) -> Result<Store, String> {
    let mut delay = Duration::from_millis(100);
    for attempt in 1..=20 {
        match Store::connect(&config.redis_url, config.wait_replicas).await {
            Ok(store) => return Ok(store),
            Err(e) if attempt < 20 => {
                tracing::warn!(%e, attempt, "Redis is not reachable yet");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(2));
            }
            Err(e) => return Err(format!("cannot reach Redis at {}: {e}", config.redis_url)),
        }
    }
    unreachable!()
}

pub async fn serve(config: Config) -> Result<(), String> {
    let _telemetry = telemetry::init("referee");
    // Both addresses are taken before Redis is waited for: a referee that cannot listen says
    // where and why at once.
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| telemetry::cannot_listen(&config.addr.to_string(), "REFEREE_ADDR", &e))?;
    if let Some(addr) = config.metrics_addr {
        // The exporter binds on its own thread and reports a failure without its reason: tried
        // here first, so that a taken address is named in words.
        std::net::TcpListener::bind(addr)
            .map_err(|e| telemetry::cannot_listen(&addr.to_string(), "REFEREE_METRICS_ADDR", &e))?;
        telemetry::install_metrics(addr).map_err(|e| format!("metrics on {addr} (REFEREE_METRICS_ADDR): {e}"))?;
    }
    let store = connect(&config).await?;
    if config.settings.key.is_development() {
        tracing::warn!("REFEREE_SECRET is not set: join codes are hashed with a public development key");
    }
    let tables = Tables::new(store.clone(), config.settings.clone());

    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter.set_serving::<RefereeServer<RefereeService>>().await;
    // Report NOT_SERVING while Redis does not take writes (down, or full under `noeviction`),
    // so load balancers route elsewhere and the gateway's /readyz says so.
    tokio::spawn(async move {
        let mut serving = true;
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let ok = store.writable().await.is_ok();
            if ok != serving {
                serving = ok;
                if ok {
                    health_reporter.set_serving::<RefereeServer<RefereeService>>().await;
                } else {
                    tracing::warn!("Redis stopped taking writes; reporting NOT_SERVING");
                    health_reporter.set_not_serving::<RefereeServer<RefereeService>>().await;
                }
            }
        }
    });

    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(referee_proto::v1::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .map_err(|e| e.to_string())?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(referee_proto::v1::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .map_err(|e| e.to_string())?;

    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    tracing::info!(addr = %bound, redis = %config.redis_url, "referee listening");
    let (stop, stopping) = tokio::sync::watch::channel(false);
    Server::builder()
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(RefereeServer::new(RefereeService::new(tables, stopping, config.watch_limits)))
        // Accepted sockets get TCP_NODELAY here: the builder's setting covers only listeners
        // it binds itself, and without it multi-packet replies wait out delayed ACKs (~40 ms).
        .serve_with_incoming_shutdown(TcpIncoming::from(listener).with_nodelay(Some(true)), shutdown_signal(stop))
        .await
        .map_err(|e| e.to_string())
}

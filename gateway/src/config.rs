//! The gateway's settings, from the environment (see `docs/gateway.md`).

/// What the gateway was told by its environment.
pub struct Config {
    /// Where to listen (`GATEWAY_ADDR`).
    pub addr: String,
    /// How to tell a request's client behind proxies (`GATEWAY_TRUSTED_PROXIES`).
    pub clients: crate::clients::Clients,
    /// The certificate chain and private key to serve HTTPS with, PEM files
    /// (`GATEWAY_TLS_CERT`, `GATEWAY_TLS_KEY`: both or neither; neither: plain HTTP).
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// Whether to draw a QR code of the address to open in the terminal (`GATEWAY_QR=on`, as
    /// `deploy/local/run --table` sets it).
    pub qr: bool,
    /// Where the Prometheus page is served (`GATEWAY_METRICS_ADDR`, default `127.0.0.1:9465`;
    /// `off`: nowhere). Never on the public address.
    pub metrics_addr: Option<String>,
    /// The referee's gRPC endpoint (`REFEREE_URL`).
    pub referee_url: String,
    /// The built app (`PWA_DIR`).
    pub pwa_dir: std::path::PathBuf,
    /// Joins per minute per client address (`GATEWAY_JOINS_PER_MINUTE`).
    pub joins_per_minute: u64,
    /// Actions per second per client address (`GATEWAY_ACTIONS_PER_SECOND`).
    pub actions_per_second: u64,
    /// Reads of a game's record per minute per client address (`GATEWAY_RECORDS_PER_MINUTE`).
    pub records_per_minute: u64,
    /// How long a 429 is held before it is sent, in milliseconds (other refusals: a quarter of
    /// it, `middleware::RefusalDelay`) (`GATEWAY_REFUSAL_DELAY_MS`, default 1000; 0: at once).
    pub refusal_delay_ms: u64,
    /// Whether answers say where their time went, in a `Server-Timing` header: the gateway's
    /// whole, the call to the referee, and the referee's own part where it says it
    /// (`REFEREE_SERVER_TIMING`) (`GATEWAY_SERVER_TIMING`, default off: for an operator looking
    /// for a slow hop, not for players).
    pub server_timing: bool,
    /// Questions "what is par here?" per minute per client address (`GATEWAY_PARS_PER_MINUTE`).
    pub pars_per_minute: u64,
    /// Reads of a game's view, and live streams opened, per minute per client address
    /// (`GATEWAY_VIEWS_PER_MINUTE`).
    pub views_per_minute: u64,
    /// Reads of a finished game's audit record per minute per client address
    /// (`GATEWAY_AUDITS_PER_MINUTE`).
    pub audits_per_minute: u64,
    /// Bytes of finished games' audit records the gateway keeps ready, JSON and gzip together
    /// (`GATEWAY_AUDITS_KEPT_MB`, in MiB, default 32; 0: none kept).
    pub audits_kept_bytes: u64,
    /// Bytes of finished games' views the gateway keeps ready, by game and token
    /// (`GATEWAY_VIEWS_KEPT_MB`, in MiB, default 16; 0: none kept).
    pub views_kept_bytes: u64,
    /// Reveals of committed entropy per minute per client address (`GATEWAY_REVEALS_PER_MINUTE`).
    pub reveals_per_minute: u64,
    /// Stateless questions (adjudicate, legal actions) per second per client address
    /// (`GATEWAY_QUESTIONS_PER_SECOND`).
    pub questions_per_second: u64,
    /// HTTP/2 connections to the referee, used in turn by every call but a game's moves and live
    /// views, which have as many of their own and take the one its id picks
    /// (`GATEWAY_REFEREE_CONNECTIONS`).
    pub referee_connections: usize,
    /// Live streams open at once from one client address (`GATEWAY_STREAMS_PER_ADDRESS`).
    pub streams_per_address: usize,
    /// Live streams open at once on this gateway (`GATEWAY_STREAMS`).
    pub streams: usize,
    /// Seconds between a live stream's keep-alive comments (`GATEWAY_KEEPALIVE_SECONDS`): also
    /// how soon a stream whose client left is noticed and its place given back (two of them).
    pub keepalive_seconds: u64,
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string())
}

impl Config {
    /// The settings, or which variable could not be read.
    pub fn from_env() -> Result<Config, String> {
        let number =
            |name: &str, default: &str| env_or(name, default).parse::<u64>().map_err(|e| format!("{name}: {e}"));
        let count = |name: &str, default: &str| number(name, default).map(|n| n.clamp(1, 1_000_000) as usize);
        let tls = match (
            std::env::var("GATEWAY_TLS_CERT").ok().filter(|v| !v.is_empty()),
            std::env::var("GATEWAY_TLS_KEY").ok().filter(|v| !v.is_empty()),
        ) {
            (Some(cert), Some(key)) => Some((cert.into(), key.into())),
            (None, None) => None,
            _ => {
                return Err(
                    "GATEWAY_TLS_CERT and GATEWAY_TLS_KEY go together: set both to serve HTTPS, or neither".into()
                );
            }
        };
        let switch = |name: &str| match env_or(name, "off").as_str() {
            "on" | "1" | "true" => Ok(true),
            "off" | "0" | "false" => Ok(false),
            other => Err(format!("{name}: `{other}` is neither on nor off")),
        };
        let (qr, server_timing) = (switch("GATEWAY_QR")?, switch("GATEWAY_SERVER_TIMING")?);
        Ok(Config {
            addr: env_or("GATEWAY_ADDR", "127.0.0.1:8080"),
            clients: crate::clients::Clients::from_setting(
                &std::env::var("GATEWAY_TRUSTED_PROXIES").unwrap_or_default(),
            )?,
            tls,
            qr,
            server_timing,
            metrics_addr: Some(env_or("GATEWAY_METRICS_ADDR", "127.0.0.1:9465")).filter(|a| a != "off"),
            referee_url: env_or("REFEREE_URL", "http://127.0.0.1:50051"),
            pwa_dir: env_or("PWA_DIR", "pwa/dist").into(),
            joins_per_minute: number("GATEWAY_JOINS_PER_MINUTE", "30")?.max(1),
            actions_per_second: number("GATEWAY_ACTIONS_PER_SECOND", "10")?.max(1),
            records_per_minute: number("GATEWAY_RECORDS_PER_MINUTE", "60")?.max(1),
            pars_per_minute: number("GATEWAY_PARS_PER_MINUTE", "20")?.max(1),
            views_per_minute: number("GATEWAY_VIEWS_PER_MINUTE", "600")?.max(1),
            audits_per_minute: number("GATEWAY_AUDITS_PER_MINUTE", "12")?.max(1),
            audits_kept_bytes: number("GATEWAY_AUDITS_KEPT_MB", "32")?.min(1 << 20) << 20,
            views_kept_bytes: number("GATEWAY_VIEWS_KEPT_MB", "16")?.min(1 << 20) << 20,
            reveals_per_minute: number("GATEWAY_REVEALS_PER_MINUTE", "30")?.max(1),
            questions_per_second: number("GATEWAY_QUESTIONS_PER_SECOND", "20")?.max(1),
            refusal_delay_ms: number("GATEWAY_REFUSAL_DELAY_MS", "1000")?,
            referee_connections: number("GATEWAY_REFEREE_CONNECTIONS", "4")?.clamp(1, 64) as usize,
            streams_per_address: count("GATEWAY_STREAMS_PER_ADDRESS", "64")?,
            streams: count("GATEWAY_STREAMS", "20000")?,
            keepalive_seconds: number("GATEWAY_KEEPALIVE_SECONDS", "15")?.clamp(1, 300),
        })
    }
}

/// Largest JSON body accepted; anything bigger is refused with 413.
pub const BODY_LIMIT: usize = 16 * 1024;

//! The gRPC clients to the referee, carrying the caller's token and the current trace context.

use referee_proto::v1::referee_client::RefereeClient;

/// The largest answer the gateway reads from the referee.
const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tonic::transport::{Channel, Endpoint};

/// Several HTTP/2 connections to the referee, used in turn: one connection's frames are handled
/// by one task on each side, which caps the calls per second one connection carries. A game's
/// moves and live views have connections of their own ([`Referee::for_game`]), which no other
/// call takes: a crowd's joins, views and questions then never stand between a table and its
/// referee.
#[derive(Clone)]
pub struct Referee {
    clients: Arc<[RefereeClient<Channel>]>,
    /// The connections for games' moves and live views.
    games: Arc<[RefereeClient<Channel>]>,
    /// A connection of its own for answers of up to megabytes (audit records, record pages):
    /// on a connection that moves share, their frames would fill its flow-control window and
    /// the moves' answers would wait behind them.
    bulk: RefereeClient<Channel>,
    turn: Arc<AtomicUsize>,
    /// The first connection, for health checks.
    pub channel: Channel,
}

impl Referee {
    /// Opens `connections` connections lazily, so the gateway starts (and reports not ready)
    /// while the referee is down.
    pub fn new(url: &str, connections: usize) -> Result<Referee, String> {
        let endpoint = Endpoint::from_shared(url.to_string())
            .map_err(|e| format!("REFEREE_URL={url}: {e}"))?
            .tcp_nodelay(true)
            .connect_timeout(std::time::Duration::from_secs(2));
        let channels: Vec<Channel> = (0..connections.max(1)).map(|_| endpoint.connect_lazy()).collect();
        let client = |c: Channel| RefereeClient::new(c).max_decoding_message_size(MAX_ANSWER_BYTES);
        Ok(Referee {
            channel: channels[0].clone(),
            games: (0..connections.max(1)).map(|_| client(endpoint.connect_lazy())).collect(),
            bulk: client(endpoint.connect_lazy()),
            // A finished game's audit record grows with the game (a 5,000-event game is past the
            // default 4 MiB); the referee's own limits bound what it sends.
            clients: channels.into_iter().map(client).collect(),
            turn: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// A client on the next connection in turn.
    pub fn client(&self) -> RefereeClient<Channel> {
        let i = self.turn.fetch_add(1, Ordering::Relaxed) % self.clients.len();
        self.clients[i].clone()
    }

    /// A client on the connection kept for large answers (audit records, record pages), which
    /// no move or live view takes.
    pub fn for_bulk(&self) -> RefereeClient<Channel> {
        self.bulk.clone()
    }

    /// A client on the connection the game `game_id`'s moves and live views take from this
    /// gateway, always the same one: behind a balancer that spreads connections over referee
    /// replicas, a table's moves through one gateway then reach one referee, which judges each
    /// on the game its last move left (the referee's `warm.rs`), and its watchers share one
    /// follower there.
    pub fn for_game(&self, game_id: &str) -> RefereeClient<Channel> {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        game_id.hash(&mut hasher);
        self.games[(hasher.finish() % self.games.len() as u64) as usize].clone()
    }
}

/// [`request`] that also names the HTTP client's address (`x-client-address`, as
/// [`crate::clients`] tells it: IPv6 by its /64), by which the referee counts wrong join codes,
/// new games and bytes.
pub fn request_from<T>(client: &actix_web::HttpRequest, message: T, token: Option<&str>) -> tonic::Request<T> {
    let mut request = request(message, token);
    if let Some(address) = crate::clients::key_of(client)
        && let Ok(value) = address.to_string().parse()
    {
        request.metadata_mut().insert("x-client-address", value);
    }
    request
}

/// A gRPC request with `token` as its bearer and the current trace context.
pub fn request<T>(message: T, token: Option<&str>) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    if let Some(token) = token
        && let Ok(value) = format!("Bearer {token}").parse()
    {
        request.metadata_mut().insert("authorization", value);
    }
    telemetry::inject_current(request.metadata_mut());
    request
}

/// Where a call to the referee spent its time, as `Server-Timing` entries: the call's whole, from
/// here (`call`), and the referee's own part where its answer said it (`referee`). Put in an
/// answer's extensions, it is sent with the gateway's own whole by `middleware::server_timing`,
/// where `GATEWAY_SERVER_TIMING` is on.
#[derive(Clone, Debug)]
pub struct CallTiming(pub String);

impl CallTiming {
    /// The timing of the call that began at `started` and gave `answer`.
    pub fn of<U>(answer: &tonic::Response<U>, started: Instant) -> CallTiming {
        let call = format!("call;dur={:.2}", started.elapsed().as_secs_f64() * 1000.0);
        let referee = answer.metadata().get("server-timing").and_then(|v| v.to_str().ok());
        CallTiming(referee.map_or(call.clone(), |r| format!("{r}, {call}")))
    }

    /// `response`, carrying this timing.
    pub fn on(self, mut response: actix_web::HttpResponse) -> actix_web::HttpResponse {
        response.extensions_mut().insert(self);
        response
    }
}

//! The gRPC clients to the referee, carrying the caller's token and the current trace context.

use referee_proto::v1::referee_client::RefereeClient;

/// The largest answer the gateway reads from the referee.
const MAX_ANSWER_BYTES: usize = 64 * 1024 * 1024;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tokio::runtime::Runtime;
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
    /// while the referee is down. Each kind of connection is driven by a thread of its own
    /// ([`Lanes`]), not by the thread that called this.
    pub fn new(url: &str, connections: usize) -> Result<Referee, String> {
        let endpoint = Endpoint::from_shared(url.to_string())
            .map_err(|e| format!("REFEREE_URL={url}: {e}"))?
            .tcp_nodelay(true)
            .connect_timeout(std::time::Duration::from_secs(2));
        let lanes = Lanes::get().map_err(|e| format!("cannot start the threads that talk to the referee: {e}"))?;
        let on = |lane: &Runtime| endpoint.clone().executor(OnRuntime(lane.handle().clone()));
        let (calls, games, bulk) = (on(&lanes.calls), on(&lanes.games), on(&lanes.bulk));
        let channels: Vec<Channel> = (0..connections.max(1)).map(|_| calls.connect_lazy()).collect();
        let client = |c: Channel| RefereeClient::new(c).max_decoding_message_size(MAX_ANSWER_BYTES);
        Ok(Referee {
            channel: channels[0].clone(),
            games: (0..connections.max(1)).map(|_| client(games.connect_lazy())).collect(),
            bulk: client(bulk.connect_lazy()),
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

/// The threads that drive the gateway's connections to the referee: one for games' moves and
/// live views, one for every other call, one for large answers (audit records, record pages).
///
/// A connection's frames are read and written by tasks that tonic spawns where it is told to,
/// `tokio::spawn` by default: in this gateway that was the main thread's one-threaded runtime,
/// so a single thread carried every call to the referee, and a move's answer waited there
/// behind the frames of a megabyte audit record or a crowd's views (the isolation benchmark's
/// slowest moves, beside all its abusers, spent most of their time "in the call but not in the
/// referee"). Each lane has a runtime and a thread of its own, which the operating system
/// schedules apart from the others and from the HTTP workers.
struct Lanes {
    calls: Runtime,
    games: Runtime,
    bulk: Runtime,
}

impl Lanes {
    /// The process's lanes, started on first use and kept for the life of the process (a
    /// runtime cannot be dropped on a thread that runs async code, as the gateway's are).
    fn get() -> Result<&'static Lanes, String> {
        static LANES: std::sync::OnceLock<Result<Lanes, String>> = std::sync::OnceLock::new();
        let start = || {
            let lane = |name: &str| {
                tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(1)
                    .thread_name(format!("referee-{name}"))
                    .enable_all()
                    .build()
            };
            Ok(Lanes { calls: lane("calls")?, games: lane("games")?, bulk: lane("bulk")? })
        };
        LANES.get_or_init(|| start().map_err(|e: std::io::Error| e.to_string())).as_ref().map_err(Clone::clone)
    }
}

/// Spawns a connection's tasks on a lane's runtime.
#[derive(Clone)]
struct OnRuntime(tokio::runtime::Handle);

impl<F> hyper::rt::Executor<F> for OnRuntime
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    fn execute(&self, future: F) {
        self.0.spawn(future);
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

#[cfg(test)]
mod tests {
    use super::Referee;
    use std::time::Duration;
    use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

    /// A referee answering health checks, on a runtime of its own; its address.
    fn a_referee(server: &tokio::runtime::Runtime) -> std::net::SocketAddr {
        let listener = server.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
        let address = listener.local_addr().expect("its address");
        let (_, health) = tonic_health::server::health_reporter();
        let incoming = tonic::transport::server::TcpIncoming::from(listener);
        server.spawn(tonic::transport::Server::builder().add_service(health).serve_with_incoming(incoming));
        address
    }

    #[test]
    fn calls_to_the_referee_are_answered_while_the_thread_that_opened_the_connections_is_busy() {
        let server = tokio::runtime::Runtime::new().expect("a runtime");
        let address = a_referee(&server);
        // The gateway opens its connections on the main thread's runtime of one thread, which
        // then only runs now and then; here it never runs again.
        let opener = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let referee = opener.block_on(async { Referee::new(&format!("http://{address}"), 1) }).expect("a client");
        let caller = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let health = caller.block_on(async {
            let mut client = HealthClient::new(referee.channel.clone());
            tokio::time::timeout(Duration::from_secs(5), client.check(HealthCheckRequest { service: String::new() }))
                .await
        });
        assert!(matches!(health, Ok(Ok(_))), "{health:?}");
        // This one answers no rules: "unimplemented" is its answer, come back on each lane.
        for mut client in [referee.client(), referee.for_game("g1"), referee.for_bulk()] {
            let answer = caller.block_on(async {
                let rules = client.list_rules(referee_proto::v1::ListRulesRequest::default());
                tokio::time::timeout(Duration::from_secs(5), rules).await
            });
            assert!(matches!(&answer, Ok(Err(s)) if s.code() == tonic::Code::Unimplemented), "{answer:?}");
        }
        drop(opener);
    }
}

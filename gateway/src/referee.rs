//! The gRPC client to the referee, carrying the caller's token and the current trace context.

use referee_proto::v1::referee_client::RefereeClient;
use tonic::transport::{Channel, Endpoint};

#[derive(Clone)]
pub struct Referee {
    pub client: RefereeClient<Channel>,
    pub channel: Channel,
}

impl Referee {
    /// Connects lazily, so the gateway starts (and reports not ready) while the referee is down.
    pub fn new(url: &str) -> Result<Referee, String> {
        let channel = Endpoint::from_shared(url.to_string())
            .map_err(|e| format!("REFEREE_URL={url}: {e}"))?
            .tcp_nodelay(true)
            .connect_timeout(std::time::Duration::from_secs(2))
            .connect_lazy();
        Ok(Referee { client: RefereeClient::new(channel.clone()), channel })
    }
}

/// [`request`] that also names the HTTP client's address (`x-client-address`), by which the
/// referee counts wrong join codes and new games.
pub fn request_from<T>(client: &actix_web::HttpRequest, message: T, token: Option<&str>) -> tonic::Request<T> {
    let mut request = request(message, token);
    if let Some(peer) = client.peer_addr()
        && let Ok(value) = peer.ip().to_string().parse()
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

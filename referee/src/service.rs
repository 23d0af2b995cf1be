//! The gRPC face of the referee: `referee.v1.Referee` over [`Tables`].

use crate::errors::{ApiError, reason_of};
use crate::joining::JoinRequest;
use crate::tables::{Submission, Tables, check_question};
use crate::telemetry::{answered, measured, request_span};
use crate::tokens;
use crate::watching::{Followers, WatchLimits, Watcher};
use futures::Stream;
use referee_proto::structs;
use referee_proto::v1 as pb;
use referee_proto::v1::referee_server::Referee;
use std::pin::Pin;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};
use tracing::Instrument;

pub struct RefereeService {
    tables: Tables,
    /// Turns true when the referee is shutting down: live streams end so that the server can.
    stopping: tokio::sync::watch::Receiver<bool>,
    /// One follower per watched game, shared by its watchers.
    followers: Followers,
}

impl RefereeService {
    pub fn new(tables: Tables, stopping: tokio::sync::watch::Receiver<bool>, limits: WatchLimits) -> RefereeService {
        RefereeService { tables, stopping, followers: Followers::new(limits) }
    }
}

/// The seat a stateless question names, if any.
fn seat_named(seat: Option<u32>) -> Result<Option<u8>, ApiError> {
    seat.map(|s| {
        u8::try_from(s).map_err(|_| {
            ApiError::invalid(crate::errors::Reason::UnknownSeat, format!("There is no seat {s} at this table."))
        })
    })
    .transpose()
}

/// The bearer token in the call's `authorization` metadata, if any.
fn bearer<T>(request: &Request<T>) -> Result<Option<String>, ApiError> {
    let Some(value) = request.metadata().get("authorization") else { return Ok(None) };
    let text = value.to_str().map_err(|_| ApiError::unauthenticated())?;
    let token =
        text.strip_prefix("Bearer ").or_else(|| text.strip_prefix("bearer ")).ok_or_else(ApiError::unauthenticated)?;
    let token = token.trim();
    // No token of this referee is longer or holds anything but letters and digits.
    if token.len() > 64 || !token.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::unauthenticated());
    }
    Ok(Some(token.to_string()))
}

/// The caller's network address, by which the referee counts wrong join codes and new games:
/// the `x-client-address` a gateway forwards for its own client, else the connection's peer.
/// (A direct caller could send any address there; the per-game limits still hold.)
fn client_address<T>(request: &Request<T>) -> String {
    let peer = request.remote_addr().map(|a| a.ip());
    let forwarded = request.metadata().get("x-client-address").and_then(|v| v.to_str().ok());
    match forwarded {
        // Only a gateway may speak for its clients: a caller on this machine or on a private
        // network (where the gateways run); a caller from anywhere else is counted by its own
        // address, whatever it writes.
        Some(address) if !address.is_empty() && address.len() <= 64 && peer.is_some_and(may_forward) => {
            address.to_string()
        }
        _ => peer.map_or_else(|| "unknown".to_string(), counted_address),
    }
}

/// A direct caller's address as the referee counts it: an IPv6 address by its /64 (a home, a
/// phone or a cloud machine is given a whole /64 and may use any address in it), IPv4 as it is
/// (also when written as IPv6).
fn counted_address(ip: std::net::IpAddr) -> String {
    let std::net::IpAddr::V6(v6) = ip else { return ip.to_string() };
    if let Some(v4) = v6.to_ipv4_mapped() {
        return v4.to_string();
    }
    let s = v6.segments();
    std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0).to_string()
}

/// Whether a caller at `ip` may name its client's address: loopback, private and link-local
/// networks (IPv4 and IPv6 unique-local), where gateways run beside the referee.
fn may_forward(ip: std::net::IpAddr) -> bool {
    match ip {
        std::net::IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
        std::net::IpAddr::V6(v6) => {
            v6.is_loopback()
                || v6.is_unique_local()
                || v6.is_unicast_link_local()
                || v6.to_ipv4_mapped().is_some_and(|v4| may_forward(v4.into()))
        }
    }
}

fn rules_info(game: &dyn rules::game::DynGame) -> pb::RulesInfo {
    let info = game.info();
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    pb::RulesInfo {
        id: info.id.into(),
        name: info.name.into(),
        version: info.version,
        summary: info.summary.into(),
        min_seats: info.min_seats.into(),
        max_seats: info.max_seats.into(),
        equipment: strings(info.equipment),
        random: strings(info.random),
        secret: strings(info.secret),
        source: info.source.into(),
        position_notation: info.position_notation.into(),
        action_notation: info.action_notation.into(),
        lists_all_actions: info.lists_all_actions,
        schemas: structs::from_json(&game.schemas()),
    }
}

type ViewStream = Pin<Box<dyn Stream<Item = Result<pb::GameView, Status>> + Send>>;

#[tonic::async_trait]
impl Referee for RefereeService {
    async fn list_rules(
        &self,
        request: Request<pb::ListRulesRequest>,
    ) -> Result<Response<pb::ListRulesResponse>, Status> {
        let span = request_span("ListRules", request.metadata());
        answered("ListRules", async {
            Ok(Response::new(pb::ListRulesResponse {
                rules: rules::games::all().iter().map(|g| rules_info(*g)).collect(),
                view_schema: structs::from_json(&rules::game::View::schema()),
            }))
        })
        .instrument(span)
        .await
    }

    async fn adjudicate(
        &self,
        request: Request<pb::AdjudicateRequest>,
    ) -> Result<Response<pb::AdjudicateResponse>, Status> {
        let span = request_span("Adjudicate", request.metadata());
        let r = request.into_inner();
        answered("Adjudicate", async move {
            check_question(&r.position, &r.action)?;
            let game = Tables::rules(&r.rules)?;
            let a = game.adjudicate_for(&r.position, &r.action, seat_named(r.seat)?)?;
            Ok(Response::new(pb::AdjudicateResponse {
                legal: a.legal,
                reason: a.reason,
                code: a.code.map_or(pb::ErrorReason::Unspecified, reason_of) as i32,
                action: a.action.unwrap_or_default(),
                position: a.position.unwrap_or_default(),
                said: a.said,
            }))
        })
        .instrument(span)
        .await
    }

    async fn legal_actions(
        &self,
        request: Request<pb::LegalActionsRequest>,
    ) -> Result<Response<pb::LegalActionsResponse>, Status> {
        let span = request_span("LegalActions", request.metadata());
        let r = request.into_inner();
        answered("LegalActions", async move {
            check_question(&r.position, "")?;
            let game = Tables::rules(&r.rules)?;
            let state = game.parse_position(&r.position)?;
            let actions = match game.turn(&state) {
                rules::game::Turn::Over => Vec::new(),
                _ => game.legal_actions(&state, game.seat_asked(&state, seat_named(r.seat)?)?),
            };
            Ok(Response::new(pb::LegalActionsResponse { actions }))
        })
        .instrument(span)
        .await
    }

    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        let span = request_span("CreateGame", request.metadata());
        let address = client_address(&request);
        let r = request.into_inner();
        answered("CreateGame", async move {
            if r.options.as_ref().is_some_and(|o| !structs::all_finite(o)) {
                return Err(ApiError::invalid(
                    crate::errors::Reason::BadOptions,
                    "The options hold a number that is not a number (NaN or an infinity).",
                ));
            }
            let options = r.options.as_ref().map_or(serde_json::Value::Null, structs::to_json);
            let created = self.tables.create(&r.rules, options, &address, &r.client_key).await?;
            Ok(Response::new(pb::CreateGameResponse {
                game_id: created.game_id,
                commitment: created.commitment,
                host_token: created.host_token,
                seats: created
                    .join_codes
                    .into_iter()
                    .enumerate()
                    .map(|(seat, join_code)| pb::SeatCode { seat: seat as u32, join_code })
                    .collect(),
            }))
        })
        .instrument(span)
        .await
    }

    async fn join_game(&self, request: Request<pb::JoinGameRequest>) -> Result<Response<pb::JoinGameResponse>, Status> {
        let span = request_span("JoinGame", request.metadata());
        let address = client_address(&request);
        let r = request.into_inner();
        answered("JoinGame", async move {
            let join = JoinRequest {
                join_code: r.join_code,
                entropy: r.entropy,
                entropy_commitment: r.entropy_commitment,
                client_key: r.client_key,
                name: r.name,
                public_key: r.public_key,
                join_signature: r.join_signature,
            };
            let (seat, token, view) = self.tables.join(&r.game_id, &join, &address).await?;
            Ok(Response::new(pb::JoinGameResponse { seat: seat as u32, token, view: Some(view) }))
        })
        .instrument(span)
        .await
    }

    async fn reveal_entropy(
        &self,
        request: Request<pb::RevealEntropyRequest>,
    ) -> Result<Response<pb::GameView>, Status> {
        let span = request_span("RevealEntropy", request.metadata());
        answered("RevealEntropy", async move {
            let token = bearer(&request)?;
            let r = request.into_inner();
            Ok(Response::new(self.tables.reveal(&r.game_id, token.as_deref(), &r.entropy).await?))
        })
        .instrument(span)
        .await
    }

    async fn submit_action(
        &self,
        request: Request<pb::SubmitActionRequest>,
    ) -> Result<Response<pb::SubmitActionResponse>, Status> {
        let span = request_span("SubmitAction", request.metadata());
        let address = client_address(&request);
        answered("SubmitAction", async move {
            let token = bearer(&request)?;
            let r = request.into_inner();
            let submission = Submission {
                action: r.action,
                expected_seq: r.expected_seq,
                idempotency_key: r.idempotency_key,
                signature: r.signature,
            };
            let s = self.tables.submit(&r.game_id, token.as_deref(), &submission, &address).await?;
            Ok(Response::new(pb::SubmitActionResponse {
                action: s.action,
                description: s.description,
                event_seq: s.event_seq,
                duplicate: s.duplicate,
                view: Some(s.view),
            }))
        })
        .instrument(span)
        .await
    }

    async fn get_view(&self, request: Request<pb::GetViewRequest>) -> Result<Response<pb::GameView>, Status> {
        let span = request_span("GetView", request.metadata());
        answered("GetView", async move {
            let token = bearer(&request)?;
            Ok(Response::new(self.tables.view(&request.get_ref().game_id, token.as_deref()).await?))
        })
        .instrument(span)
        .await
    }

    async fn get_record(&self, request: Request<pb::GetRecordRequest>) -> Result<Response<pb::GameRecord>, Status> {
        let span = request_span("GetRecord", request.metadata());
        answered("GetRecord", async move {
            let token = bearer(&request)?;
            let r = request.get_ref();
            Ok(Response::new(self.tables.record(&r.game_id, token.as_deref(), r.from).await?))
        })
        .instrument(span)
        .await
    }

    type WatchGameStream = ViewStream;

    async fn watch_game(&self, request: Request<pb::WatchGameRequest>) -> Result<Response<ViewStream>, Status> {
        let span = request_span("WatchGame", request.metadata());
        let (current, caller, game_id, after) = measured("WatchGame", async {
            let token = bearer(&request)?;
            let r = request.get_ref();
            let current = self.tables.current(&r.game_id, None).await?;
            let caller = current.authorize(token.as_deref())?;
            let token_hash = token.as_deref().map(tokens::hash_secret).unwrap_or_default();
            Ok((current, Watcher { caller, token_hash }, r.game_id.clone(), r.after_seq))
        })
        .instrument(span.clone())
        .await?;
        let (tx, rx) = mpsc::channel(8);
        drop(current);
        let watching =
            self.followers.clone().watch(self.tables.clone(), game_id, caller, after, tx, self.stopping.clone());
        tokio::spawn(watching.instrument(span));
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }

    async fn end_game(&self, request: Request<pb::EndGameRequest>) -> Result<Response<pb::GameView>, Status> {
        let span = request_span("EndGame", request.metadata());
        answered("EndGame", async move {
            let token = bearer(&request)?;
            let r = request.into_inner();
            Ok(Response::new(self.tables.end_game(&r.game_id, token.as_deref()).await?))
        })
        .instrument(span)
        .await
    }

    async fn reissue_join_code(
        &self,
        request: Request<pb::ReissueJoinCodeRequest>,
    ) -> Result<Response<pb::ReissueJoinCodeResponse>, Status> {
        let span = request_span("ReissueJoinCode", request.metadata());
        answered("ReissueJoinCode", async move {
            let token = bearer(&request)?;
            let r = request.get_ref();
            let reissued = self.tables.reissue_code(&r.game_id, token.as_deref(), r.seat, &r.client_key).await?;
            Ok(Response::new(pb::ReissueJoinCodeResponse { join_code: reissued.join_code, view: Some(reissued.view) }))
        })
        .instrument(span)
        .await
    }

    async fn get_pars(&self, request: Request<pb::GetParsRequest>) -> Result<Response<pb::GetParsResponse>, Status> {
        let span = request_span("GetPars", request.metadata());
        answered("GetPars", async move {
            let token = bearer(&request)?;
            let r = request.get_ref();
            Ok(Response::new(self.tables.pars(&r.game_id, token.as_deref()).await?))
        })
        .instrument(span)
        .await
    }

    async fn position_par(
        &self,
        request: Request<pb::PositionParRequest>,
    ) -> Result<Response<pb::PositionParResponse>, Status> {
        let span = request_span("PositionPar", request.metadata());
        let address = client_address(&request);
        let r = request.into_inner();
        answered("PositionPar", async move {
            let par = self.tables.position_par(&r.rules, &r.position, &address).await?;
            Ok(Response::new(pb::PositionParResponse { par: Some(par) }))
        })
        .instrument(span)
        .await
    }

    async fn get_audit(&self, request: Request<pb::GetAuditRequest>) -> Result<Response<pb::AuditRecord>, Status> {
        let span = request_span("GetAudit", request.metadata());
        let r = request.into_inner();
        answered("GetAudit", async move { Ok(Response::new(self.tables.audit(&r.game_id).await?)) })
            .instrument(span)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::{client_address, may_forward};

    /// A request as it reaches the service from a direct caller at `peer`.
    fn from_peer(peer: &str) -> tonic::Request<()> {
        let mut request = tonic::Request::new(());
        let remote_addr = Some(std::net::SocketAddr::new(peer.parse().unwrap(), 4711));
        request.extensions_mut().insert(tonic::transport::server::TcpConnectInfo { local_addr: None, remote_addr });
        request
    }

    #[test]
    fn a_direct_caller_is_counted_by_its_ipv6_64_so_it_cannot_spread_its_attempts_over_its_addresses() {
        let one = client_address(&from_peer("2001:db8:1:2::1"));
        assert_eq!(one, client_address(&from_peer("2001:db8:1:2:aaaa:bbbb:cccc:dddd")));
        assert_eq!(one, "2001:db8:1:2::");
        assert_ne!(one, client_address(&from_peer("2001:db8:1:3::1")));
        assert_eq!(client_address(&from_peer("203.0.113.7")), "203.0.113.7");
        assert_eq!(client_address(&from_peer("::ffff:203.0.113.7")), "203.0.113.7");
    }

    #[test]
    fn only_callers_on_this_machine_or_a_private_network_may_name_their_clients_address() {
        for trusted in ["127.0.0.1", "10.2.3.4", "172.20.0.9", "192.168.1.7", "::1", "fd00::5", "::ffff:10.0.0.1"] {
            assert!(may_forward(trusted.parse().unwrap()), "{trusted}");
        }
        for public in ["8.8.8.8", "100.64.0.1", "2001:db8::1", "::ffff:8.8.4.4"] {
            assert!(!may_forward(public.parse().unwrap()), "{public}");
        }
    }
}

//! The REST/JSON routes over the referee's gRPC API, with their OpenAPI description.

use crate::audits::Audits;
use crate::errors::{ApiError, reason_name};
use crate::feeds::Feeds;
use crate::finished::FinishedViews;
use crate::join_waits::JoinWaits;
use crate::referee::{CallTiming, Referee, request, request_from};
use crate::streams::Streams;
use crate::views::{RulesInfo, view_json, view_text};
use actix_web::http::StatusCode;
use actix_web::{Either, HttpRequest, HttpResponse, Responder, get, post, web};
use actix_web_lab::sse;
use futures::StreamExt;
use referee_proto::structs;
use referee_proto::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Digest;
use std::time::Duration;
use tonic_types::StatusExt;
use utoipa::{OpenApi, ToSchema};

#[derive(OpenApi)]
#[openapi(
    info(title = "Table referee", version = "1", description = "A referee for table-top chess variants: rules, refereed games with secrets and verifiable randomness, adjudication."),
    paths(list_rules, view_schema, adjudicate, legal_actions, create_game, join_game, reveal_entropy, end_game, reissue_join_code, get_game, get_record, get_pars, position_par, submit_action, game_events, get_audit),
    components(schemas(ApiError, RulesInfo, AdjudicateBody, AdjudicateReply, LegalActionsBody, LegalActionsReply, CreateBody, Created, SeatCode, JoinBody, RevealBody, Joined, ActionBody, Submitted, ReissueBody, Reissued)),
    tags((name = "referee"))
)]
pub struct ApiDoc;

/// The bearer token of the `Authorization` header.
/// The longest token the referee hands out is 52 characters; anything longer, or with other
/// characters than letters and digits, is not one of its tokens and is refused here, before it
/// could reach the referee's shared connections.
const MAX_TOKEN_CHARS: usize = 64;

/// `token` if it could be one of the referee's tokens; `bad_token` otherwise.
pub fn checked_token(token: &str) -> Result<String, ApiError> {
    let token = token.trim();
    if token.is_empty() || token.len() > MAX_TOKEN_CHARS || !token.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "bad_token",
            "That is not a token this referee gives: send the seat or host token as Authorization: Bearer <token>.",
        ));
    }
    Ok(token.to_string())
}

/// The bearer token of the request, if it sends one; `bad_token` for a malformed one.
pub fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get("authorization") else { return Ok(None) };
    let value = value.to_str().map_err(|_| checked_token("").unwrap_err())?;
    match value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")) {
        Some(token) => checked_token(token).map(Some),
        None => Err(checked_token("").unwrap_err()),
    }
}

fn require_token(req: &HttpRequest) -> Result<String, ApiError> {
    bearer(req)?.ok_or_else(|| {
        ApiError::new(StatusCode::UNAUTHORIZED, "no_token", "Send your seat token as Authorization: Bearer <token>.")
    })
}

/// The rule sets, with what each needs, draws and hides. Sent compressed as the client
/// accepts, with an `ETag` (a repeated request with `If-None-Match` gets 304) and kept by
/// caches for five minutes: the catalogue changes only when the referee does.
#[utoipa::path(get, path = "/api/v1/rules", tag = "referee",
    responses((status = 200, body = [RulesInfo]), (status = 304, description = "unchanged since the `ETag` given in `If-None-Match`")))]
pub async fn list_rules(req: HttpRequest, referee: web::Data<Referee>) -> Result<HttpResponse, ApiError> {
    let rules = referee.client().list_rules(request(pb::ListRulesRequest {}, None)).await?.into_inner().rules;
    let body = serde_json::to_vec(&rules.into_iter().map(RulesInfo::from).collect::<Vec<_>>())
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string()))?;
    let digest = sha2::Sha256::digest(&body);
    let tag = format!("\"{}\"", digest[..12].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let cache = (actix_web::http::header::CACHE_CONTROL, "public, max-age=300");
    let seen = req.headers().get(actix_web::http::header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if seen.is_some_and(|seen| seen.split(',').any(|t| t.trim() == tag)) {
        return Ok(HttpResponse::NotModified()
            .insert_header(cache)
            .insert_header((actix_web::http::header::ETAG, tag))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header(cache)
        .insert_header((actix_web::http::header::ETAG, tag))
        .body(body))
}

/// The JSON Schema of every view's envelope; each game's own parts are in its catalogue entry.
#[utoipa::path(get, path = "/api/v1/view-schema", tag = "referee", responses((status = 200, body = Object)))]
#[get("/api/v1/view-schema")]
pub async fn view_schema(referee: web::Data<Referee>) -> Result<HttpResponse, ApiError> {
    let reply = referee.client().list_rules(request(pb::ListRulesRequest {}, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(reply.view_schema.as_ref().map_or(Value::Null, structs::to_json)))
}

#[derive(Deserialize, ToSchema)]
pub struct AdjudicateBody {
    /// A rule-set id, e.g. `chess`.
    pub rules: String,
    /// The position in the game's notation (FEN for chess).
    pub position: String,
    /// The action in the game's notation (`e2e4`, `Nf3`).
    pub action: String,
    /// The seat asking; needed only where several seats act at once.
    pub seat: Option<u32>,
}

#[derive(Serialize, ToSchema)]
pub struct AdjudicateReply {
    pub legal: bool,
    /// Why not, or what the action does, in players' words.
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The position after the action, when legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The verdict in one sentence for the table, naming the side and, for a legal action, the
    /// piece and squares: "White's knight f3→d4 (Nd4) is legal."
    pub said: String,
}

fn non_empty(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// Is this action legal in this position? No game needed.
#[utoipa::path(post, path = "/api/v1/adjudicate", tag = "referee", request_body = AdjudicateBody,
    responses((status = 200, body = AdjudicateReply), (status = 400, body = ApiError), (status = 404, description = "no such rules", body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError), (status = 422, body = ApiError),
        (status = 429, description = "too many questions from this address", body = ApiError)))]
pub async fn adjudicate(
    referee: web::Data<Referee>,
    body: web::Json<AdjudicateBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let a = referee
        .client()
        .adjudicate(request(
            pb::AdjudicateRequest { rules: b.rules, position: b.position, action: b.action, seat: b.seat },
            None,
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(AdjudicateReply {
        legal: a.legal,
        reason: a.reason,
        code: reason_name(a.code),
        action: non_empty(a.action),
        position: non_empty(a.position),
        said: a.said,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct LegalActionsBody {
    pub rules: String,
    pub position: String,
    /// The seat asking; needed only where several seats act at once.
    pub seat: Option<u32>,
}

#[derive(Serialize, ToSchema)]
pub struct LegalActionsReply {
    pub actions: Vec<String>,
}

/// The legal actions of the side to move in a position. No game needed.
#[utoipa::path(post, path = "/api/v1/legal-actions", tag = "referee", request_body = LegalActionsBody,
    responses((status = 200, body = LegalActionsReply), (status = 400, body = ApiError), (status = 404, description = "no such rules", body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError),
        (status = 429, description = "too many questions from this address", body = ApiError)))]
pub async fn legal_actions(
    referee: web::Data<Referee>,
    body: web::Json<LegalActionsBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let actions = referee
        .client()
        .legal_actions(request(pb::LegalActionsRequest { rules: b.rules, position: b.position, seat: b.seat }, None))
        .await?
        .into_inner()
        .actions;
    Ok(HttpResponse::Ok().json(LegalActionsReply { actions }))
}

#[derive(Deserialize, ToSchema)]
pub struct CreateBody {
    pub rules: String,
    /// The game's options (see each game's rules page), e.g. `{"number": 518}`.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub options: Option<Value>,
    /// Optional: any unguessable text the client keeps for this creation: a retry with it after
    /// a lost answer gets the same game, host token and join codes.
    #[serde(default)]
    pub client_key: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SeatCode {
    pub seat: u32,
    /// Short and typeable, valid once: `K7QX-M2PD`.
    pub join_code: String,
}

#[derive(Serialize, ToSchema)]
pub struct Created {
    pub game_id: String,
    /// SHA-256 of the game's secret seed, hex: the referee cannot change its draws later.
    pub commitment: String,
    /// Reads the spectator view; keep it to follow the game.
    pub host_token: String,
    pub seats: Vec<SeatCode>,
}

/// Creates a game and one join code per seat.
#[utoipa::path(post, path = "/api/v1/games", tag = "referee", request_body = CreateBody,
    responses((status = 201, body = Created), (status = 400, body = ApiError), (status = 404, body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError), (status = 429, description = "too many games from this address, or its day's bytes", body = ApiError)))]
#[post("/api/v1/games")]
pub async fn create_game(
    req: HttpRequest,
    referee: web::Data<Referee>,
    body: web::Json<CreateBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let options = match b.options {
        None | Some(Value::Null) => None,
        Some(v) => Some(structs::from_json(&v).ok_or_else(|| {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_options", "The options must be a JSON object.")
        })?),
    };
    let c = referee
        .client()
        .create_game(request_from(
            &req,
            pb::CreateGameRequest { rules: b.rules, options, client_key: b.client_key.unwrap_or_default() },
            None,
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Created().json(Created {
        game_id: c.game_id,
        commitment: c.commitment,
        host_token: c.host_token,
        seats: c.seats.into_iter().map(|s| SeatCode { seat: s.seat, join_code: s.join_code }).collect(),
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct JoinBody {
    pub join_code: String,
    /// Optional: any text (up to 64 bytes) mixed into every draw of the game, so that not even
    /// the referee could have chosen the cards and dice in advance. Sent in the clear; prefer
    /// `entropy_commitment`.
    #[serde(default)]
    pub entropy: Option<String>,
    /// Optional: SHA-256 (hex) of entropy text revealed with `POST /api/v1/games/{id}/reveal`
    /// once every seat has joined, so nobody can choose theirs after seeing another's.
    #[serde(default)]
    pub entropy_commitment: Option<String>,
    /// Optional: any unguessable text kept by the client for this join; retrying the join with
    /// it returns the same seat and token.
    #[serde(default)]
    pub client_key: Option<String>,
    /// Optional: the player's name for the table (at most 24 characters).
    #[serde(default)]
    pub name: Option<String>,
    /// Optional: the seat's public key, `ed25519:<64 hex>` or `p256:<130 hex>` (uncompressed
    /// SEC1). Every action of the seat must then carry its `signature`.
    #[serde(default)]
    pub public_key: Option<String>,
    /// With `public_key`: the signature (128 hex digits) over the join, as docs/randomness.md
    /// ("Signatures") says.
    #[serde(default)]
    pub join_signature: Option<String>,
}

/// `len` bytes written as `2 × len` hex digits.
fn hex_bytes(hex: &str, len: usize) -> Option<Vec<u8>> {
    if hex.len() != 2 * len || !hex.is_ascii() {
        return None;
    }
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok()).collect()
}

/// A signature written as 128 hex digits (empty for none).
fn signature_hex(hex: Option<&str>) -> Result<Vec<u8>, ApiError> {
    match hex.unwrap_or("") {
        "" => Ok(Vec::new()),
        hex => hex_bytes(hex, 64).ok_or_else(|| {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_signature", "A signature is 128 hex digits (64 bytes).")
        }),
    }
}

#[derive(Deserialize, ToSchema)]
pub struct RevealBody {
    /// The entropy text whose SHA-256 the seat committed to when it joined.
    pub entropy: String,
}

#[derive(Serialize, ToSchema)]
pub struct Joined {
    pub seat: u32,
    /// This seat's token: send it as `Authorization: Bearer <token>`.
    pub token: String,
    #[schema(value_type = Object)]
    pub view: Value,
}

/// Exchanges a join code for a seat token.
#[utoipa::path(post, path = "/api/v1/games/{id}/join", tag = "referee", request_body = JoinBody,
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, body = Joined), (status = 400, description = "bad entropy, name, key or signature", body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 409, body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError), (status = 429, body = ApiError)))]
pub async fn join_game(
    req: HttpRequest,
    referee: web::Data<Referee>,
    waits: web::Data<JoinWaits>,
    path: web::Path<String>,
    body: web::Json<JoinBody>,
) -> Result<HttpResponse, ApiError> {
    let (game_id, b) = (path.into_inner(), body.into_inner());
    let address = crate::clients::key_of(&req);
    // A join with a client key may be a retry of one that went through: only the referee knows.
    if b.client_key.as_deref().unwrap_or("").is_empty()
        && let Some(address) = address
        && let Some(refusal) = waits.refusal(address, &game_id).await
    {
        let mut answer = actix_web::ResponseError::error_response(&refusal);
        answer.extensions_mut().insert(crate::join_waits::Repeated);
        return Ok(answer);
    }
    let commitment = match b.entropy_commitment.as_deref().unwrap_or("") {
        "" => Vec::new(),
        hex => hex_bytes(hex, 32).ok_or_else(|| {
            ApiError::new(StatusCode::BAD_REQUEST, "bad_entropy", "entropy_commitment is 64 hex digits (a SHA-256).")
        })?,
    };
    let message = pb::JoinGameRequest {
        game_id: game_id.clone(),
        join_code: b.join_code,
        entropy: b.entropy.unwrap_or_default().into_bytes(),
        client_key: b.client_key.unwrap_or_default(),
        name: b.name.unwrap_or_default(),
        entropy_commitment: commitment,
        join_signature: signature_hex(b.join_signature.as_deref())?,
        public_key: b.public_key.unwrap_or_default(),
    };
    let j = match referee.client().join_game(request_from(&req, message, None)).await {
        Ok(j) => j.into_inner(),
        Err(status) => {
            let wait = status.get_details_retry_info().and_then(|r| r.retry_delay);
            let refusal = ApiError::from(status);
            if let Some(address) = address {
                waits.keep(address, &game_id, &refusal, wait).await;
            }
            return Err(refusal);
        }
    };
    let view = j.view.as_ref().map(view_json).unwrap_or(Value::Null);
    Ok(HttpResponse::Ok().json(Joined { seat: j.seat, token: j.token, view }))
}

/// Reveals the entropy the caller's seat committed to when it joined (once every seat has
/// joined); the game starts when every seat has revealed.
#[utoipa::path(post, path = "/api/v1/games/{id}/reveal", tag = "referee", request_body = RevealBody,
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the caller's view", body = Object), (status = 400, body = ApiError),
        (status = 401, body = ApiError), (status = 403, description = "not a seat's token", body = ApiError),
        (status = 404, body = ApiError), (status = 409, body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError),
        (status = 429, description = "too many reveals from this address", body = ApiError)),
    security(("bearer" = [])))]
pub async fn reveal_entropy(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<String>,
    body: web::Json<RevealBody>,
) -> Result<HttpResponse, ApiError> {
    let token = require_token(&req)?;
    let message =
        pb::RevealEntropyRequest { game_id: path.into_inner(), entropy: body.into_inner().entropy.into_bytes() };
    let view = referee.client().reveal_entropy(request(message, Some(&token))).await?.into_inner();
    Ok(HttpResponse::Ok().json(view_json(&view)))
}

/// The caller's view: its seat's with a seat token, the spectator's otherwise.
#[utoipa::path(get, path = "/api/v1/games/{id}", tag = "referee", params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the view, with `seq`, `status`, `turn`, `outcome` and the game's own fields", body = Object),
        (status = 401, body = ApiError), (status = 404, body = ApiError),
        (status = 429, description = "too many views from this address", body = ApiError)),
    security((), ("bearer" = [])))]
pub async fn get_game(
    req: HttpRequest,
    referee: web::Data<Referee>,
    finished: web::Data<FinishedViews>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (token, game_id) = (bearer(&req)?, path.into_inner());
    if let Some(kept) = finished.get(&game_id, token.as_deref()).await {
        return Ok(json_text(kept.text.clone()));
    }
    let message = pb::GetViewRequest { game_id: game_id.clone() };
    let v = referee.client().get_view(request(message, token.as_deref())).await?.into_inner();
    let text = bytestring::ByteString::from(view_text(&v, None));
    finished.keep((game_id, token), text.clone(), v.seq, v.unchanged_until_ms).await;
    Ok(json_text(text))
}

#[derive(Deserialize)]
pub struct RecordQuery {
    /// The number (from 0) of the first entry wanted.
    pub from: Option<u64>,
}

/// The whole record from entry `from` on, as the caller may hear it: a view's `played` holds
/// only the latest 64 entries, beginning with entry `played_from`.
#[utoipa::path(get, path = "/api/v1/games/{id}/record", tag = "referee",
    params(("id" = String, Path, description = "game id"), ("from" = Option<u64>, Query, description = "first entry wanted (from 0)")),
    responses((status = 200, description = "`{game_id, seq, from, played: [{seat, said, action?}], next_from}`: at most 500 entries and about 64 KiB a page; `next_from` is where the next page begins, 0 at the end", body = Object),
        (status = 400, description = "`from` is not a number", body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError),
        (status = 429, description = "too many reads of records from this address", body = ApiError)),
    security((), ("bearer" = [])))]
pub async fn get_record(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<String>,
    query: web::Query<RecordQuery>,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?;
    let r = referee
        .for_bulk()
        .get_record(request(
            pb::GetRecordRequest { game_id: path.into_inner(), from: query.from.unwrap_or(0) },
            token.as_deref(),
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(RecordPage::from(&r)))
}

/// A page of the record as JSON, written from the referee's answer as it is.
#[derive(Serialize)]
struct RecordPage<'a> {
    game_id: &'a str,
    seq: u64,
    from: u64,
    played: Vec<RecordEntry<'a>>,
    next_from: u64,
}

#[derive(Serialize)]
struct RecordEntry<'a> {
    seat: u32,
    said: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<&'a str>,
}

impl<'a> From<&'a pb::GameRecord> for RecordPage<'a> {
    fn from(r: &'a pb::GameRecord) -> RecordPage<'a> {
        let played =
            r.played.iter().map(|p| RecordEntry { seat: p.seat, said: &p.said, action: p.action.as_deref() }).collect();
        RecordPage { game_id: &r.game_id, seq: r.seq, from: r.from, played, next_from: r.next_from }
    }
}

/// The par the referee proved for every puzzle of the game everyone may now see (Chess Golf's
/// finished holes). The first request after a hole may take a second or more while the search
/// runs; later ones read the kept answer.
#[utoipa::path(get, path = "/api/v1/games/{id}/pars", tag = "referee", params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "`{game_id, pars: [{puzzle, title, kind, moves?, score?, bound?, line, positions}]}`; `kind` is `moves`, `score`, `impossible`, `at_least` (no line shorter than `moves`) or `unproven` (no line scores more than `bound`)", body = Object),
        (status = 401, body = ApiError), (status = 404, body = ApiError),
        (status = 429, description = "too many reads of records from this address", body = ApiError)),
    security((), ("bearer" = [])))]
pub async fn get_pars(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = bearer(&req)?;
    let r = referee
        .client()
        .get_pars(request(pb::GetParsRequest { game_id: path.into_inner() }, token.as_deref()))
        .await?
        .into_inner();
    let pars: Vec<Value> = r.pars.iter().map(par_json).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({"game_id": r.game_id, "pars": pars})))
}

#[derive(Deserialize, ToSchema)]
pub struct ParBody {
    /// A rule-set id whose positions have a par: `chess-golf`.
    pub rules: String,
    /// The puzzle's start in the game's notation (a Chess Golf hole: the board and the chosen
    /// pieces, `2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb`).
    pub position: String,
}

/// What is par here? The par of a puzzle given as a position, without a game, proven by the
/// same search as a played hole's. Answers are kept a day; searches are limited per address
/// (429 with `Retry-After`).
#[utoipa::path(post, path = "/api/v1/par", tag = "referee", request_body = ParBody,
    responses((status = 200, description = "`{puzzle, title, kind, moves?, line, positions}` as in a game's pars", body = Object),
        (status = 400, description = "the position cannot be read, or these rules have no par for a position (`no_par`)", body = ApiError),
        (status = 404, description = "no such rules", body = ApiError),
        (status = 415, description = "the body is not JSON", body = ApiError),
        (status = 429, description = "too many searches from this address, or the referee is busy with others", body = ApiError)))]
pub async fn position_par(
    req: HttpRequest,
    referee: web::Data<Referee>,
    body: web::Json<ParBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let r = referee
        .client()
        .position_par(request_from(&req, pb::PositionParRequest { rules: b.rules, position: b.position }, None))
        .await?
        .into_inner();
    let par = r.par.ok_or_else(|| ApiError::new(StatusCode::BAD_GATEWAY, "internal", "The referee gave no par."))?;
    Ok(HttpResponse::Ok().json(par_json(&par)))
}

/// A par as JSON: the fields its kind uses.
fn par_json(p: &pb::Par) -> Value {
    let mut out = serde_json::json!({"puzzle": p.puzzle, "title": p.title, "line": p.line, "positions": p.positions});
    let kind = match p.kind() {
        pb::ParKind::Moves => {
            out["moves"] = p.moves.into();
            "moves"
        }
        pb::ParKind::Score => {
            out["score"] = p.score.into();
            "score"
        }
        pb::ParKind::Impossible => "impossible",
        pb::ParKind::AtLeast => {
            out["moves"] = p.moves.into();
            "at_least"
        }
        pb::ParKind::Unproven => {
            out["bound"] = p.bound.into();
            "unproven"
        }
        pb::ParKind::Unspecified => "unspecified",
    };
    out["kind"] = kind.into();
    out
}

#[derive(Deserialize, ToSchema)]
pub struct ActionBody {
    /// The action in the game's notation: `e2e4`, `e7e8q`, `resign`, `roll 2d6`, ...
    pub action: String,
    /// The `seq` of the view the player acted on.
    pub seq: u64,
    /// Chosen by the client, unique per action: a retry with the same key never applies twice.
    pub key: String,
    /// For a seat that joined with a public key: its signature (128 hex digits) over the game
    /// id, `seq`, `key` and `action` (docs/randomness.md, "Signatures").
    #[serde(default)]
    pub signature: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Submitted {
    /// The action as recorded.
    pub action: String,
    /// The action as players say it (`Nf3+`).
    pub description: String,
    pub event_seq: u64,
    /// True when this was a retry of an action already recorded.
    pub duplicate: bool,
}

/// Submits an action for the caller's seat. Answers with the new view and what was recorded.
#[utoipa::path(post, path = "/api/v1/games/{id}/actions", tag = "referee", request_body = ActionBody,
    params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the new view, with `submitted`", body = Object),
        (status = 409, description = "stale: the game moved on; `seq` is the current one", body = ApiError),
        (status = 422, description = "illegal, with `code` and `reason`", body = ApiError),
        (status = 400, description = "too long, or a bad signature", body = ApiError), (status = 401, body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError), (status = 415, description = "the body is not JSON", body = ApiError),
        (status = 429, body = ApiError)),
    security(("bearer" = [])))]
pub async fn submit_action(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<String>,
    body: web::Json<ActionBody>,
) -> Result<HttpResponse, ApiError> {
    let token = require_token(&req)?;
    let b = body.into_inner();
    let game_id = path.into_inner();
    let started = std::time::Instant::now();
    let answer = referee
        .for_game(&game_id)
        .submit_action(request_from(
            &req,
            pb::SubmitActionRequest {
                game_id,
                action: b.action,
                expected_seq: b.seq,
                idempotency_key: b.key,
                signature: signature_hex(b.signature.as_deref())?,
            },
            Some(&token),
        ))
        .await?;
    let timing = CallTiming::of(&answer, started);
    let s = answer.into_inner();
    let submitted = serde_json::to_value(Submitted {
        action: s.action,
        description: s.description,
        event_seq: s.event_seq,
        duplicate: s.duplicate,
    })
    .unwrap_or(Value::Null);
    Ok(timing.on(match &s.view {
        Some(view) => json_text(view_text(view, Some(("submitted", submitted)))),
        None => HttpResponse::Ok().json(serde_json::json!({ "submitted": submitted })),
    }))
}

/// A 200 with JSON already written.
fn json_text(text: impl actix_web::body::MessageBody + 'static) -> HttpResponse {
    HttpResponse::Ok().content_type(actix_web::http::header::ContentType::json()).body(text)
}

#[derive(Deserialize)]
pub struct EventsQuery {
    /// For EventSource, which cannot send headers: the seat or host token.
    pub token: Option<String>,
    /// Resume after this `seq` (the `Last-Event-ID` header wins when present).
    pub after: Option<u64>,
}

/// Server-Sent Events: the caller's view each time the game moves, `id` = `seq`. Resumes from
/// `Last-Event-ID`. The token may be given as `?token=` because EventSource sends no headers.
#[utoipa::path(get, path = "/api/v1/games/{id}/events", tag = "referee",
    params(("id" = String, Path, description = "game id"), ("token" = Option<String>, Query, description = "token, for EventSource"),
        ("after" = Option<u64>, Query, description = "resume after this seq"), ("Last-Event-ID" = Option<String>, Header, description = "resume after this seq")),
    responses((status = 200, description = "text/event-stream of `view` events; an `ended` event with the error JSON when the referee refuses the stream midway (the token stopped)"),
        (status = 204, description = "the game is over and this client has seen its end: nothing more will come"),
        (status = 400, description = "`after` is not a number", body = ApiError), (status = 401, body = ApiError), (status = 404, body = ApiError),
        (status = 429, description = "too many live streams (or views) from this address, or streams on this gateway", body = ApiError)))]
pub async fn game_events(
    req: HttpRequest,
    referee: web::Data<Referee>,
    streams: web::Data<Streams>,
    feeds: web::Data<Feeds>,
    finished: web::Data<FinishedViews>,
    path: web::Path<String>,
    query: web::Query<EventsQuery>,
) -> Result<impl Responder, ApiError> {
    let pass = streams.open(crate::clients::key_of(&req))?;
    let keepalive = streams.keepalive;
    let token = match bearer(&req)? {
        Some(token) => Some(token),
        None => query.token.as_deref().map(checked_token).transpose()?,
    };
    let last_event =
        req.headers().get("last-event-id").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    let after = last_event.or(query.after).unwrap_or(0);
    let game_id = path.into_inner();
    let events = match finished.get(&game_id, token.as_deref()).await {
        // A finished game's view kept for this token: its one event, as the referee's feed
        // would send it before ending, with no watch opened there.
        Some(kept) if after > 0 && after >= kept.seq => return Ok(Either::Left(HttpResponse::NoContent().finish())),
        Some(kept) => {
            let data = sse::Data::new(kept.text.clone()).id(kept.seq.to_string()).event("view");
            futures::stream::once(std::future::ready(sse::Event::Data(data))).boxed()
        }
        // Shared with every client watching this game with the same token. The stream ends when
        // the game ends or the referee goes away; EventSource then reconnects with
        // Last-Event-ID. It holds its place among the caps until it is dropped.
        None => match feeds.watch(&referee, game_id, token, after).await? {
            Some(events) => events.boxed(),
            // The game is over and this client saw its end: 204 tells an EventSource to stop.
            None => return Ok(Either::Left(HttpResponse::NoContent().finish())),
        },
    };
    let events = events.map(move |event| {
        let _held = &pass;
        event
    });
    let stream = sse::Sse::from_infallible_stream(events).with_keep_alive(keepalive);
    Ok(Either::Right(stream.with_retry_duration(Duration::from_secs(2))))
}

/// Ends a game early, with the host token: no result, no more actions, and the record with
/// its seed released.
#[utoipa::path(post, path = "/api/v1/games/{id}/end", tag = "referee", params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the host's view, status over", body = Object), (status = 401, body = ApiError),
        (status = 403, body = ApiError), (status = 404, body = ApiError),
        (status = 422, body = ApiError)),
    security(("bearer" = [])))]
#[post("/api/v1/games/{id}/end")]
pub async fn end_game(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = require_token(&req)?;
    let message = pb::EndGameRequest { game_id: path.into_inner() };
    let view = referee.client().end_game(request(message, Some(&token))).await?.into_inner();
    Ok(HttpResponse::Ok().json(view_json(&view)))
}

/// What the host sends to give a seat a new join code.
#[derive(Deserialize, ToSchema, Default)]
pub struct ReissueBody {
    /// Optional: any unguessable text the host keeps for this re-issue; a retry with it returns
    /// the same code instead of replacing it.
    #[serde(default)]
    pub client_key: Option<String>,
}

/// The body of a re-issue: none at all asks without a client key; anything else must be a
/// [`ReissueBody`] in JSON, or nothing is re-issued (400 `bad_json`, 415 `bad_content_type`).
fn reissue_body(req: &HttpRequest, body: &[u8]) -> Result<ReissueBody, ApiError> {
    use crate::config::BODY_LIMIT;
    if body.len() > BODY_LIMIT {
        let message = format!("The request body is over {BODY_LIMIT} bytes.");
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", message));
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(ReissueBody::default());
    }
    let content_type = req.headers().get(actix_web::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
    let json = content_type
        .and_then(|t| t.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad_content_type",
            "Send JSON with Content-Type: application/json.",
        ));
    }
    serde_json::from_slice(body).map_err(|e| {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_json", format!("The request body is not the expected JSON: {e}"))
    })
}

/// A seat's new join code.
#[derive(Serialize, ToSchema)]
pub struct Reissued {
    /// The new code (`K7QX-M2PD`) for the phone that will hold the seat.
    pub join_code: String,
    /// The host's view after the re-issue.
    #[schema(value_type = Object)]
    pub view: Value,
}

/// Gives a seat a new join code, with the host token, once the game has started (a phone lost
/// or broken): the token that held the seat stops working, and whoever joins with the new code
/// holds the seat. Both are recorded in the chained record. Seats count from 0.
#[utoipa::path(post, path = "/api/v1/games/{id}/seats/{seat}/code", tag = "referee",
    params(("id" = String, Path, description = "game id"), ("seat" = u32, Path, description = "the seat, from 0")),
    request_body = ReissueBody,
    responses((status = 200, description = "the new code and the host's view", body = Reissued),
        (status = 400, description = "a body that is not the expected JSON: nothing is re-issued", body = ApiError),
        (status = 401, body = ApiError), (status = 403, body = ApiError), (status = 404, body = ApiError),
        (status = 409, body = ApiError), (status = 415, description = "a body that is not JSON", body = ApiError),
        (status = 422, body = ApiError),
        (status = 429, description = "the seat's code was re-issued three times in the last minute", body = ApiError)),
    security(("bearer" = [])))]
#[post("/api/v1/games/{id}/seats/{seat}/code")]
pub async fn reissue_join_code(
    req: HttpRequest,
    referee: web::Data<Referee>,
    path: web::Path<(String, u32)>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let token = require_token(&req)?;
    let (game_id, seat) = path.into_inner();
    let client_key = reissue_body(&req, &body)?.client_key.unwrap_or_default();
    let message = pb::ReissueJoinCodeRequest { game_id, seat, client_key };
    let r = referee.client().reissue_join_code(request(message, Some(&token))).await?.into_inner();
    let view = r.view.as_ref().map_or(Value::Null, view_json);
    Ok(HttpResponse::Ok().json(Reissued { join_code: r.join_code, view }))
}

/// The finished game's record with the revealed seed; check it with `referee verify` or the
/// app's fairness page. 409 while the game is on. A finished game's record never changes: it is
/// sent with an entity tag (304 to a client that names it in `If-None-Match`), gzipped to a
/// client that takes gzip, from what the gateway keeps ready (`audits.rs`).
#[utoipa::path(get, path = "/api/v1/games/{id}/audit", tag = "referee", params(("id" = String, Path, description = "game id")),
    responses((status = 200, description = "the audit record", body = Object,
            headers(("ETag" = String, description = "the record's entity tag"), ("Cache-Control" = String, description = "how long a client may keep it"))),
        (status = 304, description = "the record the client named in `If-None-Match`, unchanged"),
        (status = 409, body = ApiError), (status = 404, body = ApiError),
        (status = 429, description = "too many reads of audit records from this address", body = ApiError)))]
pub async fn get_audit(
    req: HttpRequest,
    referee: web::Data<Referee>,
    audits: web::Data<Audits>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let game_id = path.into_inner();
    let fetch = async {
        let request = request(pb::GetAuditRequest { game_id: game_id.clone() }, None);
        Ok(referee.for_bulk().get_audit(request).await?.into_inner())
    };
    Ok(audits.get(game_id.clone(), fetch).await?.response(&req))
}

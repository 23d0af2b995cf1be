//! What wraps every request: a span and metrics per route, JSON for every error the API
//! itself did not answer, refusals held back, the JSON body limit, and (where the operator asks)
//! a `Server-Timing` header saying where an answer's time went.

use crate::config::BODY_LIMIT;
use crate::errors::ApiError;
use crate::join_waits::Repeated;
use actix_governor::governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, Next};
use actix_web::{ResponseError, web};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracing::Instrument;

/// One span per request (continuing the caller's trace), and request metrics by route.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().to_string();
    let route = req.match_pattern().unwrap_or_else(|| "unmatched".to_string());
    let span = tracing::info_span!("http", otel.name = %format!("{method} {route}"), http.method = %method, http.route = %route, otel.kind = "server");
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    telemetry::continue_from_http(&span, header("traceparent").as_deref(), header("tracestate").as_deref());
    let response = next.call(req).instrument(span).await?;
    let status = response.status().as_u16().to_string();
    metrics::counter!("gateway_requests_total", "method" => method, "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("gateway_request_seconds", "route" => route).record(started.elapsed().as_secs_f64());
    Ok(response)
}

/// Where `GATEWAY_SERVER_TIMING` is on: says in a `Server-Timing` header how long the gateway
/// took over the request (`gateway`, until its answer began), and, where it called the referee,
/// how long that call took and the referee's own part of it ([`crate::referee::CallTiming`]).
/// A refusal held back is timed before it is held.
pub async fn server_timing(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let mut response = next.call(req).await?;
    let call = response.response().extensions().get::<crate::referee::CallTiming>().map(|t| t.0.clone());
    let gateway = format!("gateway;dur={:.2}", started.elapsed().as_secs_f64() * 1000.0);
    let timing = call.map_or(gateway.clone(), |c| format!("{gateway}, {c}"));
    if let Ok(value) = HeaderValue::from_str(&timing) {
        response.headers_mut().append(header::HeaderName::from_static("server-timing"), value);
    }
    Ok(response)
}

/// How long refusals are held before they are sent: a client that asks again as soon as it is
/// answered — the usual abusive loop — then asks a few times a second instead of thousands, and
/// leaves the gateway's CPU to the other tables. The request holds no worker while it waits.
/// A refusal for too many requests (429) and a refused token or join code (401, 403) are always
/// held; any other refusal (400, 404, 409, 413, 415, 422, ...) once its client address has had
/// its allowance of them, so that a player's odd illegal move or stale view is answered at once
/// while a loop of them is slowed like any other.
#[derive(Clone)]
pub struct RefusalDelay {
    /// For 429 (the answer's `Retry-After` is never shorter).
    pub too_many: Duration,
    /// For 401 and 403, and other refusals past the allowance.
    pub refused: Duration,
    /// The refusals each client address gets at once, by its address.
    allowance: Arc<DefaultKeyedRateLimiter<Option<IpAddr>>>,
}

/// How many times as long as another 429 a [`Repeated`] refusal is held: such a client asks a
/// fifth as often, while a player who is refused for the first time hears it as soon as before.
const REPEATS_HELD: u32 = 5;

/// Refusals other than 401, 403 and 429 sent at once to one client address: a burst of this
/// many, then one every [`REFUSALS_REFILL`].
const REFUSALS_AT_ONCE: u32 = 10;
/// How soon one more refusal is sent at once.
const REFUSALS_REFILL: Duration = Duration::from_secs(3);

impl RefusalDelay {
    /// Holds a 429 for `too_many`, other refusals for a quarter of it.
    pub fn new(too_many: Duration) -> RefusalDelay {
        let quota = Quota::with_period(REFUSALS_REFILL)
            .expect("not zero")
            .allow_burst(NonZeroU32::new(REFUSALS_AT_ONCE).expect("not zero"));
        RefusalDelay { too_many, refused: too_many / 4, allowance: Arc::new(RateLimiter::keyed(quota)) }
    }

    /// How long to hold a refusal with `status` to the client at `address`.
    fn hold(&self, status: StatusCode, address: Option<IpAddr>) -> Duration {
        match status {
            StatusCode::TOO_MANY_REQUESTS => self.too_many,
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => self.refused,
            s if s.is_client_error() && self.allowance.check_key(&address).is_err() => self.refused,
            _ => Duration::ZERO,
        }
    }

    /// How long to hold a [`Repeated`] refusal whose `Retry-After` says `retry_after` seconds.
    fn hold_repeated(&self, retry_after: Option<u64>) -> Duration {
        let most = retry_after.map_or(self.too_many, Duration::from_secs);
        (self.too_many * REPEATS_HELD).min(most).max(self.too_many)
    }

    /// Forgets the addresses whose allowance is whole again (their entries would otherwise
    /// only grow with the addresses seen).
    pub fn forget_idle(&self) {
        self.allowance.retain_recent();
        self.allowance.shrink_to_fit();
    }
}

/// Holds refusals back as [`RefusalDelay`] says, counting those it held
/// (`gateway_refusals_held_total{status}`).
pub async fn slow_refusals(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let delay = req.app_data::<web::Data<RefusalDelay>>().cloned();
    let address = crate::clients::key_of(req.request());
    let response = next.call(req).await?;
    let repeated = response.response().extensions().get::<Repeated>().is_some();
    let retry_after = || {
        let header = response.headers().get(header::RETRY_AFTER)?;
        header.to_str().ok()?.parse::<u64>().ok()
    };
    let wait = match delay {
        Some(d) if repeated => d.hold_repeated(retry_after()),
        Some(d) => d.hold(response.status(), address),
        None => Duration::ZERO,
    };
    if !wait.is_zero() {
        let status = response.status().as_u16().to_string();
        metrics::counter!("gateway_refusals_held_total", "status" => status).increment(1);
        tokio::time::sleep(wait).await;
    }
    Ok(response)
}

/// Error responses not produced by the API itself (unknown route, wrong method, rate limit,
/// oversized body) become JSON `{"code", "message"}` too; a route asked with a method it does not
/// take is 405 with `Allow`, also where the app's fallback answered 404 for it.
pub fn json_errors<B: MessageBody + 'static>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    if !res.request().path().starts_with("/api/") {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let allowed = allowed_methods(res.request().path());
    let method = res.request().method().as_str().to_string();
    let wrong_method = matches!(res.status(), StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED)
        && !allowed.is_empty()
        && !allowed.contains(&method.as_str());
    let is_json =
        res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json && !wrong_method {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = if wrong_method { StatusCode::METHOD_NOT_ALLOWED } else { res.status() };
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", "There is no such API route."),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "This route does not take that method."),
        StatusCode::TOO_MANY_REQUESTS => ("rate_limited", "Too many requests from your address; wait a moment."),
        StatusCode::PAYLOAD_TOO_LARGE => ("too_large", "The request body is too large."),
        s if s.is_client_error() => ("bad_request", "The request could not be read."),
        _ => ("internal", "The gateway failed to answer."),
    };
    let (req, _) = res.into_parts();
    let mut response = ApiError::new(status, code, message).error_response();
    if status == StatusCode::TOO_MANY_REQUESTS {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    if status == StatusCode::METHOD_NOT_ALLOWED
        && let Ok(value) = HeaderValue::from_str(&allowed.join(", "))
    {
        response.headers_mut().insert(header::ALLOW, value);
    }
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, response).map_into_right_body()))
}

/// The methods the API takes at `path`, from its OpenAPI document (`{id}` matching any one
/// segment); none for a path that is not one of its routes.
fn allowed_methods(path: &str) -> Vec<&'static str> {
    static ROUTES: std::sync::OnceLock<Vec<(String, Vec<&'static str>)>> = std::sync::OnceLock::new();
    let routes = ROUTES.get_or_init(|| {
        use utoipa::OpenApi;
        crate::api::ApiDoc::openapi()
            .paths
            .paths
            .into_iter()
            .map(|(template, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("DELETE", item.delete.is_some()),
                ];
                (template, methods.into_iter().filter(|(_, on)| *on).map(|(m, _)| m).collect())
            })
            .collect()
    });
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let matches = |template: &str| {
        let parts: Vec<&str> = template.split('/').collect();
        parts.len() == segments.len() && parts.iter().zip(&segments).all(|(t, s)| t.starts_with('{') || t == s)
    };
    routes.iter().filter(|(t, _)| matches(t)).flat_map(|(_, m)| m.iter().copied()).collect()
}

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(BODY_LIMIT).error_handler(|err, _req| {
        let e = match &err {
            actix_web::error::JsonPayloadError::Overflow { .. }
            | actix_web::error::JsonPayloadError::OverflowKnownLength { .. } => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("The request body is over {BODY_LIMIT} bytes."),
            ),
            actix_web::error::JsonPayloadError::ContentType => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "bad_content_type",
                "Send JSON with Content-Type: application/json.",
            ),
            other => ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_json",
                format!("The request body is not the expected JSON: {other}"),
            ),
        };
        e.into()
    })
}

//! The gateway: REST/JSON and Server-Sent Events over the referee's gRPC API, the OpenAPI
//! document and its offline docs page, health and metrics, per-IP rate limits, and the
//! companion web app. It keeps no game state: any number of gateways serve the same games.

mod api;
mod errors;
mod referee;
mod views;
mod web_app;

use actix_governor::{Governor, GovernorConfigBuilder};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next, from_fn};
use actix_web::{App, HttpResponse, HttpServer, ResponseError, web};
use errors::ApiError;
use metrics_exporter_prometheus::PrometheusHandle;
use std::time::{Duration, Instant};
use tracing::Instrument;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

/// Largest JSON body accepted; anything bigger is refused with 413.
const BODY_LIMIT: usize = 16 * 1024;

struct Config {
    addr: String,
    referee_url: String,
    pwa_dir: std::path::PathBuf,
    joins_per_minute: u64,
    actions_per_second: u64,
    referee_connections: usize,
}

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|v| !v.is_empty()).unwrap_or_else(|| default.to_string())
}

impl Config {
    fn from_env() -> Result<Config, String> {
        let number =
            |name: &str, default: &str| env_or(name, default).parse::<u64>().map_err(|e| format!("{name}: {e}"));
        Ok(Config {
            addr: env_or("GATEWAY_ADDR", "127.0.0.1:8080"),
            referee_url: env_or("REFEREE_URL", "http://127.0.0.1:50051"),
            pwa_dir: env_or("PWA_DIR", "pwa/dist").into(),
            joins_per_minute: number("GATEWAY_JOINS_PER_MINUTE", "30")?.max(1),
            actions_per_second: number("GATEWAY_ACTIONS_PER_SECOND", "10")?.max(1),
            referee_connections: number("GATEWAY_REFEREE_CONNECTIONS", "4")?.clamp(1, 64) as usize,
        })
    }
}

/// One span per request (continuing the caller's trace), and request metrics by route.
async fn observe(
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

/// Error responses not produced by the API itself (unknown route, wrong method, rate limit,
/// oversized body) become JSON `{"code", "message"}` too.
fn json_errors<B: MessageBody + 'static>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let is_json =
        res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json || !res.request().path().starts_with("/api/") {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
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
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, response).map_into_right_body()))
}

fn json_config() -> web::JsonConfig {
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

async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"status": "ok"}))
}

/// Ready when the referee answers its health check with SERVING.
async fn readyz(referee: web::Data<referee::Referee>) -> HttpResponse {
    let mut health = tonic_health::pb::health_client::HealthClient::new(referee.channel.clone());
    let check = health.check(tonic_health::pb::HealthCheckRequest { service: "referee.v1.Referee".into() });
    match tokio::time::timeout(Duration::from_secs(2), check).await {
        Ok(Ok(r)) if r.get_ref().status == tonic_health::pb::health_check_response::ServingStatus::Serving as i32 => {
            HttpResponse::Ok().json(serde_json::json!({"status": "ready"}))
        }
        Ok(Ok(_)) => HttpResponse::ServiceUnavailable().json(serde_json::json!({"status": "referee not serving"})),
        _ => HttpResponse::ServiceUnavailable().json(serde_json::json!({"status": "referee unreachable"})),
    }
}

async fn metrics_page(handle: web::Data<PrometheusHandle>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(handle.render())
}

fn main() -> std::io::Result<()> {
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gateway: {e}");
            std::process::exit(2);
        }
    };
    actix_web::rt::System::new().block_on(run(config))
}

async fn run(config: Config) -> std::io::Result<()> {
    let _telemetry = telemetry::init("gateway");
    let metrics = metrics_exporter_prometheus::PrometheusBuilder::new()
        .set_buckets(&[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5])
        .and_then(|b| {
            b.install_recorder()
                .map_err(|e| metrics_exporter_prometheus::BuildError::FailedToCreateHTTPListener(e.to_string()))
        })
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let referee =
        referee::Referee::new(&config.referee_url, config.referee_connections).map_err(std::io::Error::other)?;
    let joins = GovernorConfigBuilder::default()
        .milliseconds_per_request(60_000 / config.joins_per_minute)
        .burst_size(config.joins_per_minute.min(u32::MAX as u64) as u32)
        .finish()
        .ok_or_else(|| std::io::Error::other("bad join rate limit"))?;
    let actions = GovernorConfigBuilder::default()
        .milliseconds_per_request((1000 / config.actions_per_second).max(1))
        .burst_size((config.actions_per_second * 3).min(u32::MAX as u64) as u32)
        .finish()
        .ok_or_else(|| std::io::Error::other("bad action rate limit"))?;
    let openapi = api::ApiDoc::openapi();
    let app = web_app::WebApp::new(&config.pwa_dir);
    tracing::info!(addr = %config.addr, referee = %config.referee_url, app = %config.pwa_dir.display(), "gateway listening");
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new(referee.clone()))
            .app_data(web::Data::new(metrics.clone()))
            .app_data(json_config())
            .wrap(ErrorHandlers::new().default_handler(json_errors))
            .wrap(from_fn(observe))
            .service(api::list_rules)
            .service(api::view_schema)
            .service(api::adjudicate)
            .service(api::legal_actions)
            .service(api::create_game)
            .service(
                web::resource("/api/v1/games/{id}/join")
                    .wrap(Governor::new(&joins))
                    .route(web::post().to(api::join_game)),
            )
            .service(
                web::resource("/api/v1/games/{id}/actions")
                    .wrap(Governor::new(&actions))
                    .route(web::post().to(api::submit_action)),
            )
            .service(api::reveal_entropy)
            .service(api::get_game)
            .service(api::get_record)
            .service(api::game_events)
            .service(api::get_audit)
            .service(api::end_game)
            .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi.clone()))
            .route("/healthz", web::get().to(healthz))
            .route("/readyz", web::get().to(readyz))
            .route("/metrics", web::get().to(metrics_page))
            .configure(|cfg| app.configure(cfg))
    })
    .tcp_nodelay(true)
    .shutdown_timeout(10)
    .bind(&config.addr)?;
    eprintln!("gateway: open http://{}/", config.addr);
    server.run().await
}

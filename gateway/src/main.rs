//! The gateway: REST/JSON and Server-Sent Events over the referee's gRPC API, the OpenAPI
//! document and its offline docs page, health and metrics, per-IP rate limits and caps on live streams, and the
//! companion web app. It keeps no game state: any number of gateways serve the same games.

mod api;
mod clients;
mod config;
mod errors;
mod feeds;
mod health;
mod listen;
mod middleware;
mod referee;
mod streams;
mod views;
mod web_app;

use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::{Governor, GovernorConfig, GovernorConfigBuilder};
use actix_web::middleware::{ErrorHandlers, from_fn};
use actix_web::{App, HttpServer, web};
use config::Config;
use std::time::Duration;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

/// mimalloc, purging freed pages at once (see [`return_memory_at_once`]): with the system
/// allocator, or mimalloc's defaults, the memory of 10,000 clients stayed with the gateway
/// after they left (190–230 MiB against 15–30 MiB before they came; `benches/load.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Tells mimalloc to give freed memory back to the system as soon as it is freed rather than
/// at the freeing thread's next allocation, which an idle worker may never make.
fn return_memory_at_once() {
    /// `mi_option_purge_delay` in mimalloc.h (milliseconds; formerly `mi_option_reset_delay`).
    const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
    // SAFETY: sets one of mimalloc's global options, before any thread is started.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
}

fn main() -> std::io::Result<()> {
    return_memory_at_once();
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gateway: {e}");
            std::process::exit(2);
        }
    };
    // Said in words ("gateway: cannot listen on …"), not as Rust's debug text, and at once.
    if let Err(e) = actix_web::rt::System::new().block_on(run(config)) {
        eprintln!("gateway: {e}");
        std::process::exit(1);
    }
    Ok(())
}

/// A limit of `count` requests per `window` for each client (as `clients` tell them), with
/// bursts of `burst`: one request's share of the window in nanoseconds, so any count up to one
/// a nanosecond works.
fn rate_limit(
    clients: &clients::Clients,
    window: Duration,
    count: u64,
    burst: u64,
) -> std::io::Result<GovernorConfig<clients::Clients, NoOpMiddleware>> {
    let share = (window.as_nanos() / u128::from(count.max(1))).max(1);
    GovernorConfigBuilder::default()
        .key_extractor(clients.clone())
        .period(Duration::from_nanos(share.min(u128::from(u64::MAX)) as u64))
        .burst_size(burst.clamp(1, u64::from(u32::MAX)) as u32)
        .finish()
        .ok_or_else(|| std::io::Error::other(format!("bad rate limit: {count} per {window:?}")))
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
    let clients = &config.clients;
    let joins = rate_limit(clients, Duration::from_secs(60), config.joins_per_minute, config.joins_per_minute)?;
    let actions = rate_limit(
        clients,
        Duration::from_secs(1),
        config.actions_per_second,
        config.actions_per_second.saturating_mul(3),
    )?;
    let records =
        rate_limit(clients, Duration::from_secs(60), config.records_per_minute, config.records_per_minute / 4 + 1)?;
    let pars = rate_limit(clients, Duration::from_secs(60), config.pars_per_minute, config.pars_per_minute / 4 + 1)?;
    let client_data = web::Data::new(config.clients.clone());
    let streams = streams::Streams::new(
        config.streams_per_address,
        config.streams,
        std::time::Duration::from_secs(config.keepalive_seconds),
    );
    let feeds = feeds::Feeds::default();
    let refusal_delay = middleware::RefusalDelay {
        too_many: Duration::from_millis(config.refusal_delay_ms),
        refused: Duration::from_millis(config.refusal_delay_ms / 4),
    };
    let openapi = api::ApiDoc::openapi();
    let app = web_app::WebApp::new(&config.pwa_dir);
    let tls = match &config.tls {
        Some((cert, key)) => Some(listen::tls_config(cert, key).map_err(std::io::Error::other)?),
        None => None,
    };
    let server = HttpServer::new(move || {
        App::new()
            .app_data(client_data.clone())
            .app_data(web::Data::new(referee.clone()))
            .app_data(web::Data::new(streams.clone()))
            .app_data(web::Data::new(feeds.clone()))
            .app_data(middleware::json_config())
            .app_data(web::Data::new(refusal_delay))
            .wrap(from_fn(middleware::slow_refusals))
            .wrap(ErrorHandlers::new().default_handler(middleware::json_errors))
            .wrap(from_fn(middleware::observe))
            .service(
                web::resource("/api/v1/rules")
                    .wrap(actix_web::middleware::Compress::default())
                    .route(web::get().to(api::list_rules)),
            )
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
            .service(
                web::resource("/api/v1/games/{id}/record")
                    .wrap(Governor::new(&records))
                    .route(web::get().to(api::get_record)),
            )
            .service(
                web::resource("/api/v1/games/{id}/pars")
                    .wrap(Governor::new(&records))
                    .route(web::get().to(api::get_pars)),
            )
            .service(web::resource("/api/v1/par").wrap(Governor::new(&pars)).route(web::post().to(api::position_par)))
            .service(api::game_events)
            .service(api::get_audit)
            .service(api::end_game)
            .service(api::reissue_join_code)
            .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi.clone()))
            .route("/healthz", web::get().to(health::healthz))
            .route("/readyz", web::get().to(health::readyz))
            .configure(|cfg| app.configure(cfg))
    })
    .tcp_nodelay(true)
    .shutdown_timeout(10);
    let https = tls.is_some();
    let server = match tls {
        Some(tls) => server.bind_rustls_0_23(&config.addr, tls),
        None => server.bind(&config.addr),
    }
    .map_err(|e| listen::cannot_listen(&config.addr, "GATEWAY_ADDR", &e))?;
    tracing::info!(addr = %config.addr, https, referee = %config.referee_url, app = %config.pwa_dir.display(), "gateway listening");
    eprint!("{}", listen::announcement(&server.addrs(), &listen::interfaces(), https, config.qr));
    match &config.metrics_addr {
        Some(addr) => {
            let metrics = health::metrics_server(addr, metrics)
                .map_err(|e| listen::cannot_listen(addr, "GATEWAY_METRICS_ADDR", &e))?;
            futures::future::try_join(server.run(), metrics).await.map(|_| ())
        }
        None => server.run().await,
    }
}

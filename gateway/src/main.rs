//! The gateway: REST/JSON and Server-Sent Events over the referee's gRPC API, the OpenAPI
//! document and its offline docs page, health and metrics, per-IP rate limits and caps on live streams, and the
//! companion web app. It keeps no game state: any number of gateways serve the same games.

mod api;
mod audits;
mod clients;
mod config;
mod errors;
mod feeds;
mod finished;
mod health;
mod join_waits;
mod kept;
mod limits;
mod listen;
mod middleware;
mod referee;
mod streams;
mod views;
mod web_app;

use actix_governor::Governor;
use actix_web::middleware::{Condition, ErrorHandlers, from_fn};
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
    let limits = limits::Limits::new(&config)?;
    let client_data = web::Data::new(config.clients.clone());
    let streams = streams::Streams::new(
        config.streams_per_address,
        config.streams,
        std::time::Duration::from_secs(config.keepalive_seconds),
    );
    let feeds = feeds::Feeds::default();
    let audits = audits::Audits::new(config.audits_kept_bytes);
    let finished_views = finished::FinishedViews::new(config.views_kept_bytes);
    let join_waits = join_waits::JoinWaits::default();
    let refusal_delay = middleware::RefusalDelay::new(Duration::from_millis(config.refusal_delay_ms));
    limits.forget_idle_clients(refusal_delay.clone());
    let openapi = api::ApiDoc::openapi();
    let app = web_app::WebApp::new(&config.pwa_dir);
    let tls = match &config.tls {
        Some((cert, key)) => Some(listen::tls_config(cert, key).map_err(std::io::Error::other)?),
        None => None,
    };
    let server_timing = config.server_timing;
    let server = HttpServer::new(move || {
        App::new()
            .app_data(client_data.clone())
            .app_data(web::Data::new(referee.clone()))
            .app_data(web::Data::new(streams.clone()))
            .app_data(web::Data::new(feeds.clone()))
            .app_data(web::Data::new(audits.clone()))
            .app_data(web::Data::new(finished_views.clone()))
            .app_data(web::Data::new(join_waits.clone()))
            .app_data(middleware::json_config())
            .app_data(web::Data::new(refusal_delay.clone()))
            .wrap(from_fn(middleware::slow_refusals))
            .wrap(Condition::new(server_timing, from_fn(middleware::server_timing)))
            .wrap(ErrorHandlers::new().default_handler(middleware::json_errors))
            .wrap(from_fn(middleware::observe))
            .service(
                web::resource("/api/v1/rules")
                    .wrap(actix_web::middleware::Compress::default())
                    .route(web::get().to(api::list_rules)),
            )
            .service(api::view_schema)
            .service(
                web::resource("/api/v1/adjudicate")
                    .wrap(Governor::new(&limits.questions))
                    .route(web::post().to(api::adjudicate)),
            )
            .service(
                web::resource("/api/v1/legal-actions")
                    .wrap(Governor::new(&limits.questions))
                    .route(web::post().to(api::legal_actions)),
            )
            .service(api::create_game)
            .service(
                web::resource("/api/v1/games/{id}/join")
                    .wrap(Governor::new(&limits.joins))
                    .route(web::post().to(api::join_game)),
            )
            .service(
                web::resource("/api/v1/games/{id}/actions")
                    .wrap(Governor::new(&limits.actions))
                    .route(web::post().to(api::submit_action)),
            )
            .service(
                web::resource("/api/v1/games/{id}/reveal")
                    .wrap(Governor::new(&limits.reveals))
                    .route(web::post().to(api::reveal_entropy)),
            )
            .service(
                web::resource("/api/v1/games/{id}")
                    .wrap(Governor::new(&limits.views))
                    .route(web::get().to(api::get_game)),
            )
            .service(
                web::resource("/api/v1/games/{id}/record")
                    .wrap(Governor::new(&limits.records))
                    .route(web::get().to(api::get_record)),
            )
            .service(
                web::resource("/api/v1/games/{id}/pars")
                    .wrap(Governor::new(&limits.records))
                    .route(web::get().to(api::get_pars)),
            )
            .service(
                web::resource("/api/v1/par").wrap(Governor::new(&limits.pars)).route(web::post().to(api::position_par)),
            )
            .service(
                web::resource("/api/v1/games/{id}/events")
                    .wrap(Governor::new(&limits.views))
                    .route(web::get().to(api::game_events)),
            )
            .service(
                web::resource("/api/v1/games/{id}/audit")
                    .wrap(Governor::new(&limits.audits))
                    .route(web::get().to(api::get_audit)),
            )
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

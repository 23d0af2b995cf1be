//! Liveness, readiness and the Prometheus page — the last on an address of its own
//! (`GATEWAY_METRICS_ADDR`), where the operator's scraper reaches it and the public does not.

use crate::referee::Referee;
use actix_web::{HttpResponse, web};
use metrics_exporter_prometheus::PrometheusHandle;
use std::time::Duration;

pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({"status": "ok"}))
}

/// Ready when the referee answers its health check with SERVING.
pub async fn readyz(referee: web::Data<Referee>) -> HttpResponse {
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

/// The Prometheus page at `http://addr/metrics`, served apart from the public API.
pub fn metrics_server(addr: &str, handle: PrometheusHandle) -> std::io::Result<actix_web::dev::Server> {
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new().app_data(web::Data::new(handle.clone())).route("/metrics", web::get().to(metrics_page))
    })
    .workers(1)
    .bind(addr)?;
    Ok(server.run())
}

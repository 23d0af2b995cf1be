//! Liveness, readiness and the Prometheus page.

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

pub async fn metrics_page(handle: web::Data<PrometheusHandle>) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(handle.render())
}

//! The referee's metrics and per-call spans. Logging and trace export are set up by the shared
//! `telemetry` crate.

use crate::errors::ApiError;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Instant;

pub use ::telemetry::{cannot_listen, init};

/// Serves Prometheus metrics at `http://addr/metrics`.
pub fn install_metrics(addr: SocketAddr) -> Result<(), String> {
    metrics_exporter_prometheus::PrometheusBuilder::new()
        .with_http_listener(addr)
        .set_buckets(&[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5])
        .map_err(|e| e.to_string())?
        .install()
        .map_err(|e| e.to_string())
}

/// A span for one call, continuing the trace named in the caller's `traceparent` metadata.
pub fn request_span(method: &'static str, metadata: &tonic::metadata::MetadataMap) -> tracing::Span {
    let span =
        tracing::info_span!("rpc", otel.name = method, rpc.system = "grpc", rpc.method = method, otel.kind = "server");
    ::telemetry::continue_from_metadata(&span, metadata);
    span
}

/// Whether answers say how long the referee took over them (`REFEREE_SERVER_TIMING=on`; off by
/// default: a caller's own answer is theirs to time, but a precise figure is for an operator
/// finding where time goes, not for players).
static SERVER_TIMING: std::sync::LazyLock<bool> =
    std::sync::LazyLock::new(|| std::env::var("REFEREE_SERVER_TIMING").is_ok_and(|v| v == "on"));

tokio::task_local! {
    /// The stages of the call being answered, and how long each took (`REFEREE_SERVER_TIMING`).
    static STAGES: std::cell::RefCell<Vec<(&'static str, std::time::Duration)>>;
}

/// Notes that a stage of the call being answered (load, replay, apply, append, view) took `took`,
/// for its `server-timing` (where that is on; otherwise nothing).
pub fn note_stage(name: &'static str, took: std::time::Duration) {
    let _ = STAGES.try_with(|s| s.borrow_mut().push((name, took)));
}

/// [`measured`] for a call that answers once. With `REFEREE_SERVER_TIMING=on`, the answer says in
/// its `server-timing` metadata how long the referee took over it (`referee;dur=<ms>`, as HTTP's
/// `Server-Timing`), which the gateway passes on: a slow answer then tells where its time went.
pub async fn answered<U>(
    method: &'static str,
    call: impl Future<Output = Result<tonic::Response<U>, ApiError>>,
) -> Result<tonic::Response<U>, tonic::Status> {
    if !*SERVER_TIMING {
        return measured(method, call).await;
    }
    let started = Instant::now();
    let noted = async { (measured(method, call).await, STAGES.with(|s| s.take())) };
    let (answer, stages) = STAGES.scope(std::cell::RefCell::new(Vec::new()), noted).await;
    let mut answer = answer?;
    let mut took = format!("referee;dur={:.2}", started.elapsed().as_secs_f64() * 1000.0);
    for (name, stage) in stages {
        took.push_str(&format!(", {name};dur={:.2}", stage.as_secs_f64() * 1000.0));
    }
    if let Ok(value) = took.parse() {
        answer.metadata_mut().insert("server-timing", value);
    }
    Ok(answer)
}

/// Runs one call, counting it and timing it by method and result code. Refusals are counted
/// (`referee_requests_total{method,code}`), not logged at `info`: a client that repeats a
/// refused call in a loop would otherwise write a line for each, gigabytes a day.
pub async fn measured<T>(
    method: &'static str,
    call: impl Future<Output = Result<T, ApiError>>,
) -> Result<T, tonic::Status> {
    let started = Instant::now();
    let result = call.await;
    let code = match &result {
        Ok(_) => "ok",
        Err(e) => e.code.as_str_name(),
    };
    metrics::counter!("referee_requests_total", "method" => method, "code" => code).increment(1);
    metrics::histogram!("referee_request_seconds", "method" => method).record(started.elapsed().as_secs_f64());
    if let Err(e) = &result {
        tracing::debug!(code = e.code.as_str_name(), "refused");
    }
    result.map_err(ApiError::into_status)
}

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

//! Logs, traces and metrics. `tracing` everywhere; OpenTelemetry export over OTLP when
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set, continuing the caller's W3C trace context; Prometheus
//! metrics on their own listener. Each layer has its own filter, so quieting the console never
//! drops exported spans.

use crate::errors::ApiError;
use opentelemetry::propagation::Extractor;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Instant;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// Keeps the trace exporter alive; flushes it when dropped.
pub struct Telemetry {
    provider: Option<SdkTracerProvider>,
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(e) = provider.shutdown()
        {
            eprintln!("trace exporter did not shut down cleanly: {e}");
        }
    }
}

/// Sets up logging to stderr (filtered by `RUST_LOG`, default `info`) and, when an OTLP
/// endpoint is configured, trace export.
pub fn init(service_name: &'static str) -> Telemetry {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let console = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")));
    let endpoint = std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT").ok().filter(|e| !e.is_empty());
    let provider = endpoint.and_then(|endpoint| {
        use opentelemetry_otlp::WithExportConfig;
        let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(endpoint).build();
        match exporter {
            Ok(exporter) => Some(
                SdkTracerProvider::builder()
                    .with_batch_exporter(exporter)
                    .with_resource(opentelemetry_sdk::Resource::builder().with_service_name(service_name).build())
                    .build(),
            ),
            Err(e) => {
                eprintln!("OTLP export is off: {e}");
                None
            }
        }
    });
    let otel = provider.as_ref().map(|p| {
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer(service_name))
            .with_filter(EnvFilter::new("info,h2=off,tower=off,hyper=off"))
    });
    tracing_subscriber::registry().with(console).with(otel).init();
    Telemetry { provider }
}

/// Serves Prometheus metrics at `http://addr/metrics`.
pub fn install_metrics(addr: SocketAddr) -> Result<(), String> {
    metrics_exporter_prometheus::PrometheusBuilder::new()
        .with_http_listener(addr)
        .set_buckets(&[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5])
        .map_err(|e| e.to_string())?
        .install()
        .map_err(|e| e.to_string())
}

struct MetadataExtractor<'a>(&'a tonic::metadata::MetadataMap);

impl Extractor for MetadataExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0
            .keys()
            .filter_map(|k| match k {
                tonic::metadata::KeyRef::Ascii(k) => Some(k.as_str()),
                tonic::metadata::KeyRef::Binary(_) => None,
            })
            .collect()
    }
}

/// A span for one call, continuing the trace named in the caller's `traceparent` metadata.
pub fn request_span(method: &'static str, metadata: &tonic::metadata::MetadataMap) -> tracing::Span {
    let span =
        tracing::info_span!("rpc", otel.name = method, rpc.system = "grpc", rpc.method = method, otel.kind = "server");
    let parent = opentelemetry::global::get_text_map_propagator(|p| p.extract(&MetadataExtractor(metadata)));
    let _ = span.set_parent(parent);
    span
}

/// Runs one call, counting it and timing it by method and result code.
pub async fn measured<T>(
    method: &'static str,
    call: impl Future<Output = Result<T, ApiError>>,
) -> Result<T, tonic::Status> {
    let started = Instant::now();
    let result = call.await;
    let code = match &result {
        Ok(_) => "ok",
        Err(e) => e.code,
    };
    metrics::counter!("referee_requests_total", "method" => method, "code" => code).increment(1);
    metrics::histogram!("referee_request_seconds", "method" => method).record(started.elapsed().as_secs_f64());
    if let Err(e) = &result {
        tracing::info!(code = e.code, "refused");
    }
    result.map_err(ApiError::into_status)
}

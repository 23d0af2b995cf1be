//! Logs, traces and trace-context propagation, set up the same way in every process.
//!
//! Logs go to stderr, filtered by `RUST_LOG` (default `info`). When
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set, spans are also exported over OTLP/gRPC. Each layer
//! has its own filter, so quieting the console never drops exported spans. Trace context
//! travels as W3C `traceparent`: extracted from incoming HTTP headers or gRPC metadata, and
//! injected into outgoing gRPC metadata. An address that cannot be listened on is said the same
//! way by both processes (`cannot_listen`).

mod listening;
pub use listening::cannot_listen;

use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
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

/// Sets up logging and, when an OTLP endpoint is configured, trace export. Call once, inside
/// a tokio runtime.
pub fn init(service_name: &'static str) -> Telemetry {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let console = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")));
    let endpoint = std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT").ok().filter(|e| !e.is_empty());
    let provider = endpoint.and_then(|endpoint| {
        use opentelemetry_otlp::WithExportConfig;
        match opentelemetry_otlp::SpanExporter::builder().with_tonic().with_endpoint(endpoint).build() {
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

struct MetadataInjector<'a>(&'a mut tonic::metadata::MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) =
            (tonic::metadata::MetadataKey::from_bytes(key.as_bytes()), tonic::metadata::MetadataValue::try_from(value))
        {
            self.0.insert(key, value);
        }
    }
}

/// Makes `span` a child of the trace named in incoming gRPC metadata, if any.
pub fn continue_from_metadata(span: &tracing::Span, metadata: &tonic::metadata::MetadataMap) {
    let parent = opentelemetry::global::get_text_map_propagator(|p| p.extract(&MetadataExtractor(metadata)));
    let _ = span.set_parent(parent);
}

/// Makes `span` a child of the trace named by W3C `traceparent` (and `tracestate`) values taken
/// from incoming HTTP headers, if any.
pub fn continue_from_http(span: &tracing::Span, traceparent: Option<&str>, tracestate: Option<&str>) {
    let mut fields = std::collections::HashMap::new();
    if let Some(v) = traceparent {
        fields.insert("traceparent".to_string(), v.to_string());
    }
    if let Some(v) = tracestate {
        fields.insert("tracestate".to_string(), v.to_string());
    }
    let parent = opentelemetry::global::get_text_map_propagator(|p| p.extract(&fields));
    let _ = span.set_parent(parent);
}

/// Writes the current span's trace context into outgoing gRPC metadata.
pub fn inject_current(metadata: &mut tonic::metadata::MetadataMap) {
    let context = tracing::Span::current().context();
    opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&context, &mut MetadataInjector(metadata)));
}

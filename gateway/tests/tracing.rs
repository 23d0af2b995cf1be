//! Trace context travels from an HTTP request through the gateway into the referee: both export
//! their spans over OTLP to a collector played by this test, in the caller's trace, the
//! referee's span a child of the gateway's.

mod common;

use common::Gateway;
use common::support::{Redis, Referee, free_port};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{TraceService, TraceServiceServer};
use opentelemetry_proto::tonic::collector::trace::v1::{ExportTraceServiceRequest, ExportTraceServiceResponse};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Clone, Debug)]
struct Span {
    service: String,
    trace_id: Vec<u8>,
    span_id: Vec<u8>,
    parent_span_id: Vec<u8>,
}

#[derive(Clone, Default)]
struct Collector {
    spans: Arc<Mutex<Vec<Span>>>,
}

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.spans.lock().unwrap();
        for resource_spans in request.into_inner().resource_spans {
            let service = resource_spans
                .resource
                .iter()
                .flat_map(|r| &r.attributes)
                .find(|a| a.key == "service.name")
                .and_then(|a| a.value.as_ref())
                .map(|v| format!("{:?}", v.value))
                .unwrap_or_default();
            for scope in resource_spans.scope_spans {
                for span in scope.spans {
                    spans.push(Span {
                        service: service.clone(),
                        trace_id: span.trace_id,
                        span_id: span.span_id,
                        parent_span_id: span.parent_span_id,
                    });
                }
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse { partial_success: None }))
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_traceparent_sent_to_the_gateway_reaches_the_referee() {
    let collector = Collector::default();
    let collector_port = free_port();
    let server = tonic::transport::Server::builder().add_service(TraceServiceServer::new(collector.clone()));
    tokio::spawn(server.serve(([127, 0, 0, 1], collector_port).into()));
    let endpoint = format!("http://127.0.0.1:{collector_port}");
    let otel = [("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.as_str()), ("OTEL_BSP_SCHEDULE_DELAY", "100")];

    let redis = Redis::start();
    let referee = Referee::start_with(&redis.url(), &otel);
    // Free ports for everything it listens on, metrics included, and a deadline on its start.
    let gateway = Gateway::start(&referee, &otel);

    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let r = reqwest::Client::new()
        .get(gateway.url("/api/v1/rules"))
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);

    let wanted: Vec<u8> = (0..16).map(|i| u8::from_str_radix(&trace_id[2 * i..2 * i + 2], 16).unwrap()).collect();
    let mut ours = Vec::new();
    for _ in 0..100 {
        ours = collector.spans.lock().unwrap().iter().filter(|s| s.trace_id == wanted).cloned().collect();
        let services: Vec<&str> = ours.iter().map(|s| s.service.as_str()).collect();
        if services.iter().any(|s| s.contains("gateway")) && services.iter().any(|s| s.contains("referee")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let gateway_spans: Vec<&Span> = ours.iter().filter(|s| s.service.contains("gateway")).collect();
    let referee_spans: Vec<&Span> = ours.iter().filter(|s| s.service.contains("referee")).collect();
    assert!(
        !gateway_spans.is_empty() && !referee_spans.is_empty(),
        "spans of both services in the caller's trace: {ours:?}"
    );
    let caller_span: Vec<u8> = vec![0x00, 0xf0, 0x67, 0xaa, 0x0b, 0xa9, 0x02, 0xb7];
    assert!(gateway_spans.iter().any(|g| g.parent_span_id == caller_span), "the gateway continues the caller's span");
    assert!(
        referee_spans.iter().any(|r| gateway_spans.iter().any(|g| g.span_id == r.parent_span_id)),
        "the referee's span is a child of the gateway's"
    );
}

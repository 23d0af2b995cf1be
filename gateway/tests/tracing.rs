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

/// The `Server-Timing` entries of an answer to a move: each name with its milliseconds.
async fn move_timing(gw: &Gateway) -> Vec<(String, f64)> {
    let http = reqwest::Client::new();
    let game = common::seat_two(&http, gw, "chess", serde_json::json!({})).await;
    let answer = http
        .post(gw.url(&format!("/api/v1/games/{}/actions", game.id)))
        .bearer_auth(&game.tokens[0])
        .json(&serde_json::json!({"action": "e2e4", "seq": game.seq, "key": "k1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    answer
        .headers()
        .get_all("server-timing")
        .iter()
        .flat_map(|v| v.to_str().unwrap().split(',').map(str::trim).map(String::from).collect::<Vec<_>>())
        .map(|entry| {
            let (name, dur) = entry.split_once(";dur=").expect("each entry has a duration");
            (name.to_string(), dur.parse().expect("a duration in ms"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_move_says_where_its_time_went_only_where_the_operator_asks() {
    let redis = Redis::start();
    // Off by default: nothing for players to time the referee's work by.
    let referee = Referee::start(&redis.url());
    let gw = Gateway::start(&referee, &[]);
    assert!(move_timing(&gw).await.is_empty());
    drop(gw);
    drop(referee);

    let referee = Referee::start_with(&redis.url(), &[("REFEREE_SERVER_TIMING", "on")]);
    let gw = Gateway::start(&referee, &[("GATEWAY_SERVER_TIMING", "on")]);
    let timing = move_timing(&gw).await;
    let took = |name: &str| timing.iter().find(|(n, _)| n == name).map(|(_, d)| *d);
    let (gateway, call, judged) = (took("gateway").unwrap(), took("call").unwrap(), took("referee").unwrap());
    // Each part within the one around it, and the referee's stages within its own time.
    assert!(0.0 < judged && judged <= call && call <= gateway, "{timing:?}");
    let append = took("append").expect("the move was appended");
    assert!(append <= judged, "{timing:?}");
}

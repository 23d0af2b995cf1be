//! Errors as JSON `{"code", "message"}` with the HTTP status that fits, mapped from the
//! referee's gRPC status and stable code.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use referee_proto::v1 as pb;
use serde::Serialize;
use std::fmt;
use tonic::Code;
use tonic_types::StatusExt;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ApiError {
    /// Stable, machine-readable: `illegal_action`, `stale`, `bad_token`, ...
    pub code: String,
    /// A sentence for players.
    pub message: String,
    /// For `stale`: the sequence number the game is at now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// For refused actions: why, in players' words (same as `message`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip)]
    pub status: u16,
    /// How long to wait before trying again (the `Retry-After` header), where the referee said.
    #[serde(skip)]
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            code: code.into(),
            message: message.into(),
            seq: None,
            reason: None,
            status: status.as_u16(),
            retry_after: None,
        }
    }

    pub fn referee_unreachable(e: impl fmt::Display) -> ApiError {
        tracing::warn!(%e, "referee unreachable");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "referee_unavailable",
            "The referee cannot be reached; try again shortly.",
        )
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.retry_after {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        } else if self.status_code() == StatusCode::SERVICE_UNAVAILABLE {
            // Nothing was recorded unless a retry with the same key says so: try again soon.
            response.insert_header((actix_web::http::header::RETRY_AFTER, "1"));
        }
        response.json(self)
    }
}

/// `wait` in whole seconds for a `Retry-After`: rounded up (never shorter than the wait), at
/// least one.
pub fn whole_seconds(wait: std::time::Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// The REST name of a proto `ErrorReason` number (`illegal_action`); `None` when unset.
pub fn reason_name(reason: i32) -> Option<String> {
    pb::ErrorReason::try_from(reason).ok().and_then(rest_name)
}

/// The REST name of a reason: the proto's name in lower case; `None` for the unset value.
fn rest_name(reason: pb::ErrorReason) -> Option<String> {
    (reason != pb::ErrorReason::Unspecified).then(|| reason.as_str_name().to_ascii_lowercase())
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> ApiError {
        // The reason and its metadata travel in a google.rpc.ErrorInfo detail (AIP-193).
        let info = status.get_details_error_info().filter(|i| i.domain == "referee.v1");
        let reason = info.as_ref().and_then(|i| pb::ErrorReason::from_str_name(&i.reason));
        let code = reason.and_then(rest_name).unwrap_or_default();
        let http = match (status.code(), reason) {
            (Code::Aborted, _) => StatusCode::CONFLICT,
            (
                Code::FailedPrecondition,
                Some(
                    pb::ErrorReason::WaitingForPlayers
                    | pb::ErrorReason::SeatTaken
                    | pb::ErrorReason::GameNotOver
                    | pb::ErrorReason::RulesChanged
                    | pb::ErrorReason::PublicKeyInUse
                    | pb::ErrorReason::IdempotencyKeyReused,
                ),
            ) => StatusCode::CONFLICT,
            (Code::FailedPrecondition, _) => StatusCode::UNPROCESSABLE_ENTITY,
            (Code::InvalidArgument, Some(pb::ErrorReason::BadNotation)) => StatusCode::UNPROCESSABLE_ENTITY,
            (Code::InvalidArgument, _) => StatusCode::BAD_REQUEST,
            (Code::NotFound, _) => StatusCode::NOT_FOUND,
            (Code::Unauthenticated, _) => StatusCode::UNAUTHORIZED,
            (Code::PermissionDenied, _) => StatusCode::FORBIDDEN,
            (Code::ResourceExhausted, _) => StatusCode::TOO_MANY_REQUESTS,
            // No ErrorInfo: not the referee's answer but the connection's (the referee crashed or
            // restarted mid-call), so the client should retry.
            (Code::Unavailable | Code::Unknown | Code::Internal | Code::Cancelled, None) => {
                return ApiError::referee_unreachable(status.message());
            }
            (Code::Unavailable, _) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let seq = info.as_ref().and_then(|i| i.metadata.get("current_seq")).and_then(|s| s.parse().ok());
        let code = if code.is_empty() { "internal".to_string() } else { code };
        let reason = (http == StatusCode::UNPROCESSABLE_ENTITY).then(|| status.message().to_string());
        let retry_after = status.get_details_retry_info().and_then(|r| r.retry_delay).map(whole_seconds);
        ApiError { code, message: status.message().to_string(), seq, reason, status: http.as_u16(), retry_after }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_is_said_in_whole_seconds_rounded_up() {
        use std::time::Duration;
        assert_eq!(whole_seconds(Duration::from_millis(1)), 1);
        assert_eq!(whole_seconds(Duration::from_millis(4_001)), 5);
        assert_eq!(whole_seconds(Duration::from_secs(600)), 600);
        assert_eq!(whole_seconds(Duration::ZERO), 1);
    }

    #[test]
    fn a_call_cut_off_by_a_referee_crash_is_a_503_to_retry_not_a_500() {
        for status in [tonic::Status::unknown("transport error"), tonic::Status::internal("h2 protocol error")] {
            let e = ApiError::from(status);
            assert_eq!((e.status, e.code.as_str()), (503, "referee_unavailable"));
            let response = e.error_response();
            assert_eq!(response.headers().get("retry-after").unwrap(), "1");
        }
    }
}

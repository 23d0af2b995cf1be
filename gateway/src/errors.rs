//! Errors as JSON `{"code", "message"}` with the HTTP status that fits, mapped from the
//! referee's gRPC status and stable code.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use std::fmt;
use tonic::Code;

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
}

impl ApiError {
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError { code: code.into(), message: message.into(), seq: None, reason: None, status: status.as_u16() }
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
        HttpResponse::build(self.status_code()).json(self)
    }
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> ApiError {
        let code = status.metadata().get("referee-error-code").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let http = match (status.code(), code.as_str()) {
            (Code::Aborted, _) => StatusCode::CONFLICT,
            (Code::FailedPrecondition, "waiting_for_players" | "seat_taken" | "game_not_over") => StatusCode::CONFLICT,
            (Code::FailedPrecondition, _) => StatusCode::UNPROCESSABLE_ENTITY,
            (Code::InvalidArgument, "bad_notation") => StatusCode::UNPROCESSABLE_ENTITY,
            (Code::InvalidArgument, _) => StatusCode::BAD_REQUEST,
            (Code::NotFound, _) => StatusCode::NOT_FOUND,
            (Code::Unauthenticated, _) => StatusCode::UNAUTHORIZED,
            (Code::PermissionDenied, _) => StatusCode::FORBIDDEN,
            (Code::ResourceExhausted, _) => StatusCode::TOO_MANY_REQUESTS,
            (Code::Unavailable, _) if code.is_empty() => return ApiError::referee_unreachable(status.message()),
            (Code::Unavailable, _) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let seq =
            status.metadata().get("referee-current-seq").and_then(|v| v.to_str().ok()).and_then(|s| s.parse().ok());
        let code = if code.is_empty() { "internal".to_string() } else { code };
        let reason = (http == StatusCode::UNPROCESSABLE_ENTITY).then(|| status.message().to_string());
        ApiError { code, message: status.message().to_string(), seq, reason, status: http.as_u16() }
    }
}

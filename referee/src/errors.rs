//! Errors of the service: a gRPC status for the meaning, a stable code for programs and a
//! sentence for players. Nothing here ever carries another seat's secret: engine messages are
//! written from the acting seat's knowledge, and storage errors are logged, not returned.

pub use referee_proto::v1::ErrorReason as Reason;
use rules::game::{ErrorCode, GameError};
use std::collections::HashMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

/// The `domain` of every `google.rpc.ErrorInfo` the referee sends.
pub const ERROR_DOMAIN: &str = "referee.v1";

/// The most of a caller's own text a message repeats back (a game id, a rules id).
const MAX_ECHO: usize = 64;
/// The longest message sent: it travels in a header (and again in the status details), which
/// clients limit, so a long echo must never reach them.
const MAX_MESSAGE: usize = 1024;

/// `text` as a message may repeat it back: at most a short prefix, marked as cut.
pub fn echo(text: &str) -> String {
    clip(text, MAX_ECHO)
}

fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A refused call: the gRPC status, the reason from the proto's one list, and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: Code,
    /// Stable, machine-readable: the proto's `ErrorReason`.
    pub code: Reason,
    pub message: String,
    /// For `stale`: the sequence number the game is at now.
    pub current_seq: Option<u64>,
    /// For a limit: how long to wait before trying again, sent as `google.rpc.RetryInfo`.
    pub retry_after: Option<std::time::Duration>,
}

impl ApiError {
    pub fn new(status: Code, code: Reason, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), current_seq: None, retry_after: None }
    }

    pub fn stale(current_seq: u64) -> ApiError {
        ApiError {
            current_seq: Some(current_seq),
            ..ApiError::new(
                Code::Aborted,
                Reason::Stale,
                format!("The game has moved on: it is at {current_seq} now. Look at the new position and try again."),
            )
        }
    }

    pub fn game_not_found(game_id: &str) -> ApiError {
        ApiError::new(Code::NotFound, Reason::GameNotFound, format!("There is no game {}.", echo(game_id)))
    }

    pub fn unauthenticated() -> ApiError {
        ApiError::new(
            Code::Unauthenticated,
            Reason::BadToken,
            "This token does not belong to a seat or the host of this game.",
        )
    }

    /// A call that needs a token and came without one; `message` says which token.
    pub fn no_token(message: impl Into<String>) -> ApiError {
        ApiError::new(Code::Unauthenticated, Reason::NoToken, message)
    }

    pub fn storage(error: &redis::RedisError) -> ApiError {
        tracing::error!(%error, "redis error");
        metrics::counter!("referee_redis_errors_total").increment(1);
        ApiError::new(
            Code::Unavailable,
            Reason::StorageUnavailable,
            "The referee cannot reach its storage; try again shortly.",
        )
    }

    pub fn internal(what: impl std::fmt::Display) -> ApiError {
        tracing::error!(%what, "internal error");
        ApiError::new(Code::Internal, Reason::Internal, "Something went wrong in the referee; the game is unchanged.")
    }

    pub fn invalid(code: Reason, message: impl Into<String>) -> ApiError {
        ApiError::new(Code::InvalidArgument, code, message)
    }

    pub fn into_status(self) -> Status {
        let mut metadata = HashMap::new();
        if let Some(seq) = self.current_seq {
            metadata.insert("current_seq".to_string(), seq.to_string());
        }
        let mut details = ErrorDetails::with_error_info(self.code.as_str_name(), ERROR_DOMAIN, metadata);
        if let Some(wait) = self.retry_after {
            details.set_retry_info(Some(wait));
        }
        Status::with_error_details(self.status, clip(&self.message, MAX_MESSAGE), details)
    }

    /// The same refusal, telling the caller to try again after `seconds`.
    pub fn retry_after(self, seconds: u64) -> ApiError {
        self.retry_in(std::time::Duration::from_secs(seconds))
    }

    /// The same refusal, telling the caller to try again after `wait` (to the millisecond, so
    /// that a gateway may answer the same refusal itself until then).
    pub fn retry_in(self, wait: std::time::Duration) -> ApiError {
        ApiError { retry_after: Some(wait), ..self }
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let status = match e.code {
            ErrorCode::BadNotation
            | ErrorCode::BadPosition
            | ErrorCode::BadOptions
            | ErrorCode::UnknownSeat
            | ErrorCode::NoPar => Code::InvalidArgument,
            ErrorCode::IllegalAction | ErrorCode::NotYourTurn | ErrorCode::GameOver | ErrorCode::NeedsGame => {
                Code::FailedPrecondition
            }
            ErrorCode::UnknownRules => Code::NotFound,
        };
        ApiError::new(status, reason_of(e.code), e.message)
    }
}

/// The proto's reason for an engine refusal: the engine's codes are a part of the one list.
pub fn reason_of(code: ErrorCode) -> Reason {
    match code {
        ErrorCode::BadNotation => Reason::BadNotation,
        ErrorCode::BadPosition => Reason::BadPosition,
        ErrorCode::BadOptions => Reason::BadOptions,
        ErrorCode::IllegalAction => Reason::IllegalAction,
        ErrorCode::NotYourTurn => Reason::NotYourTurn,
        ErrorCode::GameOver => Reason::GameOver,
        ErrorCode::UnknownRules => Reason::UnknownRules,
        ErrorCode::UnknownSeat => Reason::UnknownSeat,
        ErrorCode::NeedsGame => Reason::NeedsGame,
        ErrorCode::NoPar => Reason::NoPar,
    }
}

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        e.into_status()
    }
}

/// A failure to reach or use the store, as callers hear it.
pub(crate) fn storage(e: redis::RedisError) -> ApiError {
    ApiError::storage(&e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_user_text_is_never_sent_back_whole() {
        let status = ApiError::game_not_found(&"x".repeat(8000)).into_status();
        assert!(status.message().len() < 100, "{}", status.message());
        assert!(status.message().ends_with("…."));
        let status = ApiError::invalid(Reason::BadPosition, "é".repeat(3000)).into_status();
        assert!(status.message().len() <= MAX_MESSAGE + '…'.len_utf8());
    }
}

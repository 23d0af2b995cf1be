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

/// A refused call: the gRPC status, the reason from the proto's one list, and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: Code,
    /// Stable, machine-readable: the proto's `ErrorReason`.
    pub code: Reason,
    pub message: String,
    /// For `stale`: the sequence number the game is at now.
    pub current_seq: Option<u64>,
}

impl ApiError {
    pub fn new(status: Code, code: Reason, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), current_seq: None }
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
        ApiError::new(Code::NotFound, Reason::GameNotFound, format!("There is no game {game_id}."))
    }

    pub fn unauthenticated() -> ApiError {
        ApiError::new(
            Code::Unauthenticated,
            Reason::BadToken,
            "This token does not belong to a seat or the host of this game.",
        )
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
        let details = ErrorDetails::with_error_info(self.code.as_str_name(), ERROR_DOMAIN, metadata);
        Status::with_error_details(self.status, self.message, details)
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let status = match e.code {
            ErrorCode::BadNotation | ErrorCode::BadPosition | ErrorCode::BadOptions | ErrorCode::UnknownSeat => {
                Code::InvalidArgument
            }
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
    }
}

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        e.into_status()
    }
}

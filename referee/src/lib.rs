//! The referee service: the gRPC face of the rules engine over a Redis event log.
//!
//! - [`store`]: the Redis log (header, seed, seats, events, idempotency, snapshots).
//! - [`tables`]: games in progress over the log, independent of transport; [`joining`]: taking
//!   seats, entropy commitments and the start.
//! - [`service`]: `referee.v1.Referee` over gRPC; [`serve`]: the server process.
//! - [`deadlines`]: rounds closed at their deadline by the first call after it.
//! - [`audit`]: the audit record of a finished game and its verifier.
//! - [`tokens`], [`errors`], [`telemetry`]: ids and secrets, typed errors, logs/traces/metrics.

pub mod audit;
pub mod closing;
pub mod deadlines;
pub mod errors;
pub mod joining;
pub mod pars;
pub mod serve;
pub mod service;
pub mod store;
pub mod tables;
pub mod telemetry;
pub mod tokens;
pub mod watching;

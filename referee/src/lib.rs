//! The referee service: the gRPC face of the rules engine over a Redis event log.
//!
//! - [`store`]: the Redis log (header, seed, seats, events, idempotency, snapshots).
//! - [`tables`]: games in progress over the log, independent of transport; [`joining`]: taking
//!   seats, entropy commitments and the start; [`reseating`]: a seat handed to a new phone;
//!   [`records`]: the record read a page at a time; [`budget`]: each address's bytes a day.
//! - [`service`]: `referee.v1.Referee` over gRPC; [`serve`]: the server process.
//! - [`deadlines`]: rounds closed at their deadline by the first call after it.
//! - [`audit`]: the audit record of a finished game and its verifier; [`chain`]: the record's
//!   chain (commitments to every event, links the players keep).
//! - [`signing`]: seats' keys and signatures over their joins and actions.
//! - [`current`]: a game as it stands now, who is calling and what each caller sees.
//! - [`warm`]: the games a referee last moved, kept to judge their next move without a load;
//!   [`finished`]: finished games kept ready; [`audits`]: audit records released at the end.
//! - [`tokens`], [`errors`], [`telemetry`]: ids and secrets, typed errors, logs/traces/metrics.

pub mod audit;
pub mod audits;
pub mod budget;
pub mod chain;
pub mod closing;
pub mod current;
pub mod deadlines;
pub mod draws;
pub mod errors;
pub mod finished;
pub mod joining;
pub mod names;
pub mod pars;
pub mod records;
pub mod reseating;
pub mod serve;
pub mod service;
pub mod signing;
pub mod store;
pub mod tables;
pub mod telemetry;
pub mod tokens;
pub mod warm;
pub mod watching;
pub mod work;

//! The rate limits per client address (as `clients.rs` tells them), each shared by the routes
//! it is named for in `main.rs`: requests past one get 429 with `Retry-After`, held back
//! (`middleware::slow_refusals`). Each limit counts only the method of its routes.

use crate::clients::Clients;
use crate::config::Config;
use crate::middleware::RefusalDelay;
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::{GovernorConfig, GovernorConfigBuilder};
use actix_web::http::Method;
use std::time::Duration;

/// One limit, for `Governor::new`.
pub type Limit = GovernorConfig<Clients, NoOpMiddleware>;

const MINUTE: Duration = Duration::from_secs(60);
const SECOND: Duration = Duration::from_secs(1);

/// Every limit of the gateway (`docs/gateway.md`, "Routes").
#[derive(Clone)]
pub struct Limits {
    /// Joins (`GATEWAY_JOINS_PER_MINUTE`).
    pub joins: Limit,
    /// Actions (`GATEWAY_ACTIONS_PER_SECOND`, bursts of three seconds' worth).
    pub actions: Limit,
    /// Reads of a record's pages and of pars (`GATEWAY_RECORDS_PER_MINUTE`).
    pub records: Limit,
    /// "What is par here?" (`GATEWAY_PARS_PER_MINUTE`).
    pub pars: Limit,
    /// Reads of a game's view and live streams opened (`GATEWAY_VIEWS_PER_MINUTE`): a home page
    /// reads up to 16 views at once, and a table of phones behind one router more.
    pub views: Limit,
    /// Reads of audit records (`GATEWAY_AUDITS_PER_MINUTE`).
    pub audits: Limit,
    /// Reveals of committed entropy (`GATEWAY_REVEALS_PER_MINUTE`): a seat reveals once, and a
    /// phone holding every seat of the largest table twelve times at once.
    pub reveals: Limit,
    /// Stateless questions: adjudications and legal actions (`GATEWAY_QUESTIONS_PER_SECOND`,
    /// bursts of three seconds' worth).
    pub questions: Limit,
}

impl Limits {
    /// The limits `config` sets.
    pub fn new(config: &Config) -> std::io::Result<Limits> {
        let c = &config.clients;
        let per_minute = |method: Method, count: u64, burst: u64| rate_limit(c, method, MINUTE, count, burst);
        let per_second = |method: Method, count: u64| rate_limit(c, method, SECOND, count, count.saturating_mul(3));
        Ok(Limits {
            joins: per_minute(Method::POST, config.joins_per_minute, config.joins_per_minute)?,
            actions: per_second(Method::POST, config.actions_per_second)?,
            records: per_minute(Method::GET, config.records_per_minute, config.records_per_minute / 4 + 1)?,
            pars: per_minute(Method::POST, config.pars_per_minute, config.pars_per_minute / 4 + 1)?,
            views: per_minute(Method::GET, config.views_per_minute, config.views_per_minute / 4 + 1)?,
            audits: per_minute(Method::GET, config.audits_per_minute, config.audits_per_minute / 4 + 1)?,
            reveals: per_minute(Method::POST, config.reveals_per_minute, config.reveals_per_minute / 2 + 1)?,
            questions: per_second(Method::POST, config.questions_per_second)?,
        })
    }

    /// Every minute, forgets the client addresses whose limits (and allowance of refusals sent at
    /// once, `delay`) are whole again: each keeps an entry per address it has seen, which would
    /// otherwise only grow.
    pub fn forget_idle_clients(&self, delay: RefusalDelay) {
        let all = [
            &self.joins,
            &self.actions,
            &self.records,
            &self.pars,
            &self.views,
            &self.audits,
            &self.reveals,
            &self.questions,
        ];
        let limiters = all.map(GovernorConfig::limiter);
        actix_web::rt::spawn(async move {
            loop {
                actix_web::rt::time::sleep(MINUTE).await;
                delay.forget_idle();
                for limiter in &limiters {
                    limiter.retain_recent();
                    limiter.shrink_to_fit();
                }
            }
        });
    }
}

/// A limit of `count` requests per `window` for each client (as `clients` tell them), with
/// bursts of `burst`: one request's share of the window in nanoseconds, so any count up to one
/// a nanosecond works. Only requests with `method` count (the method of the routes it limits):
/// any other is answered 405, however often it comes.
fn rate_limit(clients: &Clients, method: Method, window: Duration, count: u64, burst: u64) -> std::io::Result<Limit> {
    let share = (window.as_nanos() / u128::from(count.max(1))).max(1);
    GovernorConfigBuilder::default()
        .methods(vec![method])
        .key_extractor(clients.clone())
        .period(Duration::from_nanos(share.min(u128::from(u64::MAX)) as u64))
        .burst_size(burst.clamp(1, u64::from(u32::MAX)) as u32)
        .finish()
        .ok_or_else(|| std::io::Error::other(format!("bad rate limit: {count} per {window:?}")))
}

//! Caps on live streams (SSE): at most so many open at once from one client address, and on
//! the whole gateway, so one client cannot hold every connection the referee will follow.

use crate::errors::ApiError;
use actix_web::http::StatusCode;
use referee_proto::v1 as pb;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The open streams of this gateway, by client address.
#[derive(Clone)]
pub struct Streams {
    open: Arc<Mutex<Open>>,
    per_address: usize,
    limit: usize,
    /// Between keep-alive comments on each stream.
    pub keepalive: Duration,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<Option<IpAddr>, usize>,
}

/// One open stream's place, given back when the stream is dropped.
pub struct Pass {
    open: Arc<Mutex<Open>>,
    address: Option<IpAddr>,
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self.open.lock().expect("not poisoned");
        open.total -= 1;
        if let Some(n) = open.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.address);
            }
        }
        metrics::gauge!("gateway_live_streams").set(open.total as f64);
    }
}

impl Streams {
    /// Caps of `per_address` streams from one address and `limit` in all.
    pub fn new(per_address: usize, limit: usize, keepalive: Duration) -> Streams {
        Streams { open: Arc::default(), per_address, limit, keepalive }
    }

    /// A place for one more stream from `address`, or 429 `limit_reached` in words for the player.
    pub fn open(&self, address: Option<IpAddr>) -> Result<Pass, ApiError> {
        let mut open = self.open.lock().expect("not poisoned");
        let mine = open.by_address.get(&address).copied().unwrap_or(0);
        if mine >= self.per_address {
            return Err(limit(format!(
                "Your address already has {mine} live games open here; close one (or reload the page) and try again."
            )));
        }
        if open.total >= self.limit {
            return Err(limit("This server follows as many live games as it can; try again in a moment.".into()));
        }
        open.total += 1;
        *open.by_address.entry(address).or_default() += 1;
        metrics::gauge!("gateway_live_streams").set(open.total as f64);
        Ok(Pass { open: self.open.clone(), address })
    }
}

fn limit(message: String) -> ApiError {
    let mut e = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "", message);
    e.code = crate::errors::reason_name(pb::ErrorReason::LimitReached as i32).unwrap_or_default();
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_cap_of_streams_and_a_place_back_when_one_closes() {
        let streams = Streams::new(2, 10, Duration::from_secs(15));
        let me: Option<IpAddr> = "10.0.0.1".parse().ok();
        let (a, _b) = (streams.open(me).unwrap(), streams.open(me).unwrap());
        let refused = streams.open(me).err().unwrap();
        assert_eq!((refused.status, refused.code.as_str()), (429, "limit_reached"));
        assert!(streams.open("10.0.0.2".parse().ok()).is_ok(), "another address is not held back");
        drop(a);
        assert!(streams.open(me).is_ok());
    }

    #[test]
    fn the_gateway_caps_streams_in_all() {
        let streams = Streams::new(5, 3, Duration::from_secs(15));
        let passes: Vec<Pass> = (1..=3).map(|i| streams.open(format!("10.0.0.{i}").parse().ok()).unwrap()).collect();
        assert_eq!(streams.open("10.0.0.9".parse().ok()).err().unwrap().status, 429);
        drop(passes);
        let _pass = streams.open("10.0.0.9".parse().ok()).unwrap();
        assert_eq!(streams.open.lock().unwrap().total, 1, "the three closed streams gave their places back");
    }
}

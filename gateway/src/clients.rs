//! Who a request comes from: the address by which the gateway's limits (and the referee's, which
//! it is forwarded to) count clients.
//!
//! - Directly: the connection's peer.
//! - Behind proxies the operator names (`GATEWAY_TRUSTED_PROXIES`: addresses or CIDR blocks,
//!   comma-separated; none by default): the rightmost address of `X-Forwarded-For` that is not
//!   one of those proxies — the address the outermost trusted proxy saw. An Ingress or Caddy in
//!   front then does not make every phone one client, and a client cannot get round the limits
//!   by sending the header itself: only what trusted proxies appended is believed.
//! - An IPv6 address counts as its /64: a home, a phone or a cloud machine is given a whole /64
//!   and may use any address in it.

use actix_governor::{KeyExtractor, SimpleKeyExtractionError};
use actix_web::HttpRequest;
use actix_web::dev::ServiceRequest;
use actix_web::http::StatusCode;
use ipnet::IpNet;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;

/// How to tell a request's client: which peers are proxies whose `X-Forwarded-For` is believed.
#[derive(Clone, Default, Debug)]
pub struct Clients {
    trusted: Arc<Vec<IpNet>>,
}

impl Clients {
    /// From `GATEWAY_TRUSTED_PROXIES`: addresses or CIDR blocks, separated by commas.
    pub fn from_setting(text: &str) -> Result<Clients, String> {
        let trusted = text
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<IpNet>()
                    .or_else(|_| t.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("GATEWAY_TRUSTED_PROXIES: `{t}` is neither an address nor a CIDR block"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Clients { trusted: Arc::new(trusted) })
    }

    fn is_trusted(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The client's address, from the connection's `peer` and the `X-Forwarded-For` values in the
    /// order received (`forwarded`).
    pub fn address<'a>(&self, peer: Option<IpAddr>, forwarded: impl Iterator<Item = &'a str>) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.is_trusted(peer) {
            return Some(peer);
        }
        let hops: Vec<IpAddr> =
            forwarded.flat_map(|v| v.split(',')).filter_map(|h| parse_hop(h.trim())).map(canonical).collect();
        // From the nearest hop outwards, the first that is not a trusted proxy; if every hop is
        // trusted, the farthest.
        Some(hops.iter().rev().find(|ip| !self.is_trusted(**ip)).or(hops.first()).copied().unwrap_or(peer))
    }

    /// The client of `req`.
    pub fn of(&self, req: &HttpRequest) -> Option<IpAddr> {
        let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok());
        self.address(req.peer_addr().map(|a| a.ip()), forwarded)
    }

    /// What limits count `req` by: its client's address, IPv6 by its /64.
    pub fn key(&self, req: &HttpRequest) -> Option<IpAddr> {
        self.of(req).map(bucket)
    }
}

/// What limits count `req` by, as the gateway's [`Clients`] (in its app data) tell it; the peer
/// alone where none were given (a test's app).
pub fn key_of(req: &HttpRequest) -> Option<IpAddr> {
    match req.app_data::<actix_web::web::Data<Clients>>() {
        Some(clients) => clients.key(req),
        None => req.peer_addr().map(|a| bucket(a.ip())),
    }
}

/// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 address it is.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// One hop of `X-Forwarded-For`: an address, possibly with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| hop.strip_prefix('[').and_then(|h| h.strip_suffix(']')).and_then(|h| h.parse().ok()))
}

/// The address limits count: an IPv4 address as it is, an IPv6 address as its /64.
pub fn bucket(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        v4 => v4,
    }
}

impl KeyExtractor for Clients {
    type Key = IpAddr;
    type KeyExtractionError = SimpleKeyExtractionError<&'static str>;

    fn extract(&self, req: &ServiceRequest) -> Result<IpAddr, Self::KeyExtractionError> {
        self.key(req.request()).ok_or_else(|| {
            SimpleKeyExtractionError::new("The client's address cannot be told.")
                .set_status_code(StatusCode::BAD_REQUEST)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_direct_client_is_its_peer_whatever_it_sends() {
        let clients = Clients::default();
        assert_eq!(clients.address(Some(ip("203.0.113.7")), ["198.51.100.1"].into_iter()), Some(ip("203.0.113.7")));
        let behind = Clients::from_setting("10.0.0.0/8").unwrap();
        assert_eq!(behind.address(Some(ip("203.0.113.7")), ["198.51.100.1"].into_iter()), Some(ip("203.0.113.7")));
    }

    #[test]
    fn behind_a_trusted_proxy_the_client_is_the_address_the_proxy_saw_not_one_it_was_sent() {
        let clients = Clients::from_setting("10.0.0.0/8, 192.0.2.1").unwrap();
        // The phone sent a forged first hop; the ingress (10.1.2.3) appended the real address.
        let hops = ["6.6.6.6, 203.0.113.7"];
        assert_eq!(clients.address(Some(ip("10.1.2.3")), hops.into_iter()), Some(ip("203.0.113.7")));
        // Two trusted proxies in a row (a load balancer, then the ingress).
        let hops = ["203.0.113.7", "192.0.2.1"];
        assert_eq!(clients.address(Some(ip("10.1.2.3")), hops.into_iter()), Some(ip("203.0.113.7")));
        // Ports and brackets are read too; no header: the proxy itself.
        let hops = ["[2001:db8::5]:4711"];
        assert_eq!(clients.address(Some(ip("10.1.2.3")), hops.into_iter()), Some(ip("2001:db8::5")));
        assert_eq!(clients.address(Some(ip("10.1.2.3")), std::iter::empty()), Some(ip("10.1.2.3")));
        // A peer written as IPv4 in IPv6 is the IPv4 address.
        assert_eq!(clients.address(Some(ip("::ffff:10.0.0.9")), ["203.0.113.7"].into_iter()), Some(ip("203.0.113.7")));
    }

    #[test]
    fn ipv6_counts_by_its_64_and_ipv4_by_itself() {
        assert_eq!(bucket(ip("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), ip("2001:db8:1:2::"));
        assert_eq!(bucket(ip("2001:db8:1:2::1")), bucket(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(bucket(ip("2001:db8:1:2::1")), bucket(ip("2001:db8:1:3::1")));
        assert_eq!(bucket(ip("203.0.113.7")), ip("203.0.113.7"));
        assert_eq!(bucket(ip("::ffff:203.0.113.7")), ip("203.0.113.7"));
    }

    #[test]
    fn a_setting_that_is_not_addresses_is_refused_in_words() {
        assert_eq!(
            Clients::from_setting("10.0.0.0/8, ingress").unwrap_err(),
            "GATEWAY_TRUSTED_PROXIES: `ingress` is neither an address nor a CIDR block"
        );
        assert!(Clients::from_setting("").unwrap().trusted.is_empty());
    }
}

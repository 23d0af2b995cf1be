//! Where the gateway listens and what it tells people to open.
//!
//! - TLS, when the configuration names a certificate chain and its key (`GATEWAY_TLS_CERT`,
//!   `GATEWAY_TLS_KEY`, PEM files): rustls with ring, HTTP/2 and HTTP/1.1 by ALPN.
//! - A listener that cannot be opened is named with its setting and the reason in words
//!   ("cannot listen on 127.0.0.1:9465 (GATEWAY_METRICS_ADDR): the address is in use …").
//! - The addresses to open: for an address that means every interface (`0.0.0.0`, `[::]`),
//!   the machine's own network addresses, which phones on the same Wi-Fi can open, never
//!   `0.0.0.0`; with `GATEWAY_QR=on` (the local runner's `--table`) a QR code of the first,
//!   drawn in the terminal.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;

/// An error for a listener that could not be opened, naming the address, the setting that
/// chose it and what to do, in words (`telemetry::cannot_listen`).
pub fn cannot_listen(addr: &str, setting: &str, e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), telemetry::cannot_listen(addr, setting, e))
}

/// The rustls configuration for a certificate chain and its private key, both PEM files.
pub fn tls_config(cert: &Path, key: &Path) -> Result<rustls::ServerConfig, String> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("GATEWAY_TLS_CERT {}: {e}", cert.display()))?;
    if chain.is_empty() {
        return Err(format!("GATEWAY_TLS_CERT {}: no certificate in the file", cert.display()));
    }
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("GATEWAY_TLS_KEY {}: {e}", key.display()))?;
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(chain, key))
        .map_err(|e| format!("GATEWAY_TLS_CERT and GATEWAY_TLS_KEY do not make a certificate to serve: {e}"))
}

/// The addresses to open the app at, for the addresses the gateway listens on: a specific
/// address as it is; for one meaning every interface, each of `interfaces` a phone could
/// reach (`table_addresses`), or, where there is none, this machine's own.
pub fn open_urls(bound: &[SocketAddr], interfaces: &[(String, IpAddr)], https: bool) -> Vec<String> {
    let scheme = if https { "https" } else { "http" };
    let mut urls = Vec::new();
    for addr in bound {
        let ips = if addr.ip().is_unspecified() {
            let found = table_addresses(interfaces, addr.is_ipv6());
            if found.is_empty() {
                vec![if addr.is_ipv6() {
                    IpAddr::from([0u16, 0, 0, 0, 0, 0, 0, 1])
                } else {
                    IpAddr::from([127, 0, 0, 1])
                }]
            } else {
                found
            }
        } else {
            vec![addr.ip()]
        };
        for ip in ips {
            let url = match ip {
                IpAddr::V4(v4) => format!("{scheme}://{v4}:{}/", addr.port()),
                IpAddr::V6(v6) => format!("{scheme}://[{v6}]:{}/", addr.port()),
            };
            if !urls.contains(&url) {
                urls.push(url);
            }
        }
    }
    urls
}

/// The addresses of this machine that phones on its network can open, best first: private
/// IPv4 (a home or café Wi-Fi: 192.168/16, 10/8, 172.16/12), then other IPv4, then (when
/// listening on IPv6 too) global IPv6; never loopback or link-local, and the bridges of
/// containers and virtual machines last.
pub fn table_addresses(interfaces: &[(String, IpAddr)], ipv6: bool) -> Vec<IpAddr> {
    let virtual_bridge = |name: &str| {
        ["docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel"].iter().any(|p| name.starts_with(p))
    };
    let mut found: Vec<(u8, IpAddr)> = interfaces
        .iter()
        .filter_map(|(name, ip)| {
            let rank = match ip {
                IpAddr::V4(v4) if v4.is_loopback() || v4.is_link_local() || v4.is_unspecified() => return None,
                IpAddr::V4(v4) if v4.is_private() => 0,
                IpAddr::V4(_) => 1,
                IpAddr::V6(_) if !ipv6 => return None,
                IpAddr::V6(v6) if v6.is_loopback() || v6.is_unspecified() || v6.segments()[0] & 0xffc0 == 0xfe80 => {
                    return None;
                }
                IpAddr::V6(_) => 2,
            };
            Some((rank + if virtual_bridge(name) { 3 } else { 0 }, *ip))
        })
        .collect();
    found.sort_by_key(|(rank, _)| *rank);
    let mut out = Vec::new();
    for (_, ip) in found {
        if !out.contains(&ip) {
            out.push(ip);
        }
    }
    out
}

/// This machine's interfaces and their addresses, as the system lists them (none if it
/// cannot).
pub fn interfaces() -> Vec<(String, IpAddr)> {
    if_addrs::get_if_addrs()
        .map(|list| list.into_iter().map(|i| (i.name.clone(), i.ip())).collect())
        .unwrap_or_default()
}

/// `text` as a QR code drawn with half-block characters, two rows of modules a line, dark on
/// a light terminal or light on a dark one alike (the quiet zone is drawn too).
pub fn qr_text(text: &str) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::M).ok()?;
    Some(
        code.render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

/// What the gateway prints once it listens: where to open the app, in words, and the QR code
/// of the first address when asked (`qr`).
pub fn announcement(bound: &[SocketAddr], interfaces: &[(String, IpAddr)], https: bool, qr: bool) -> String {
    let urls = open_urls(bound, interfaces, https);
    let every_interface = bound.iter().any(|a| a.ip().is_unspecified());
    let mut out = String::new();
    if every_interface && table_addresses(interfaces, true).is_empty() {
        out.push_str("gateway: this machine has no network address phones could open: join the table's Wi-Fi, then start again\n");
    }
    let only_here = bound.iter().all(|a| a.ip().is_loopback());
    for url in &urls {
        out.push_str(&format!("gateway: open {url}\n"));
    }
    if only_here {
        out.push_str(
            "gateway: (this machine only: for phones on the same Wi-Fi, start it with deploy/local/run --table)\n",
        );
    }
    if qr
        && let Some(first) = urls.first()
        && let Some(code) = qr_text(first)
    {
        out.push_str(&format!("\nPhones on this Wi-Fi scan this, or open {first} in the browser:\n\n{code}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ifs(list: &[(&str, &str)]) -> Vec<(String, IpAddr)> {
        list.iter().map(|(n, ip)| (n.to_string(), ip.parse().unwrap())).collect()
    }

    #[test]
    fn every_interface_is_told_as_the_addresses_phones_can_open_never_0_0_0_0() {
        let here = ifs(&[
            ("lo", "127.0.0.1"),
            ("docker0", "172.17.0.1"),
            ("wlan0", "192.168.1.20"),
            ("wlan0", "fe80::1"),
            ("wlan0", "2001:db8::20"),
            ("eth1", "169.254.3.4"),
        ]);
        let bound: Vec<SocketAddr> = vec!["0.0.0.0:8080".parse().unwrap()];
        assert_eq!(open_urls(&bound, &here, false), ["http://192.168.1.20:8080/", "http://172.17.0.1:8080/"]);
        let v6: Vec<SocketAddr> = vec!["[::]:8443".parse().unwrap()];
        assert_eq!(
            open_urls(&v6, &here, true),
            ["https://192.168.1.20:8443/", "https://[2001:db8::20]:8443/", "https://172.17.0.1:8443/"]
        );
        let text = announcement(&bound, &here, false, false);
        assert!(!text.contains("0.0.0.0"), "{text}");
        assert!(text.starts_with("gateway: open http://192.168.1.20:8080/\n"), "{text}");
    }

    #[test]
    fn a_machine_without_a_network_says_so_and_a_loopback_address_says_it_is_for_this_machine_only() {
        let bound: Vec<SocketAddr> = vec!["0.0.0.0:8080".parse().unwrap()];
        let text = announcement(&bound, &ifs(&[("lo", "127.0.0.1")]), false, false);
        assert!(text.contains("no network address phones could open"), "{text}");
        assert!(text.contains("open http://127.0.0.1:8080/"), "{text}");
        let here: Vec<SocketAddr> = vec!["127.0.0.1:8080".parse().unwrap()];
        let text = announcement(&here, &ifs(&[("wlan0", "192.168.1.20")]), false, false);
        assert!(text.contains("open http://127.0.0.1:8080/\n"), "{text}");
        assert!(text.contains("this machine only"), "{text}");
    }

    #[test]
    fn the_table_mode_draws_a_qr_code_of_the_first_address_and_says_it_in_words_too() {
        let bound: Vec<SocketAddr> = vec!["0.0.0.0:8080".parse().unwrap()];
        let text = announcement(&bound, &ifs(&[("wlan0", "10.0.0.7")]), false, true);
        assert!(text.contains("or open http://10.0.0.7:8080/ in the browser"), "{text}");
        let code = qr_text("http://10.0.0.7:8080/").unwrap();
        // A version 2 code (25 modules) with a quiet zone of 4 on each side, two rows a line.
        assert_eq!(code.lines().count(), (25_usize + 8).div_ceil(2));
        assert!(code.lines().all(|l| l.chars().count() == 33), "{code}");
        assert!(text.contains(&code));
    }
}

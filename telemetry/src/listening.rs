//! What both processes say when they cannot listen where they were told: the address, the
//! setting that chose it and the reason in words, so a second copy started beside a running
//! one (or a test beside a developer's) fails at once with a sentence, not a debug dump.

use std::io;

/// "cannot listen on 127.0.0.1:9465 (GATEWAY_METRICS_ADDR): the address is in use (…)".
pub fn cannot_listen(addr: &str, setting: &str, e: &io::Error) -> String {
    let why = match e.kind() {
        io::ErrorKind::AddrInUse => {
            format!("the address is in use (another program listens there: stop it, or set {setting} to another port)")
        }
        io::ErrorKind::AddrNotAvailable => "this machine has no such address".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied (ports below 1024 need privileges)".to_string(),
        _ => e.to_string(),
    };
    format!("cannot listen on {addr} ({setting}): {why}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_taken_address_is_named_with_its_setting() {
        let e = io::Error::new(io::ErrorKind::AddrInUse, "Address already in use");
        assert_eq!(
            cannot_listen("127.0.0.1:9465", "GATEWAY_METRICS_ADDR", &e),
            "cannot listen on 127.0.0.1:9465 (GATEWAY_METRICS_ADDR): the address is in use (another program listens there: stop it, or set GATEWAY_METRICS_ADDR to another port)"
        );
        let e = io::Error::new(io::ErrorKind::AddrNotAvailable, "Cannot assign requested address");
        assert_eq!(
            cannot_listen("10.9.9.9:50051", "REFEREE_ADDR", &e),
            "cannot listen on 10.9.9.9:50051 (REFEREE_ADDR): this machine has no such address"
        );
    }
}

//! Ids, tokens, join codes and secret seeds: random values from the operating system, and the
//! hashes that are all the store ever keeps of tokens and codes.

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

/// Crockford's base32 alphabet: no I, L, O or U, so codes survive being read aloud and typed.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    bytes
}

/// `len` base32 characters from fresh randomness (5 bits each; 256 is a multiple of 32, so
/// taking each byte modulo 32 is unbiased).
fn random_base32(len: usize) -> String {
    let bytes: Vec<u8> = (0..len).map(|_| random_bytes::<1>()[0]).collect();
    bytes.iter().map(|b| ALPHABET[(*b % 32) as usize] as char).collect()
}

/// A game id: 12 lower-case base32 characters (60 bits).
pub fn new_game_id() -> String {
    random_base32(12).to_ascii_lowercase()
}

/// A bearer token: 52 base32 characters (260 bits).
pub fn new_token() -> String {
    random_base32(52)
}

/// A join code as shown to people: `K7QX-M2PD` (40 bits). With the referee's limit on failed
/// joins per game (`Settings::join_failures_per_game`), guessing one is hopeless.
pub fn new_join_code() -> String {
    let raw = random_base32(8);
    format!("{}-{}", &raw[..4], &raw[4..])
}

/// A code as typed: case, spaces and dashes do not matter, and the letters people confuse
/// with digits are read as those digits.
pub fn normalize_join_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

/// A fresh 32-byte game seed.
pub fn new_seed() -> [u8; 32] {
    random_bytes()
}

/// What the store keeps of a token or code: lower-case hex SHA-256.
pub fn hash_secret(secret: &str) -> String {
    rules::random::to_hex(&Sha256::digest(secret.as_bytes()))
}

/// The referee's own secret (`REFEREE_SECRET`), shared by its replicas and never written to
/// Redis. It keys the hashes of join codes, so that a copy of the store does not let anyone
/// find the unused codes by trying all 2^40, and it derives the token a retried join is given
/// again.
#[derive(Clone)]
pub struct ServerKey([u8; 32]);

/// The key used when no `REFEREE_SECRET` is set: public, so fit only for a machine of one's own.
const DEVELOPMENT_SECRET: &str = "table-referee development key: set REFEREE_SECRET in production";

impl ServerKey {
    /// The key made from the operator's secret text.
    pub fn from_secret(secret: &str) -> ServerKey {
        ServerKey(Sha256::digest(secret.as_bytes()).into())
    }

    /// The public development key (see [`DEVELOPMENT_SECRET`]).
    pub fn development() -> ServerKey {
        ServerKey::from_secret(DEVELOPMENT_SECRET)
    }

    /// Whether this is the public development key.
    pub fn is_development(&self) -> bool {
        self.0 == ServerKey::development().0
    }

    /// HMAC-SHA-256 of `parts`, each preceded by its length so that no two lists collide.
    fn mac(&self, label: &str, parts: &[&str]) -> [u8; 32] {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        for part in std::iter::once(label).chain(parts.iter().copied()) {
            mac.update(&(part.len() as u64).to_be_bytes());
            mac.update(part.as_bytes());
        }
        mac.finalize().into_bytes().into()
    }

    /// What the store keeps of a game's join code (normalized): lower-case hex.
    pub fn join_code_hash(&self, game_id: &str, code: &str) -> String {
        rules::random::to_hex(&self.mac("join code", &[game_id, code]))
    }

    /// The token of `seat` for the join that the client named `client_key`: the same on every
    /// retry of that join, and unguessable without the key and the client's secret key.
    pub fn seat_token(&self, game_id: &str, seat: u8, client_key: &str) -> String {
        base32(&self.mac("seat token", &[game_id, &seat.to_string(), client_key]), 52)
    }

    /// The code the host's re-issue of `seat` named `client_key` hands out: the same on every
    /// retry of that re-issue.
    pub fn reissued_code(&self, game_id: &str, seat: u8, client_key: &str) -> String {
        let raw = base32(&self.mac("reissued code", &[game_id, &seat.to_string(), client_key]), 8);
        format!("{}-{}", &raw[..4], &raw[4..])
    }

    /// What a creation the client named `client_key` hands out — the game id, the host token
    /// and each seat's join code — the same on every retry of that creation.
    pub fn created(&self, client_key: &str, seats: u8) -> (String, String, Vec<String>) {
        let game_id = base32(&self.mac("game id", &[client_key]), 12).to_ascii_lowercase();
        let host = base32(&self.mac("host token", &[&game_id, client_key]), 52);
        let codes = (0..seats)
            .map(|seat| {
                let raw = base32(&self.mac("join code", &[&game_id, &seat.to_string(), client_key]), 8);
                format!("{}-{}", &raw[..4], &raw[4..])
            })
            .collect();
        (game_id, host, codes)
    }
}

/// The first `len` base32 characters of `bytes`, 5 bits each.
fn base32(bytes: &[u8; 32], len: usize) -> String {
    let bits: Vec<u8> = bytes.iter().flat_map(|b| (0..8).rev().map(move |i| (b >> i) & 1)).collect();
    bits.chunks(5).take(len).map(|c| ALPHABET[c.iter().fold(0usize, |a, b| a * 2 + *b as usize)] as char).collect()
}

/// Compares two hex hashes in time independent of where they differ.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_codes_are_short_and_forgiving_to_type() {
        let code = new_join_code();
        assert_eq!(code.len(), 9);
        assert_eq!(&code[4..5], "-");
        assert!(code.chars().all(|c| c == '-' || ALPHABET.contains(&(c as u8))));
        assert_eq!(normalize_join_code("k7qx m2pd"), "K7QXM2PD");
        assert_eq!(normalize_join_code("o1l-i"), "0111");
    }

    #[test]
    fn keyed_hashes_depend_on_the_key_the_game_and_the_code() {
        let (a, b) = (ServerKey::from_secret("one"), ServerKey::from_secret("two"));
        assert_eq!(a.join_code_hash("g1", "K7QXM2PD"), a.join_code_hash("g1", "K7QXM2PD"));
        assert_ne!(a.join_code_hash("g1", "K7QXM2PD"), b.join_code_hash("g1", "K7QXM2PD"));
        assert_ne!(a.join_code_hash("g1", "K7QXM2PD"), a.join_code_hash("g2", "K7QXM2PD"));
        assert_ne!(a.join_code_hash("g1", "K7QXM2PD"), hash_secret("K7QXM2PD"));
        let token = a.seat_token("g1", 0, "client-key-1");
        assert_eq!(token, a.seat_token("g1", 0, "client-key-1"), "a retry gets the same token");
        assert_eq!(token.len(), 52);
        assert!(token.bytes().all(|c| ALPHABET.contains(&c)));
        assert_ne!(token, a.seat_token("g1", 1, "client-key-1"));
        assert_ne!(token, a.seat_token("g1", 0, "client-key-2"));
        assert_ne!(token, b.seat_token("g1", 0, "client-key-1"));
    }

    #[test]
    fn tokens_differ_and_only_hashes_compare() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert!(same_hash(&hash_secret(&a), &hash_secret(&a)));
        assert!(!same_hash(&hash_secret(&a), &hash_secret(&b)));
        assert_eq!(new_game_id().len(), 12);
    }
}

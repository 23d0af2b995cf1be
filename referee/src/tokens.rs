//! Ids, tokens, join codes and secret seeds: random values from the operating system, and the
//! hashes that are all the store ever keeps of tokens and codes.

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
/// joins per game (see `store::JOIN_FAILURE_LIMIT`), guessing one is hopeless.
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
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
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
    fn tokens_differ_and_only_hashes_compare() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert!(same_hash(&hash_secret(&a), &hash_secret(&a)));
        assert!(!same_hash(&hash_secret(&a), &hash_secret(&b)));
        assert_eq!(new_game_id().len(), 12);
    }
}

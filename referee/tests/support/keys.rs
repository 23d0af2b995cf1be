//! Seats' signing keys for the tests, of either kind the referee takes.

use ed25519_dalek::Signer as _;
use rules::random::to_hex;

/// A seat's signing key, of either kind the referee takes.
pub enum Key {
    Ed25519(ed25519_dalek::SigningKey),
    P256(p256::ecdsa::SigningKey),
}

impl Key {
    pub fn ed25519(byte: u8) -> Key {
        Key::Ed25519(ed25519_dalek::SigningKey::from_bytes(&[byte; 32]))
    }

    pub fn p256(byte: u8) -> Key {
        Key::P256(p256::ecdsa::SigningKey::from_slice(&[byte; 32]).unwrap())
    }

    /// The public key as the referee writes it.
    pub fn public(&self) -> String {
        match self {
            Key::Ed25519(k) => format!("ed25519:{}", to_hex(k.verifying_key().as_bytes())),
            Key::P256(k) => format!("p256:{}", to_hex(k.verifying_key().to_sec1_point(false).as_bytes())),
        }
    }

    pub fn sign(&self, message: &[u8]) -> Vec<u8> {
        match self {
            Key::Ed25519(k) => k.sign(message).to_bytes().to_vec(),
            Key::P256(k) => {
                let signature: p256::ecdsa::Signature = k.sign(message);
                signature.to_bytes().to_vec()
            }
        }
    }
}

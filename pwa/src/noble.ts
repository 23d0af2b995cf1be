// The noble path of `crypto.ts`: what a page without WebCrypto (plain http at a LAN address)
// uses instead, from the audited @noble/hashes and @noble/curves. Loaded only on that path, as a
// chunk of its own. Checked strictly, as the referee checks (docs/randomness.md, "Signatures"):
// Ed25519 by RFC 8032, not ZIP 215; P-256 signatures as WebCrypto writes them (r || s, 64
// bytes, over SHA-256 of the message), high or low S alike.
import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

export function hmacSha256(key: Uint8Array, data: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, data);
}

/** A new Ed25519 secret key: 32 bytes from the browser's random source (which every page
 * has, secure or not). */
export function newEd25519Secret(): Uint8Array {
  return ed25519.utils.randomSecretKey();
}

export function ed25519PublicKey(secret: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(secret);
}

export function ed25519Sign(secret: Uint8Array, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, secret);
}

export function ed25519Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}

export function p256Verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return p256.verify(signature, message, publicKey, { prehash: true, lowS: false, format: "compact" });
  } catch {
    return false;
  }
}

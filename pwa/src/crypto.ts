// The cryptography the app needs, and the one place that calls it: SHA-256, HMAC-SHA-256,
// Ed25519 (make a key, sign, verify) and P-256 verification.
//
// Two paths give the same bytes (docs/randomness.md, "In the browser"):
// - WebCrypto (`crypto.subtle`), where the page has it: a secure context (https, or the
//   machine's own localhost). A seat's private key is then made not extractable.
// - The audited noble libraries (`@noble/hashes`, `@noble/curves`), where it does not: plain
//   http at a LAN address (the host's laptop on the table's Wi-Fi), where browsers withhold
//   WebCrypto. They are loaded only then (`./noble`), so a secure page never downloads them. A
//   seat's private key is then 32 bytes the page can read; it is kept in this phone's
//   IndexedDB all the same and never sent anywhere.
// The test vectors are checked on both paths (`crypto.test.ts`, `verify.test.ts`).
import { fromHex, toHex } from "./digest";
import { InWords } from "./errors";

/** Which library does the work: the browser's own, or noble's. */
export type CryptoPath = "webcrypto" | "noble";

let forced: CryptoPath | null = null;

/** Forces one path (the tests run every vector on both); null: choose as the page allows. */
export function forcePath(path: CryptoPath | null): void {
  forced = path;
}

/** The browser's WebCrypto, or null where this page has none (an insecure context). */
function subtle(): SubtleCrypto | null {
  if (forced === "noble") return null;
  return globalThis.crypto?.subtle ?? null;
}

/** The path this page uses. */
export function cryptoPath(): CryptoPath {
  return subtle() ? "webcrypto" : "noble";
}

type Noble = typeof import("./noble");
let nobleModule: Promise<Noble> | null = null;

/** noble's functions, loaded on first use (a chunk of their own). */
function noble(): Promise<Noble> {
  nobleModule ??= import("./noble").catch((e) => {
    nobleModule = null;
    console.warn("noble could not be loaded:", e);
    throw new CryptoUnavailable("the code it signs and checks with could not be loaded");
  });
  return nobleModule;
}

/** Thrown when neither path can do the work (the noble chunk could not be fetched): the
 * message says why, in words a player can act on. */
export class CryptoUnavailable extends InWords {
  constructor(why: string) {
    super(`This phone cannot check or sign right now: ${why}. Check the connection and reload the page.`);
    this.name = "CryptoUnavailable";
  }
}

/** Makes sure this page can hash, sign and check before anything is sent (on the noble path,
 * by loading it), so that a failure shows before a game is created rather than after. */
export async function cryptoReady(): Promise<void> {
  if (!subtle()) await noble();
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  const s = subtle();
  if (s) return new Uint8Array(await s.digest("SHA-256", data as BufferSource));
  return (await noble()).sha256(data);
}

export async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const s = subtle();
  if (s) {
    const k = await s.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await s.sign("HMAC", k, data as BufferSource));
  }
  return (await noble()).hmacSha256(key, data);
}

/** A seat's key: the public half as the referee writes it (`ed25519:<64 hex>` or
 * `p256:<130 hex>`, uncompressed SEC1), and the private half to sign with: a WebCrypto key that
 * cannot be read out, or, on the noble path, the Ed25519 secret key's 32 bytes. */
export type SeatKey = { publicKey: string; privateKey: CryptoKey } | { publicKey: string; secretKey: Uint8Array };

const ED25519 = { name: "Ed25519" };
const P256 = { name: "ECDSA", namedCurve: "P-256" };

/** A new key pair: Ed25519 where the browser makes it, else ECDSA over P-256, both not
 * extractable; on the noble path, Ed25519 from 32 random bytes. */
export async function newSeatKey(): Promise<SeatKey> {
  const s = subtle();
  if (s) {
    for (const [algorithm, kind] of [
      [ED25519, "ed25519"],
      [P256, "p256"],
    ] as const) {
      try {
        const pair = (await s.generateKey(algorithm, false, ["sign", "verify"])) as CryptoKeyPair;
        const raw = new Uint8Array(await s.exportKey("raw", pair.publicKey));
        return { publicKey: `${kind}:${toHex(raw)}`, privateKey: pair.privateKey };
      } catch {
        /* not in this browser: try the next */
      }
    }
  }
  const n = await noble();
  const secretKey = n.newEd25519Secret();
  return { publicKey: `ed25519:${toHex(n.ed25519PublicKey(secretKey))}`, secretKey };
}

/** The signature (128 hex digits) of `key` over `message`. */
export async function signWith(key: SeatKey, message: Uint8Array): Promise<string> {
  if ("secretKey" in key) return toHex((await noble()).ed25519Sign(key.secretKey, message));
  const s = subtle();
  if (!s) throw new CryptoUnavailable("this key was made where the browser's own cryptography was available, and it is not here");
  const algorithm = key.publicKey.startsWith("ed25519:") ? ED25519 : { name: "ECDSA", hash: "SHA-256" };
  return toHex(new Uint8Array(await s.sign(algorithm, key.privateKey, message as BufferSource)));
}

/** Whether `signatureHex` is `publicKey`'s (as the referee writes keys) over `message`. A key or
 * signature that cannot be read does not hold. WebCrypto where it knows the algorithm, else noble. */
export async function signatureHolds(publicKey: string, message: Uint8Array, signatureHex: string): Promise<boolean> {
  const [kind, hex] = publicKey.split(":");
  if ((kind !== "ed25519" && kind !== "p256") || hex === undefined) return false;
  let key: Uint8Array;
  let signature: Uint8Array;
  try {
    key = fromHex(hex);
    signature = fromHex(signatureHex);
  } catch {
    return false;
  }
  const s = subtle();
  if (s) {
    const algorithm = kind === "ed25519" ? ED25519 : P256;
    const verifyWith = kind === "ed25519" ? ED25519 : { name: "ECDSA", hash: "SHA-256" };
    try {
      const k = await s.importKey("raw", key as BufferSource, algorithm, false, ["verify"]);
      return await s.verify(verifyWith, k, signature as BufferSource, message as BufferSource);
    } catch (e) {
      // A key WebCrypto cannot read holds nothing; an algorithm it lacks is noble's to check.
      if ((e as Error).name !== "NotSupportedError") return false;
    }
  }
  const n = await noble();
  return kind === "ed25519" ? n.ed25519Verify(key, message, signature) : n.p256Verify(key, message, signature);
}

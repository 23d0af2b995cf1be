// The two paths of crypto.ts give the same bytes and accept each other's keys and signatures:
// a phone without WebCrypto (plain http at a LAN address) signs what a phone with it checks,
// and checks what any browser signed.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createHmac, webcrypto } from "node:crypto";
import { type CryptoPath, cryptoPath, forcePath, hmacSha256, newSeatKey, sha256, signWith, signatureHolds } from "./crypto";
import { fromHex, toHex } from "./digest";
import { actionMessage, joinMessage } from "./keys";

const recordVectors = (name: string) => readFileSync(new URL(`../../referee/tests/vectors/${name}`, import.meta.url), "utf8").trim();
const text = (s: string) => new TextEncoder().encode(s);
const on = <T>(path: CryptoPath, f: () => Promise<T>): Promise<T> => {
  forcePath(path);
  return f().finally(() => forcePath(null));
};
const PATHS: CryptoPath[] = ["webcrypto", "noble"];

afterEach(() => forcePath(null));

describe("the paths", () => {
  it("uses WebCrypto where the page has it and noble where forced or missing", () => {
    expect(cryptoPath()).toBe("webcrypto");
    forcePath("noble");
    expect(cryptoPath()).toBe("noble");
  });

  it("hash and HMAC alike on both", async () => {
    for (const path of PATHS) {
      await on(path, async () => {
        expect(toHex(await sha256(text("abc")))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        expect(toHex(await sha256(new Uint8Array()))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        // RFC 4231, test case 2, and a key longer than a block.
        expect(toHex(await hmacSha256(text("Jefe"), text("what do ya want for nothing?")))).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        const long = new Uint8Array(131).fill(0xaa);
        expect(toHex(await hmacSha256(long, text("x")))).toBe(createHmac("sha256", long).update("x").digest("hex"));
      });
    }
  });
});

describe("keys and signatures across the paths", () => {
  it("checks the referee's published Ed25519 signature on both", async () => {
    const key = recordVectors("ed25519_public_key.txt");
    const message = actionMessage("g1", 1, "k1", "roll 2d6");
    for (const path of PATHS) {
      await on(path, async () => {
        expect(await signatureHolds(key, message, recordVectors("action_signature.txt"))).toBe(true);
        expect(await signatureHolds(key, actionMessage("g1", 2, "k1", "roll 2d6"), recordVectors("action_signature.txt"))).toBe(false);
      });
    }
  });

  it("makes an Ed25519 key on the noble path whose signatures both paths accept", async () => {
    const key = await on("noble", newSeatKey);
    expect(key.publicKey).toMatch(/^ed25519:[0-9a-f]{64}$/);
    expect("secretKey" in key && key.secretKey.length).toBe(32);
    const message = joinMessage("g1", key.publicKey, "ab".repeat(32), "", "Ann");
    const signature = await signWith(key, message);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    for (const path of PATHS) {
      await on(path, async () => {
        expect(await signatureHolds(key.publicKey, message, signature)).toBe(true);
        expect(await signatureHolds(key.publicKey, joinMessage("g1", key.publicKey, "ab".repeat(32), "", "Bea"), signature)).toBe(false);
      });
    }
    // Ed25519 is deterministic: the same bytes on the browser's side too.
    const pkcs8 = fromHex("302e020100300506032b657004220420" + toHex((key as { secretKey: Uint8Array }).secretKey));
    const browserKey = await webcrypto.subtle.importKey("pkcs8", pkcs8, { name: "Ed25519" }, false, ["sign"]);
    expect(toHex(new Uint8Array(await webcrypto.subtle.sign({ name: "Ed25519" }, browserKey, message)))).toBe(signature);
  });

  it("makes a non-extractable key on the WebCrypto path that the noble path accepts", async () => {
    const key = await on("webcrypto", newSeatKey);
    expect("privateKey" in key && key.privateKey.extractable).toBe(false);
    const message = actionMessage("g1", 3, "k2", "e2e4");
    const signature = await on("webcrypto", () => signWith(key, message));
    expect(await on("noble", () => signatureHolds(key.publicKey, message, signature))).toBe(true);
  });

  it("checks P-256 signatures from any browser on both paths, with either S", async () => {
    const pair = (await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const publicKey = `p256:${toHex(new Uint8Array(await webcrypto.subtle.exportKey("raw", pair.publicKey)))}`;
    const message = actionMessage("g1", 4, "k3", "Nf3");
    const signature = new Uint8Array(await webcrypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, message));
    // The same signature with S replaced by n - S: valid ECDSA, which WebCrypto may write.
    const n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const s = BigInt(`0x${toHex(signature.slice(32))}`);
    const flipped = new Uint8Array([...signature.slice(0, 32), ...fromHex((n - s).toString(16).padStart(64, "0"))]);
    for (const path of PATHS) {
      await on(path, async () => {
        expect(await signatureHolds(publicKey, message, toHex(signature))).toBe(true);
        expect(await signatureHolds(publicKey, message, toHex(flipped))).toBe(true);
        expect(await signatureHolds(publicKey, actionMessage("g1", 5, "k3", "Nf3"), toHex(signature))).toBe(false);
      });
    }
  });

  it("holds nothing for a key or signature that cannot be read, on both", async () => {
    const key = recordVectors("ed25519_public_key.txt");
    const message = actionMessage("g1", 1, "k1", "roll 2d6");
    for (const path of PATHS) {
      await on(path, async () => {
        expect(await signatureHolds(key, message, "00".repeat(64))).toBe(false);
        expect(await signatureHolds(key, message, "zz")).toBe(false);
        expect(await signatureHolds("ed25519:00", message, recordVectors("action_signature.txt"))).toBe(false);
        expect(await signatureHolds(`p256:04${"00".repeat(64)}`, message, "00".repeat(64))).toBe(false);
        expect(await signatureHolds("rsa:00", message, "00")).toBe(false);
      });
    }
  });
});

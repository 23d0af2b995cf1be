// Hex and the length-prefixed fields everything signed or chained is written in, on their own
// so that joining a game does not load the fairness check (`verify.ts`) with it. SHA-256 and the
// rest of the cryptography are `crypto.ts`'s.

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error("not hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function u32be(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

const encoder = new TextEncoder();

/** Each part (text as UTF-8) as `u32be(length) || bytes`, one after another: how the referee
 * writes everything its chain hashes and its seats sign (docs/randomness.md). */
export function fields(parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  return concat(
    parts.flatMap((p) => {
      const bytes = typeof p === "string" ? encoder.encode(p) : p;
      return [u32be(bytes.length), bytes];
    }),
  );
}

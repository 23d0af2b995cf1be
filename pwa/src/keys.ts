// A seat's key pair, made on this phone when it joins, so that nobody — the referee's operator
// included — can put an action in this seat's name: the referee takes the public key with the
// join and then refuses any action of the seat without its signature, and the record keeps
// every signature for the fairness check. The private key is kept in this phone's IndexedDB and
// never leaves the phone: not extractable where WebCrypto made it, 32 bytes the page can read
// where it did not (an insecure context: `crypto.ts`). Ed25519 where the browser has it, else
// ECDSA over P-256 (docs/randomness.md, "Signatures").
import { del, get, set } from "idb-keyval";
import { fields } from "./digest";
import type { SeatKey } from "./crypto";

export { type SeatKey, newSeatKey, signWith } from "./crypto";

/** What a seat signs when it joins: the game, its key, its entropy commitment and entropy sent
 * in the clear (hex, "" where not sent), and its name as the referee records it (trimmed). */
export function joinMessage(gameId: string, publicKey: string, commitmentHex: string, entropyHex: string, name: string): Uint8Array {
  return fields(["table-referee/v2/join", gameId, publicKey, commitmentHex, entropyHex, name]);
}

/** What a seat signs with each action: the game, the `seq` it acted on, the action's
 * idempotency key and the action as sent. */
export function actionMessage(gameId: string, seq: number, idempotencyKey: string, action: string): Uint8Array {
  return fields(["table-referee/v2/action", gameId, String(seq), idempotencyKey, action]);
}

const stored = (id: string) => `referee.key.${id}`;

/** Keeps `key` under `id` on this phone; true only if it can be read back (a private window
 * may keep nothing, and a key that cannot be kept must not be registered). */
export async function keepKey(id: string, key: SeatKey): Promise<boolean> {
  try {
    await set(stored(id), key);
    return (await get<SeatKey>(stored(id)))?.publicKey === key.publicKey;
  } catch {
    return false;
  }
}

/** The key kept under `id`, if any. */
export async function keptKey(id: string): Promise<SeatKey | null> {
  try {
    return (await get<SeatKey>(stored(id))) ?? null;
  } catch {
    return null;
  }
}

export async function dropKey(id: string): Promise<void> {
  try {
    await del(stored(id));
  } catch {
    /* nothing kept */
  }
}

/** Where a seat's key is kept: per game and seat, so a phone passed round holds one per seat. */
export const seatKeyId = (gameId: string, seat: number) => `${gameId}.${seat}`;

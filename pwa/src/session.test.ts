// Which links of the record's chain a phone keeps: the first, the latest, one every ten
// events, a bounded number in all.
import { describe, expect, it } from "vitest";
import { CHECKPOINTS_KEPT, type Kept, checkpointArgs, verifyCommand, withCheckpoint } from "./session";

const link = (n: number) => n.toString(16).padStart(64, "0");
const see = (seqs: number[], kept: Kept[] = []) => seqs.reduce((k, seq) => withCheckpoint(k, seq, link(seq)), kept);

describe("checkpoints", () => {
  it("keeps the first, the latest and every tenth", () => {
    const kept = see(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(kept.map((k) => k.seq)).toEqual([1, 10, 20, 26]);
    expect(kept.every((k) => k.chain === link(k.seq))).toBe(true);
  });

  it("keeps the first link seen for a seq and ignores views without a link", () => {
    let kept = see([0, 1]);
    kept = withCheckpoint(kept, 1, link(99));
    kept = withCheckpoint(kept, 2, "");
    kept = withCheckpoint(kept, 3, "XYZ");
    expect(kept).toEqual([
      { seq: 0, chain: link(0) },
      { seq: 1, chain: link(1) },
    ]);
  });

  it("stays bounded in a long game, keeping its first and latest", () => {
    const kept = see(Array.from({ length: 2000 }, (_, i) => i));
    expect(kept.length).toBeLessThanOrEqual(CHECKPOINTS_KEPT);
    expect(kept.length).toBeGreaterThan(8);
    expect(kept[0].seq).toBe(0);
    expect(kept.at(-1)!.seq).toBe(1999);
  });
});

describe("checkpoints for the referee's verifier", () => {
  it("writes one --checkpoint SEQ:HEX per kept link, oldest first", () => {
    const kept = see([0, 10, 13]);
    expect(checkpointArgs(kept)).toEqual([`--checkpoint 0:${link(0)}`, `--checkpoint 10:${link(10)}`, `--checkpoint 13:${link(13)}`]);
  });

  it("puts them in a command to paste into a shell, one argument a line", () => {
    const kept = see([1, 2]);
    expect(verifyCommand("audit-ab12.json", kept)).toBe(`referee verify audit-ab12.json \\\n  --checkpoint 1:${link(1)} \\\n  --checkpoint 2:${link(2)}`);
    expect(verifyCommand("audit.json", [])).toBe("referee verify audit.json");
  });
});

// Re-derives every draw of a finished game in this browser and says whether they match, with
// each seat's share of the randomness checked against the seal it sent when joining, and
// recomputes the record's chain, which must pass through every link this phone kept.
import { useEffect, useState } from "preact/hooks";
import { ApiError, type View, api, sideName } from "../api";
import { errorWords } from "../errors";
import { withFaces } from "../cards";
import { keptKey, seatKeyId } from "../keys";
import { type Kept, checkpoints, load, verifyCommand } from "../session";
import { drawMeanings } from "../drawMeanings";
import { type AuditRecord, type Contribution, type Verdict, drawnLine, verifyAudit } from "../verify";

/** One seat's share in words: what it added and whether it matches its seal. */
function Share({ c, view }: { c: Contribution; view: View | null }) {
  const who = view ? sideName(view, c.seat) : `Seat ${c.seat + 1}`;
  if (!c.hex) {
    return (
      <li data-seat={c.seat}>
        <strong>{who}</strong>: {c.committed ? "sealed a share when joining, never revealed (the list above says why)." : "no randomness of its own."}
      </li>
    );
  }
  const what = c.random
    ? `its phone's random digits ${c.random.slice(0, 8)}…${c.phrase ? ` and the words “${c.phrase}”` : ""}`
    : c.phrase !== null
      ? `the words “${c.phrase}”`
      : `the bytes ${c.hex.slice(0, 16)}${c.hex.length > 16 ? "…" : ""}`;
  return (
    <li data-seat={c.seat}>
      <strong>{who}</strong>: {what}.{" "}
      {c.committed ? (c.matches ? "✓ Sealed when joining; matches its seal." : "✗ Does not match the seal it sent when joining.") : "Sent in the clear when joining."}
    </li>
  );
}

/** The public keys of the seats this phone joined, by seat, to find them in the record. */
async function ownKeys(gameId: string): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const seat of Object.keys(load(gameId).seats).map(Number)) {
    const key = await keptKey(seatKeyId(gameId, seat));
    if (key) out.set(seat, key.publicKey);
  }
  return out;
}

/** A download link for `text` (a data URL, so it works offline too). */
const textUrl = (text: string, type = "text/plain") => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;

/** The links this phone kept, for the referee's own verifier: the command with one
 * `--checkpoint SEQ:HEX` per link, to copy or download, and the record to run it on. */
function KeptLinks({ gameId, kept, record }: { gameId: string; kept: Kept[]; record: unknown }) {
  const [note, setNote] = useState("");
  const file = `audit-${gameId}.json`;
  const command = verifyCommand(file, kept);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setNote("Copied.");
    } catch {
      setNote("Select the text and copy it.");
    }
  };
  return (
    <section class="kept-links" aria-labelledby="kept-links">
      <h2 id="kept-links">Check it yourself</h2>
      <p>
        The referee's own verifier re-checks the rules, the draws and the chain. This phone kept {kept.length} {kept.length === 1 ? "link" : "links"} of
        the chain; {record !== null ? "save the record and run:" : "once the game is over, save its record here and run:"}
      </p>
      <label>
        Command with this phone's checkpoints
        <textarea readOnly rows={Math.min(kept.length + 1, 8)} name="checkpoints" value={command} onFocus={(e) => (e.target as HTMLTextAreaElement).select()} />
      </label>
      <div class="actions">
        <button onClick={copy}>Copy checkpoints</button>
        <a class="button" download={`checkpoints-${gameId}.txt`} href={textUrl(command + "\n")}>
          Download checkpoints
        </a>
        {record !== null && (
          <a class="button" download={file} href={textUrl(JSON.stringify(record, null, 2) + "\n", "application/json")}>
            Download the record
          </a>
        )}
        <span class="facts" aria-live="polite">
          {note}
        </span>
      </div>
    </section>
  );
}

/** How a verdict reads: held, broken, or not checked here (which says nothing against the record). */
const verdictClass = (v: { ok: boolean; unchecked?: string }) => (v.ok ? "ok" : v.unchecked ? "unchecked" : "error");

export function Fairness({ gameId }: { gameId: string }) {
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [pending, setPending] = useState("");
  const [record, setRecord] = useState<unknown>(null);
  const kept = checkpoints(gameId);
  const nameOf = (seat: number) => (view ? sideName(view, seat) : `Seat ${seat + 1}`);
  /** The verifier's sentences ("Seat 2 joined without a key") with the players as the table
   * names them ("Bob (Black) joined without a key"). */
  const named = (line: string) => line.replace(/\bSeat (\d+)\b/g, (seat, n) => (view ? nameOf(Number(n) - 1) : seat));
  // What the draws mean in the games whose sentences do not say it (a pile's order, a capture's dice).
  const meanings = verdict?.ok && record !== null ? drawMeanings(record as AuditRecord, nameOf) : new Map<number, string[]>();
  useEffect(() => {
    api.audit(gameId).then(
      async (record) => {
        setRecord(record);
        setVerdict(await verifyAudit(record, checkpoints(gameId), await ownKeys(gameId)));
      },
      (e) =>
        setPending(
          e instanceof ApiError && e.status === 409
            ? "The seed is revealed when the game is over. Until then, note the commitment: the game page keeps it under “Fingerprints to note down”."
            : `The check could not run: the record could not be fetched. ${errorWords(e, "Fetching the record")}`,
        ),
    );
    // The spectator's view, for the seats' sides and names.
    api.view(gameId).then(setView, () => undefined);
  }, [gameId]);
  return (
    <main>
      <h1>Fair draws?</h1>
      {pending && <p class="status">{pending}</p>}
      {!verdict && !pending && <p>Checking…</p>}
      {verdict && (
        <>
          <p class={verdictClass(verdict)} role="status" data-verdict={verdictClass(verdict)}>
            {verdict.ok
              ? "✓ Every draw matches the seed."
              : verdict.unchecked
                ? `The draws could not be checked on this phone, so this says nothing against the record. ${verdict.unchecked}`
                : "✗ The record does not match the seed."}
          </p>
          <p class={`${verdictClass(verdict.chain)} chain`} data-chain={verdict.chain.unchecked ? "unchecked" : verdict.chain.ok ? "ok" : "broken"}>
            {named(verdict.chain.line)}
          </p>
          <p class={`${verdictClass(verdict.signatures)} signatures`} data-signatures={verdict.signatures.unchecked ? "unchecked" : verdict.signatures.ok ? "ok" : "broken"}>
            {named(verdict.signatures.line)}
          </p>
          <ul>
            {verdict.lines.map((l, i) => (
              <li key={i}>{named(l)}</li>
            ))}
          </ul>
          {verdict.contributions.length > 0 && (
            <>
              <h2>Each seat's share</h2>
              <ul class="shares" aria-label="each seat's share">
                {verdict.contributions.map((c) => (
                  <Share key={c.seat} c={c} view={view} />
                ))}
              </ul>
            </>
          )}
          {verdict.drawn.length > 0 && (
            <>
              <h2>What was drawn</h2>
              <ol class="drawn" aria-label="what was drawn">
                {verdict.drawn.map((d) => (
                  <li key={d.seq}>
                    {withFaces(drawnLine(d, nameOf))}
                    {meanings.has(d.seq) && (
                      <ul>
                        {meanings.get(d.seq)!.map((m, i) => (
                          <li key={i}>{m}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            </>
          )}
          {kept.length === 0 && (
            <p class="facts">
              The rules themselves are checked by the referee's own verifier: <code>referee verify audit.json</code>.
            </p>
          )}
        </>
      )}
      <h2>How the check works</h2>
      <p>
        When the game was created the referee published a fingerprint (SHA-256) of its secret seed. Now that the game is over the seed is revealed, and
        this page recomputes every card and die from it, in your browser. Every event of the record is also chained to the one before it, and every
        view this phone received showed the chain so far: the phone kept some of those links, and the final record must pass through each of them.
      </p>
      <p class="operator">
        What whoever runs the referee can and cannot do. It could not choose the draws: the seed was fixed and sealed before anyone joined, and each phone
        sealed its own random share before any share was revealed. It could not tell anyone a secret through the chain: every event enters the chain
        sealed with a salt from the seed, so a link seen during the game says nothing about a burial, a hand or a sealed move. It cannot rewrite the
        record: options, moves, draws, times and what the table was told are all in the chain, and a record changed afterwards, even with every link
        recomputed, no longer passes through the links the players' phones kept. It cannot act in your name: your phone made a key when it joined and
        signed every one of your actions with it, and the key never left the phone. What remains: the referee sees every move and every hand as it happens
        (it is the referee); a seat that joined from a program without a key has only the referee's word for its actions; and where two seats draw from
        the same pile at the same moment, it decides who was first.
      </p>
      {kept.length > 0 && <KeptLinks gameId={gameId} kept={kept} record={record} />}
      <a class="button" href={`#/game/${gameId}`}>
        Back to the game
      </a>
    </main>
  );
}

// What the two solitaires' screens share: cards face up (with the piece each stands for), piles
// face down with their counts and the score now beside them, the groups, the last thing done,
// the end panel (won or lost, the score, and for Parade the par the referee proved), and giving
// up.
import type { ComponentChildren } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { type GameView, type Par, api, courtesies } from "../api";
import { cardFace, cardName, isRed, withFaces } from "../cards";
import { againstPar, cardPieceWords, cardsWords, dealPar, endWords, groupsWords, paradeParMeaning, paradeParWords, scoreText } from "../games/shared/solitaire";
import { RecordToken } from "./Record";
import "../games/shared/solitaire.css";
import { errorWords } from "../errors";

/** One card face up, with the piece (or the move) it stands for under its face. */
export function CardFace({ card, note, latest }: { card: string; note?: string | null; latest?: boolean }) {
  const under = note === undefined ? cardPieceWords(card) : note;
  return (
    <li class={`playing-card solitaire-card ${isRed(card) ? "red" : ""} ${latest ? "latest" : ""}`} data-card={card} aria-label={`${cardName(card)}${under ? `: ${under}` : ""}`}>
      <span class="card-face" aria-hidden="true">
        {cardFace(card)}
      </span>
      {under && (
        <span class="card-piece" aria-hidden="true">
          {under}
        </span>
      )}
    </li>
  );
}

/** A row of cards face up, the newest last (or "none yet"). */
export function CardRow({ cards, label, notes, latestLast }: { cards: string[]; label: string; notes?: (string | null)[]; latestLast?: boolean }) {
  if (!cards.length) return <p class="facts">{label}: none yet.</p>;
  return (
    <ul class="solitaire-cards" aria-label={label}>
      {cards.map((c, i) => (
        <CardFace key={`${c}-${i}`} card={c} note={notes ? notes[i] : undefined} latest={latestLast && i === cards.length - 1} />
      ))}
    </ul>
  );
}

/** A pile face down: a card back with how many cards it holds, its name under it. */
export function Pile({ name, count, id }: { name: string; count: number; id: string }) {
  return (
    <div class={`pile ${count === 0 ? "empty" : ""}`} role="group" aria-label={`${name}: ${cardsWords(count)}${count ? " face down" : ""}`} data-pile={id}>
      <span class="card-back" aria-hidden="true">
        {count}
      </span>
      <span class="pile-name" aria-hidden="true">
        {name}
      </span>
    </div>
  );
}

/** The piles in a row. */
export function Piles({ children }: { children: ComponentChildren }) {
  return (
    <section class="solitaire-piles" aria-label="cards">
      {children}
    </section>
  );
}

/** The score if the pieces formed one group now, beside the piles (where it comes from said
 * with it); nothing once the game is over, when the result says it. */
export function ScoreNow({ view, score, why }: { view: GameView; score: number; why: string }) {
  if (view.status === "over") return null;
  return (
    <div class="pile score-now" role="group" aria-label={`Score now ${scoreText(score)}: ${why}`} data-score-now={score} title={why}>
      <span class="score-box" aria-hidden="true">
        {scoreText(score)}
      </span>
      <span class="pile-name" aria-hidden="true">
        Score now
      </span>
    </div>
  );
}

/** How many groups the pieces form, and which neighbours join one. */
export function GroupsLine({ groups, touch }: { groups: number; touch: string }) {
  return (
    <p class="groups-line" data-groups={groups}>
      <strong>{groupsWords(groups)}</strong> <span class="facts">{touch}</span>
    </p>
  );
}

/** The last thing done, as the referee said it (cards as faces), beside the board. */
export function LastSaid({ view }: { view: GameView }) {
  const last = view.played.at(-1);
  if (!last || view.status === "over") return null;
  return (
    <p class="facts last-said" data-last-said>
      Last: {withFaces(last.said)}
    </p>
  );
}

/** The par of Parade's deal, fetched once the game is over (the first request may take a few
 * seconds while the referee searches); kept for the page's life, since it never changes. */
const parsKept = new Map<string, Par[]>();

export function usePar(gameId: string, over: boolean): { par: Par | undefined; working: boolean; error: string; retry: () => void } {
  const token = useContext(RecordToken);
  const [pars, setPars] = useState<Par[] | undefined>(parsKept.get(gameId));
  const [error, setError] = useState("");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!over || pars) return;
    let closed = false;
    setError("");
    api.getPars(gameId, token).then(
      (r) => {
        parsKept.set(gameId, r.pars);
        if (!closed) setPars(r.pars);
      },
      (e) => !closed && setError(errorWords(e, "Fetching the par")),
    );
    return () => {
      closed = true;
    };
  }, [gameId, over, attempt]);
  return { par: pars && dealPar(pars), working: over && !pars && !error, error, retry: () => setAttempt((n) => n + 1) };
}

/** The par of the deal, under the result: working out, the par with its line, or why none. */
function ParLine({ view, score }: { view: GameView; score: number | undefined }) {
  const { par, working, error, retry } = usePar(view.game_id, view.status === "over");
  if (working)
    return (
      <p class="par" data-par="working" aria-live="polite">
        working out par…
      </p>
    );
  if (error)
    return (
      <p class="facts" data-par="error">
        The par could not be fetched: {error}{" "}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </p>
    );
  if (!par) return <p class="facts" data-par="none">No par: the referee works out the par of a deal played to its end.</p>;
  const compared = againstPar(score, par);
  return (
    <div class="par" data-par={par.kind}>
      <p class="par-words" aria-live="polite">
        <strong>{paradeParWords(par)}</strong>
      </p>
      <p class="facts">
        {paradeParMeaning(par)}
        {compared ? ` ${compared}` : ""}
      </p>
    </div>
  );
}

/** The end of a solitaire: won or lost, the score, the referee's reason, and (with `par`) the
 * deal's par. */
export function EndPanel({ view, par, children }: { view: GameView; par?: boolean; children?: ComponentChildren }) {
  if (view.status !== "over") return null;
  const end = endWords(view.outcome);
  const score = view.outcome?.scores?.[0] ?? view.outcome?.teams[0]?.score;
  return (
    <section class={`card solitaire-end ${end.won ? "won" : "lost"}`} aria-label="result">
      <h2 data-result={end.won ? "win" : "loss"}>
        {end.head}
        {end.score && <span class="end-score"> · {end.score}</span>}
      </h2>
      <p>{end.reason}</p>
      {par && <ParLine view={view} score={score} />}
      {children}
    </section>
  );
}

/** Giving up the deal, asked first: a loss without a score. */
export function GiveUp({ view, act }: { view: GameView; act: (a: string) => Promise<void> }) {
  if (!courtesies(view).includes("resign")) return null;
  return (
    <div class="actions">
      <button
        class="danger"
        onClick={() => {
          if (confirm("Give up this deal? It counts as lost, without a score.")) void act("resign");
        }}
      >
        Give up
      </button>
    </div>
  );
}

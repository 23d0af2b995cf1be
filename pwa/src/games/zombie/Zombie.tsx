// Zombie Chess at the table: after a capture, tap one of your pieces to bury the captured piece
// under it (only your phone marks where); zombies stand on a coin; after your move, move each
// of your zombies once, then Done. What the table hears (no zombie here, a pawn rises there) is
// shown on both phones.
import type { ZombieFields, ZombiePrivate } from "../../generated/zombie";
import { useMemo } from "preact/hooks";
import { type GameView, gameActions, sideName, stageOf, turnOf } from "../../api";
import { colourOf } from "../../components/ChessControls";
import { Record } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { TapChess } from "../../components/TapChess";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import { stageWords } from "../stages";
import { names, stageVerb } from "../../words";
import "../../components/variants.css";

export type ZombieView = GameView<ZombieFields, ZombiePrivate>;

/** What the viewer is asked in its stage, or whose turn it is. */
function prompt(view: ZombieView): string {
  if (view.outcome) return view.outcome.reason;
  const mover = turnOf(view);
  if (mover === null) return "";
  const check = view.game.check ? " — check!" : "";
  if (mover !== view.seat) {
    return `${sideName(view, mover)} to ${stageVerb(stageOf(view, mover) ?? "move", stageWords("zombie"))}${check}`;
  }
  switch (stageOf(view, view.seat)) {
    case "bury":
      return "You captured: tap one of your pieces to bury the captured piece under it";
    case "horde":
      return "Move each of your zombies once, then Done: a zombie that does not move crumbles";
    default:
      return `Your move${check}`;
  }
}

/** "2 pawns, knight" — a side's pieces in a pile. */
function pile(pieces: string[]): string {
  if (!pieces.length) return "none";
  const count = new Map<string, number>();
  for (const p of pieces) count.set(p, (count.get(p) ?? 0) + 1);
  return [...count].map(([p, n]) => (n > 1 ? `${n} ${p}s` : p)).join(", ");
}

export function ZombieGame({ view, act, message, setMessage }: ScreenProps<ZombieView>) {
  const seat = view.seat;
  const colour = colourOf(view, seat);
  const stage = stageOf(view, seat);
  const legal = gameActions(view);
  const moves = stage === "move" || stage === "horde" ? legal.filter((a) => UCI.test(a)) : [];
  const burials = useMemo(() => new Map(legal.filter((a) => a.startsWith("bury ")).map((a) => [a.slice(5), a])), [view.seq]);
  const g = view.game;
  const heard = g.heard;
  const mine = view.private?.burials ?? [];
  return (
    <section class="game chess zombie">
      <p class="status" role="status" aria-live="polite">
        {prompt(view)}
      </p>
      {heard.length > 0 && (
        <p class="banner heard" aria-label="heard at the table">
          Heard at the table: {names(heard)}.
        </p>
      )}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={act}
        setMessage={setMessage}
        explain={(move) => act(move)}
        cellActions={stage === "bury" ? burials : undefined}
        cellPrompt="Tap one of your marked pieces: the captured piece is buried under it."
        label={seat === null ? "board" : `board, you play ${colour}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {stage === "horde" && (
        <div class="actions">
          <button class="primary" onClick={() => act("done")}>
            Done
          </button>
        </div>
      )}
      <ul class="legend facts" aria-label="what the marks mean">
        <li>
          <span class="disc coin" /> a coin under a piece: a zombie
        </li>
        {seat !== null && (
          <li>
            <span class="outline buried" /> dashed purple: you buried a piece under it (only your phone shows it)
          </li>
        )}
      </ul>
      {seat !== null && (
        <p class="burials">
          Your burials: {mine.length ? mine.map((b) => `${b.piece} under ${b.square}`).join(", ") : "none yet"}
        </p>
      )}
      {view.revealed && (
        <section class="burials" aria-label="every burial">
          <h2>Where every piece was buried</h2>
          {view.revealed.map((grid, s) => (
            <p key={s}>
              {sideName(view, s)} buried: {grid?.burials.length ? grid.burials.map((b) => `${b.piece} under ${b.square}`).join(", ") : "nothing"}
            </p>
          ))}
        </section>
      )}
      <p class="facts">
        Zombies: {g.zombies.length ? g.zombies.join(", ") : "none"} · Graveyard: White's {pile(g.graveyard[0])}; Black's {pile(g.graveyard[1])} · Dust bin: White's {pile(g.dust[0])}; Black's {pile(g.dust[1])}
      </p>
      <Record view={view} />
      <TableActions view={view} act={act} />
    </section>
  );
}

// Crowded House at the table, one phone per seat: four players in two teams, each moving its
// colour's pieces on its own half of the board. The viewer's half is shaded, the four seats
// listed with their teams, whose turn it is and who passed; a tap on a move the half rule
// forbids is answered in the referee's words.
import type { CrowdedHouseFields } from "../../generated/crowded-house";
import { type GameView, api, gameActions, mayAct, sideName, sideOf, teamOf, turnOf } from "../../api";
import { TableActions } from "../../components/TableActions";
import { Record } from "../../components/Record";
import { TapChess } from "../../components/TapChess";
import { colourOf } from "../../components/ChessControls";
import { UCI } from "../../fen";
import type { ScreenProps } from "../types";
import { names } from "../../words";
import "../../components/variants.css";

export type CrowdedView = GameView<CrowdedHouseFields>;

/** A seat's half from its side ("queen-side Black" → queen), or null. */
export function halfOfSide(side: string): "king" | "queen" | null {
  return side.startsWith("king") ? "king" : side.startsWith("queen") ? "queen" : null;
}

/** "the king side (files e–h)". */
export function halfWords(half: "king" | "queen"): string {
  return half === "king" ? "the king side (files e–h)" : "the queen side (files a–d)";
}

/** What the viewer is asked, or whose turn it is. */
function prompt(view: CrowdedView): string {
  if (view.outcome) return view.outcome.reason;
  const mover = turnOf(view);
  if (mover === null) return "";
  if (mover === view.seat) {
    const half = halfOfSide(sideOf(view, mover));
    return `Your move: pieces that start or end on ${half ? halfWords(half) : "your half"}${view.game.check ? " — check! The next player could take your king." : ""}`;
  }
  return `${sideName(view, mover)} to move${view.game.check ? " — in check" : ""}`;
}

/** The four seats: teams, whose turn it is, who passed. */
function Seats({ view }: { view: CrowdedView }) {
  const mover = turnOf(view);
  return (
    <ol class="seat-list" aria-label="seats">
      {view.seats.map((s) => {
        const passed = view.game.passed.includes(s.seat);
        return (
          <li key={s.seat} class={`${s.seat === mover ? "to-move" : ""} team-${s.team === 0 ? "white" : "black"}`}>
            <span class="team-dot" aria-hidden="true" />
            <span>
              {sideName(view, s.seat)}
              {s.seat === view.seat ? " (you)" : ""}
            </span>
            <span class="facts">
              {s.seat === mover ? "to move" : ""}
              {passed ? "passed: no move" : ""}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function CrowdedHouseGame({ view, act, message, setMessage }: ScreenProps<CrowdedView>) {
  const seat = view.seat;
  const colour = colourOf(view, seat);
  const moves = mayAct(view, seat) ? gameActions(view).filter((a) => UCI.test(a)) : [];
  const team = teamOf(view, seat);
  const partner = view.seats.find((s) => s.team === team && s.seat !== seat);
  const half = seat !== null ? halfOfSide(sideOf(view, seat)) : null;
  const passed = view.game.passed;
  return (
    <section class="game chess crowded-house">
      <p class="status" role="status" aria-live="polite">
        {prompt(view)}
      </p>
      {passed.length > 0 && (
        <p class="banner pass-note" role="note">
          {names(passed.map((s) => sideName(view, s)))} {passed.length === 1 ? "has" : "have"} no move and {passed.length === 1 ? "passes" : "pass"}.
        </p>
      )}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={act}
        setMessage={setMessage}
        explain={async (move) => setMessage(await api.whyIllegal(view.rules, view.game.position, move))}
        label={seat === null ? "board" : `board, you play ${sideName(view, seat)}`}
      />
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {seat !== null && team !== null && (
        <p class="team-line">
          Team {view.teams[team]}: you{partner ? ` and ${sideName(view, partner.seat)}` : ""}.{" "}
          {half && <span class="facts">Shaded: your half, {halfWords(half)}.</span>}
        </p>
      )}
      <Seats view={view} />
      <Record view={view} title="Moves" />
      <TableActions view={view} act={act} />
    </section>
  );
}

// Whack Chess: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { whackOptions } from "./options";
import type { GameView } from "../../api";
import { WHACK_EXAMPLE, WhackEditor, WhackPreview } from "./Editor";
import { WhackGame, WhackTable } from "./Whack";
import type { WhackView } from "./whack";

/** A picture tapped changes the board (a section laid, moved or turned): asked first, in the
 * referee's words for that change. */
function changesTheBoard(action: string, view: GameView): string | null {
  const choice = (view as WhackView).game.choices.find((c) => c.action === action);
  return choice ? `${choice.said}?` : null;
}

export const whack: GameEntry = {
  id: "whack",
  screen: screen(WhackGame),
  options: options(whackOptions),
  sides: ["Fire", "Ice"],
  table: WhackTable,
  confirm: changesTheBoard,
  editor: {
    example: WHACK_EXAMPLE,
    placeholder: "1d3-2d3, roll or tip 3da=1ab",
    own: { Form: WhackEditor, Preview: WhackPreview },
  },
};

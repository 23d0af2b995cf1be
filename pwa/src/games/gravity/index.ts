// Gravity: its registry entry.
import { screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { GravityGame, GravityTable } from "./Gravity";
import { GRAVITY_FIELDS as F, GRAVITY_NOTATION } from "./notation";

export const gravity: GameEntry = {
  id: "gravity",
  screen: screen(GravityGame),
  options: null,
  sides: ["Player 1", "Player 2"],
  table: GravityTable,
  editor: {
    placement: true,
    notation: GRAVITY_NOTATION,
    notationWords: "the game's saved state as JSON, as the referee writes it",
    // The seed's second diagram: White moves its pieces, a black rook (10♠) flipped to add.
    example: GRAVITY_NOTATION.write("8/8/8/8/8/8/2Q2rb1/4nn2 w - - 0 1 Move 10S - - 0 0 no 8S 8H 0 - -"),
    placeholder: "c2c1, cant c2 or add c",
    fields: [
      { index: F.toMove, label: "Whose turn", choices: [["w", "White"], ["b", "Black"]] },
      {
        index: F.step,
        label: "The step of the turn",
        choices: [
          ["Move", "Move the pieces"],
          ["Add", "Add the flipped piece"],
        ],
        hint: "Move: each active piece moves once (or is said unable: cant c2). Add: the flipped piece goes on the top row (add c).",
      },
      { index: F.flipped, label: "The card flipped this turn", placeholder: "10S or -", hint: "Its piece, of the other colour, is added after the moves: 2 and 3 a pawn, 8 a knight, 9 a bishop, 10 a rook, Q a queen, K a king; spades and clubs black, hearts and diamonds white." },
      { index: F.freshPawns, label: "Pawns not moved since added (they may fall two)", placeholder: "c7,f6 or -" },
      { index: F.done, label: "Pieces already moved this turn, or said unable", placeholder: "e5 or -" },
      { index: F.capturedByWhite, label: "Pieces White has captured", placeholder: "0" },
      { index: F.capturedByBlack, label: "Pieces Black has captured", placeholder: "0" },
      { index: F.lastTurn, label: "White's last turn (Black has added the last white piece)", choices: [["no", "No"], ["yes", "Yes"]] },
      { index: F.whitePile, label: "White's pile of black cards, top first", placeholder: "8S,QC or -" },
      { index: F.blackPile, label: "Black's pile of white cards, top first", placeholder: "8H,KD or -" },
    ],
  },
};

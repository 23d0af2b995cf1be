// Masquerade: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { MasqueradeGame } from "./Masquerade";

export const masquerade: GameEntry = {
  id: "masquerade",
  screen: screen(MasqueradeGame),
  options: null,
  sides: COLOURS,
  // Both sides' capture moves unknown (docs/notation.md).
  positionSuffix: "? ?",
  editor: {
    placeholder: "e2e4",
    fields: [
      { index: 6, label: "White's capture moves (each piece, then whose capture it uses)", placeholder: "KQ,QN,RB,BK,NR or ?" },
      { index: 7, label: "Black's capture moves", placeholder: "KQ,QN,RB,BK,NR or ?" },
    ],
  },
};

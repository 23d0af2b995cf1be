// Orthodox chess: its registry entry.
import { COLOURS, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { ChessGame } from "./ChessGame";

export const chess: GameEntry = { id: "chess", screen: screen(ChessGame), options: null, sides: COLOURS, positionSuffix: "", editor: { placeholder: "Nf3, e2e4 or O-O" } };

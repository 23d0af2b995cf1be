// Table tools: its registry entry.
import { options, screen } from "../shared/entry";
import type { GameEntry } from "../types";
import { tableToolsOptions } from "./options";
import { TableTools } from "./TableTools";

export const tableTools: GameEntry = { id: "table-tools", screen: screen(TableTools), options: options(tableToolsOptions) };

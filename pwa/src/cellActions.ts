// Finding the legal actions a tap on the board means, for a game the app does not know: an
// action "mentions" the cells whose ids appear in its text ("e2e4" mentions e2 and e4, "place
// h7" mentions h7, "play 3H e4" mentions e4). A move starts at one cell and goes to another; an
// action that mentions one cell only is done by tapping that cell.

/** The cell ids an action mentions, in the order they appear. At each position the longest id
 * wins ("a10" over "a1"), and an id inside a longer word does not count ("deal" has no "e").
 * `ids` is every cell id of the board. */
export function cellsIn(action: string, ids: ReadonlySet<string>): string[] {
  const lengths = [...new Set([...ids].map((id) => id.length))].sort((a, b) => b - a);
  const found: string[] = [];
  let i = 0;
  while (i < action.length) {
    const hit = startsWord(action, i) ? lengths.map((n) => action.slice(i, i + n)).find((s) => ids.has(s) && endsWord(action, i + s.length)) : undefined;
    if (hit) found.push(hit);
    i += hit ? hit.length : 1;
  }
  return found;
}

const isLetter = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c);

/** An id may start after a non-letter (a digit that ends another id: "e2e4"), or after the
 * capture mark "x" that follows one ("e4xd5"). */
function startsWord(text: string, at: number): boolean {
  return at === 0 || !isLetter(text[at - 1]) || (text[at - 1] === "x" && /\d/.test(text[at - 2] ?? ""));
}

/** An id may end before a non-letter, or before the letters that start another part ("e7e8q":
 * a promotion letter follows). Only a letter joined to a letter is one word. */
function endsWord(text: string, at: number): boolean {
  return !(isLetter(text[at - 1]) && isLetter(text[at]));
}

/** The actions that mention `from` first and another cell after it: the moves from `from`. */
export function movesFrom(actions: string[], ids: ReadonlySet<string>, from: string): string[] {
  return actions.filter((a) => {
    const cells = cellsIn(a, ids);
    return cells[0] === from && cells.length > 1;
  });
}

/** The cells the moves from `from` go to (each once): the second cell each move mentions. */
export function targetsFrom(actions: string[], ids: ReadonlySet<string>, from: string): string[] {
  return [...new Set(movesFrom(actions, ids, from).map((a) => cellsIn(a, ids)[1]))];
}

/** The moves from `from` that go to `to`: they start at `from` and mention `to` after it. */
export function movesBetween(actions: string[], ids: ReadonlySet<string>, from: string, to: string): string[] {
  return movesFrom(actions, ids, from).filter((a) => cellsIn(a, ids).slice(1).includes(to));
}

/** The actions that mention `cell` and no other cell ("place h7", "play 3H e4"). */
export function actionsAt(actions: string[], ids: ReadonlySet<string>, cell: string): string[] {
  return actions.filter((a) => {
    const cells = cellsIn(a, ids);
    return cells.length === 1 && cells[0] === cell;
  });
}

/** The cells a one-cell action can be done on (each once). */
export function singleCells(actions: string[], ids: ReadonlySet<string>): string[] {
  return [...new Set(actions.map((a) => cellsIn(a, ids)).filter((c) => c.length === 1).map((c) => c[0]))];
}

/** The one cell every move starts from, if there is one (a piece making extra moves): the
 * board can show its targets before anything is tapped. */
export function soleOrigin(actions: string[], ids: ReadonlySet<string>): string | null {
  const origins = new Set(actions.map((a) => cellsIn(a, ids)).filter((c) => c.length > 1).map((c) => c[0]));
  return origins.size === 1 ? [...origins][0] : null;
}

/** What a tap means, given the cell selected before it (or none). */
export type Tap =
  | { kind: "act"; action: string }
  | { kind: "choose"; actions: string[] }
  | { kind: "select"; cell: string; targets: string[]; here: string[] }
  | { kind: "deselect" }
  | { kind: "none"; reason: string };

/** Decides what tapping `cell` does: complete a move from the selected cell, select a cell
 * moves start from, do the one action on it, or offer a choice where several fit. */
export function tapCell(actions: string[], ids: ReadonlySet<string>, selected: string | null, cell: string): Tap {
  if (selected === cell) return { kind: "deselect" };
  if (selected) {
    const moves = movesBetween(actions, ids, selected, cell);
    if (moves.length === 1) return { kind: "act", action: moves[0] };
    if (moves.length > 1) return { kind: "choose", actions: moves };
  }
  const targets = targetsFrom(actions, ids, cell);
  const here = actionsAt(actions, ids, cell);
  if (targets.length) return { kind: "select", cell, targets, here };
  if (here.length === 1) return { kind: "act", action: here[0] };
  if (here.length > 1) return { kind: "choose", actions: here };
  return { kind: "none", reason: selected ? `No legal action goes from ${selected} to ${cell}.` : `There is nothing to do on ${cell} now.` };
}

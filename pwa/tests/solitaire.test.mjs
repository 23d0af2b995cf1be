// The two solitaires on one phone, each played to its end by tapping. Parade: the laid-out deal,
// the hand face down, a refused move in the referee's words, moves tapped (a piece, then where
// another piece sends it) and adds by the Add button, steered to fewer groups, the score and the
// groups always the referee's, the counting phase if the hand runs out, the result as the
// referee gave it, then the deal's par equal to the pars route's. Neighbour: the options form,
// both piles, each add's two cards and where they sent the piece, a piece sent to a taken square
// placed by tapping one of the offered free squares, moves paid with a card, a refusal, the end;
// the sides-only option, and giving up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, noConsoleErrors, phone, press, server, table, tap } from "./support.mjs";

harness();

const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];
const UCI = /^[a-h][1-8][a-h][1-8]$/;
const face = (code) => code.slice(0, -1) + { C: "♣", D: "♦", H: "♥", S: "♠" }[code.slice(-1)];
const scoreText = (n) => (n < 0 ? `−${-n}` : String(n));
const cardsWords = (n) => (n === 0 ? "none" : `${n} card${n === 1 ? "" : "s"}`);

/** The seat's token, as this phone keeps it. */
const tokenOf = (page, id) => page.evaluate((id) => Object.values(JSON.parse(localStorage.getItem(`referee.game.${id}`)).seats)[0], id);

/** The player's own view (with its legal actions), from the referee. */
async function seatView(gameId, token) {
  const r = await fetch(`${server.base}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
  return r.json();
}

/** Why the referee refuses `action` in `position`, asked apart from the game. */
async function whyNot(rules, position, action) {
  const r = await fetch(`${server.base}/api/v1/adjudicate`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules, position, action }) });
  const a = await r.json();
  assert.equal(a.legal, false, `${action} is refused in ${position}`);
  return a.reason;
}

/** Waits until the phone shows the view of sequence number `seq`. */
const shows = (page, seq) => page.locator(`section.solitaire[data-seq="${seq}"]`).waitFor();

/** Waits until the referee's game has moved past `seq`, and returns the player's view. */
async function after(gameId, token, seq) {
  for (let i = 0; i < 200; i++) {
    const v = await seatView(gameId, token);
    if (v.seq > seq) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the game did not move past ${seq}`);
}

/** The pieces of FEN's placement by square. */
function squares(fen) {
  const out = new Map();
  fen.split("/").forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else out.set(`${"abcdefgh"[file++]}${8 - i}`, ch);
    }
  });
  return out;
}

/** How many groups the pieces form: side by side, or with `corners` diagonally too. */
function groupsOf(pieces, corners) {
  const steps = corners ? [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]] : [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const seen = new Set();
  let groups = 0;
  for (const start of pieces.keys()) {
    if (seen.has(start)) continue;
    groups++;
    const todo = [start];
    seen.add(start);
    while (todo.length) {
      const sq = todo.pop();
      for (const [df, dr] of steps) {
        const next = String.fromCharCode(sq.charCodeAt(0) + df) + (Number(sq[1]) + dr);
        if (pieces.has(next) && !seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
      }
    }
  }
  return groups;
}

/** The move among `moves` that leaves the fewest groups, with that count. */
function bestMove(fen, moves, corners) {
  let best = null;
  for (const m of moves) {
    const pieces = squares(fen);
    pieces.set(m.slice(2, 4), pieces.get(m.slice(0, 2)));
    pieces.delete(m.slice(0, 2));
    const n = groupsOf(pieces, corners);
    if (!best || n < best.groups) best = { move: m, groups: n };
  }
  return best;
}

/** The phone shows the referee's score now and groups. */
async function sameScore(page, v) {
  await page.locator(`[data-groups="${v.game.groups}"]`).waitFor();
  await page.locator(`[data-score-now="${v.game.score_now}"][aria-label^="Score now ${scoreText(v.game.score_now)}: "]`).waitFor();
}

/** The end as the phone must show it: the referee's result and score. */
async function sameEnd(page, v) {
  const won = v.outcome.results[0] === "win";
  const score = v.outcome.scores?.[0];
  const result = page.getByRole("region", { name: "result" });
  await result.locator(`[data-result="${won ? "win" : "loss"}"]`).getByText(won ? "You won" : "You lost").waitFor();
  if (score !== undefined) await result.getByText(`Score ${scoreText(score)}`).waitFor();
  await page.getByRole("status").getByText(`${won ? "You won" : "You lost"}${score !== undefined ? ` — Score ${scoreText(score)}` : ""}`).waitFor();
}

/** A move between a piece and an empty square the legal actions do not hold. */
function refusedMove(v) {
  const pieces = squares(v.game.board);
  const legal = new Set(v.legal_actions);
  for (const from of pieces.keys())
    for (const cell of v.board.cells) if (!cell.piece && !legal.has(from + cell.id)) return from + cell.id;
  return null;
}

test("Parade Chess Solitaire on one phone to its end: the deal laid out, a refusal in the referee's words, moves and adds tapped, the score and groups, the result, and the deal's par", async () => {
  const { phones, pages } = await table("parade-solitaire", 1, "Player");
  const page = pages[0];
  const gameId = gameOf(page);
  const token = await tokenOf(page, gameId);
  let view = await seatView(gameId, token);
  assert.equal(view.status, "active");
  await shows(page, view.seq);

  // The deal: eight cards laid out, the hand of eight face down, the Add button after the last piece.
  await page.getByRole("status").getByText("Tap a piece, then its new square — or add the next piece").waitFor();
  await page.getByRole("group", { name: "Hand: 8 cards face down", exact: true }).waitFor();
  await page.getByText(`Laid out at the start (8 cards)`).click();
  const laidOut = await page.getByRole("list", { name: "Laid out at the start" }).locator("[data-card]").evaluateAll((els) => els.map((e) => e.dataset.card));
  assert.deepEqual(laidOut, view.game.laid_out);
  const addAfter = view.board.cells.find((c) => c.markers?.includes("add-after")).id;
  await page.getByRole("button", { name: `Add the next piece: after ${addAfter}` }).waitFor();
  await page.locator(`[data-square="${addAfter}"][aria-label*="the next piece is added after it"]`).waitFor();
  await sameScore(page, view);
  await page.screenshot({ path: join(ARTIFACTS, "parade-deal.png"), fullPage: true });
  await page.screenshot({ path: join(ARTIFACTS, "parade-deal-phone.png") });
  await axe(page, "parade solitaire, the deal");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 390 px");

  // A move the rules do not allow is refused in the referee's words, and spends nothing.
  const refused = refusedMove(view);
  const reason = await whyNot("parade-solitaire", `${view.game.board} ${view.game.hand_left} ${view.game.counted}`, refused);
  await tap(page, refused.slice(0, 2));
  await tap(page, refused.slice(2, 4));
  await page.getByRole("alert").getByText(reason, { exact: true }).waitFor();
  assert.equal((await seatView(gameId, token)).seq, view.seq, "a refusal changes nothing");

  // Played to its end: a move that leaves fewer groups when there is one, else an add, else
  // the move that leaves fewest.
  let adds = 0;
  let taps = 0;
  let sawCounting = false;
  for (let step = 0; step < 60 && view.status !== "over"; step++) {
    const moves = view.legal_actions.filter((a) => UCI.test(a));
    const best = bestMove(view.game.board, moves, false);
    const seq = view.seq;
    if (best && (best.groups < view.game.groups || !view.legal_actions.includes("add"))) {
      await tap(page, best.move.slice(0, 2));
      await tap(page, best.move.slice(2, 4));
      // A move spends a card: the phone asks first.
      await press(page.getByRole("alertdialog", { name: "before it is sent" }).getByRole("button", { name: "Play it" }));
      taps++;
    } else {
      const mark = view.board.cells.find((c) => c.markers?.includes("add-after")).id;
      await press(page.getByRole("button", { name: `Add the next piece: after ${mark}` }));
      adds++;
    }
    view = await after(gameId, token, seq);
    await shows(page, view.seq);
    if (view.status === "over") break;
    await sameScore(page, view);
    await page.getByRole("group", { name: `Hand: ${cardsWords(view.game.hand_left)}${view.game.hand_left ? " face down" : ""}`, exact: true }).waitFor();
    if (view.game.added.length) await page.getByRole("list", { name: "Added, face up" }).locator(`[data-card="${view.game.added.at(-1)}"]`).waitFor();
    if (view.game.counting && !sawCounting) {
      sawCounting = true;
      await page.locator("[data-counting]").getByText("Each move now counts a point against you").waitFor();
      assert.equal(await page.getByRole("button", { name: /^Add the next piece/ }).count(), 0, "no adds once the hand is out");
      await page.screenshot({ path: join(ARTIFACTS, "parade-counting.png"), fullPage: true });
    }
  }
  assert.equal(view.status, "over", "the deal is played to its end");
  console.log(`# parade: ${taps} moves, ${adds} adds, ${view.outcome.reason}`);
  await sameEnd(page, view);
  // The record says each move in the referee's words, cards as faces.
  await page.getByText("What happened", { exact: true }).click();
  if (view.game.added.length) await page.getByRole("list", { name: "what happened" }).getByText(`(${face(view.game.added[0])})`).first().waitFor();
  else await page.getByRole("list", { name: "what happened" }).getByText(" moves the ").first().waitFor();

  // The par: worked out by the referee after the game, the same on the phone as on the pars route.
  const parLine = page.locator(".par-words");
  await parLine.waitFor({ timeout: 30000 });
  const pars = await (await fetch(`${server.base}/api/v1/games/${gameId}/pars`)).json();
  const par = pars.pars.find((p) => p.puzzle === "deal");
  assert.ok(par, "the referee gives the deal's par once it is played to its end");
  const expected =
    par.kind === "score" ? `Par ${scoreText(par.score)}${par.line.length ? `: ${par.line.join(", ")}` : ""}` : par.kind === "impossible" ? "Impossible" : `No proof within the budget: at most ${scoreText(par.bound)}`;
  assert.equal((await parLine.innerText()).trim(), expected);
  if (par.kind === "score" && view.outcome.scores?.[0] !== undefined) assert.ok(view.outcome.scores[0] <= par.score, "nobody beats a proven par");
  assert.equal(await page.getByRole("button", { name: "Give up" }).count(), 0);
  await page.screenshot({ path: join(ARTIFACTS, "parade-end.png"), fullPage: true });
  await axe(page, "parade solitaire, the end with the par");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 390 px");
  await page.setViewportSize({ width: 320, height: 640 });
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");
  await page.screenshot({ path: join(ARTIFACTS, "parade-end-320.png"), fullPage: true });
  for (const p of phones) await p.context.close();
});

/** Neighbour's position for "is that legal?", from the view of a game adding or moving (not
 * placing), without the piles (docs/games/neighbour-solitaire.md). */
function neighbourPosition(g) {
  const phase = g.adding ? "add" : "move";
  return [g.board, phase, g.pieces_left, g.positions_left, g.last_added ?? "-", ...(g.touch === "sides" ? ["groups:sides"] : [])].join(" ");
}

for (const size of [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
])
test(`Neighbour Chess Solitaire on a ${size.width}×${size.height} phone to its end: both piles, each add's two cards, a taken square's piece placed by a tap, moves paid with a card, a refusal, the result`, async () => {
  const { phones, pages } = await table("neighbour-solitaire", 1, "Player", async (host) => {
    assert.ok(await host.getByLabel("Sides and corners (the eight squares around)").isChecked(), "diagonal neighbours count by default");
  });
  const page = pages[0];
  await page.setViewportSize(size);
  const gameId = gameOf(page);
  const token = await tokenOf(page, gameId);
  let view = await seatView(gameId, token);
  await shows(page, view.seq);
  await page.getByRole("status").getByText("Add the first piece: the cards send it from a1").waitFor();
  await page.getByRole("group", { name: "Piece pile: 16 cards face down", exact: true }).waitFor();
  await page.getByRole("group", { name: "Position pile: 20 cards face down", exact: true }).waitFor();
  await page.getByText("(side by side or corner to corner)").waitFor();
  await axe(page, "neighbour solitaire, the start");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");

  // Adds until a piece is sent to a taken square and placed by a tap, and six pieces stand.
  let placedByTap = null;
  for (let step = 0; step < 20 && view.status === "active"; step++) {
    const stage = view.turn.seats[0].stage;
    const pieces = squares(view.game.board).size;
    if (stage === "place") {
      const w = view.game.waiting;
      await page.getByRole("status").getByText(`${w.piece[0].toUpperCase()}${w.piece.slice(1)}: ${w.landed} is taken — tap a marked square to place it`).waitFor();
      await page.getByText(`which is taken: the ${w.piece} goes on a free square nearest it`).waitFor();
      await page.locator(`[data-square="${w.landed}"][aria-label*="the cards sent the piece here, but it is taken"]`).waitFor();
      for (const sq of w.choices) await page.locator(`[data-square="${sq}"][aria-label*="can move here"]`).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, "neighbour-place.png"), fullPage: true });
      await axe(page, "neighbour solitaire, placing a piece");
      // A tap on the taken square says what to do; a tap on a free square nearest places it.
      await tap(page, w.landed);
      await page.getByRole("alert").getByText(`Place the ${w.piece} first: tap one of the marked squares.`).waitFor();
      const choice = w.choices[w.choices.length - 1];
      await tap(page, choice);
      view = await after(gameId, token, view.seq);
      await shows(page, view.seq);
      assert.ok(squares(view.game.board).has(choice), `the ${w.piece} stands on ${choice}`);
      assert.equal(view.game.last_added, choice);
      await page.getByText(`which was taken: placed on ${choice}`).waitFor();
      placedByTap = choice;
      continue;
    }
    if (!view.legal_actions.includes("add") || (placedByTap && pieces >= 6)) break;
    const seq = view.seq;
    await press(page.getByRole("button", { name: pieces ? "Add the next piece" : "Add the first piece" }));
    view = await after(gameId, token, seq);
    await shows(page, view.seq);
    const flip = view.game.last_flip;
    const lastAdd = page.getByRole("region", { name: "last add" });
    await lastAdd.locator(`[data-card="${flip.piece_card}"]`).waitFor();
    await lastAdd.locator(`[data-card="${flip.position_card}"]`).waitFor();
    await lastAdd.locator(`[data-flip="${flip.from}-${flip.landed}"]`).waitFor();
    await page.getByRole("group", { name: `Piece pile: ${cardsWords(view.game.pieces_left)}${view.game.pieces_left ? " face down" : ""}`, exact: true }).waitFor();
    await page.getByRole("group", { name: `Position pile: ${cardsWords(view.game.positions_left)}${view.game.positions_left ? " face down" : ""}`, exact: true }).waitFor();
    if (view.status === "active") await sameScore(page, view);
  }
  console.log(`# neighbour: ${placedByTap ? `a piece placed by a tap on ${placedByTap}` : "no add was sent to a taken square with a choice"}`);

  // A move the rules do not allow is refused in the referee's words.
  if (view.status === "active" && view.turn.seats[0].stage !== "place") {
    const refused = refusedMove(view);
    const reason = await whyNot("neighbour-solitaire", neighbourPosition(view.game), refused);
    await tap(page, refused.slice(0, 2));
    await tap(page, refused.slice(2, 4));
    await page.getByRole("alert").getByText(reason, { exact: true }).waitFor();
    assert.equal((await seatView(gameId, token)).seq, view.seq, "a refusal changes nothing");
  }

  // Then moves, each paid with a card, towards fewer groups, to the end.
  let moves = 0;
  for (let step = 0; step < 60 && view.status === "active"; step++) {
    const seq = view.seq;
    if (view.turn.seats[0].stage === "place") {
      await tap(page, view.game.waiting.choices[0]);
    } else {
      const best = bestMove(view.game.board, view.legal_actions.filter((a) => UCI.test(a)), view.game.touch !== "sides");
      if (!best) {
        await press(page.getByRole("button", { name: "Add the next piece" }));
      } else {
        await tap(page, best.move.slice(0, 2));
        await tap(page, best.move.slice(2, 4));
        moves++;
      }
    }
    view = await after(gameId, token, seq);
    await shows(page, view.seq);
    if (view.status !== "active") break;
    await sameScore(page, view);
    await page.getByRole("group", { name: `Spent on moves: ${cardsWords(view.game.spent)}${view.game.spent ? " face down" : ""}`, exact: true }).waitFor();
    if (moves === 1) {
      await page.getByText("You have stopped adding").waitFor();
      assert.equal(await page.getByRole("button", { name: "Add the next piece" }).count(), 0, "no adds once moving has begun");
      await page.screenshot({ path: join(ARTIFACTS, "neighbour-moving.png"), fullPage: true });
    }
  }
  assert.equal(view.status, "over", "the solitaire is played to its end");
  console.log(`# neighbour: ${moves} moves, ${view.outcome.reason}`);
  await sameEnd(page, view);
  assert.equal(await page.locator("[data-par]").count(), 0, "Neighbour has no par");
  await page.screenshot({ path: join(ARTIFACTS, "neighbour-end.png"), fullPage: true });
  await axe(page, "neighbour solitaire, the end");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");
  for (const p of phones) await p.context.close();
});

test("Neighbour with sides only, chosen on the start page; giving up is asked first and ends the deal lost", async () => {
  const { phones, pages } = await table("neighbour-solitaire", 1, "Player", async (host) => {
    await host.getByLabel("Sides only (as in Parade)").check();
  });
  const page = pages[0];
  const gameId = gameOf(page);
  const token = await tokenOf(page, gameId);
  let view = await seatView(gameId, token);
  assert.equal(view.game.touch, "sides");
  await page.getByText("(side by side; corners do not count)").waitFor();
  await press(page.getByRole("button", { name: "Add the first piece" }));
  view = await after(gameId, token, view.seq);
  await shows(page, view.seq);
  page.once("dialog", (d) => {
    assert.equal(d.message(), "Give up this deal? It counts as lost, without a score.");
    void d.accept();
  });
  await press(page.getByRole("button", { name: "Give up" }));
  view = await after(gameId, token, view.seq);
  assert.equal(view.status, "over");
  await sameEnd(page, view);
  await page.getByRole("region", { name: "result" }).getByText("Player gave up.").waitFor();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

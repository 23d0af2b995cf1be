// Whack Chess on two phones, played through the screens to a king's capture: the sections laid
// into a track by tapping pictures of the places they may go, the opening rolls with the die big
// on both phones, moves tapped (a refused one answered in the referee's words) until a capture,
// the capturer's roll, a change of the board chosen by tapping one of its pictures and the
// sections moving to their new places (at once on a phone that asks for less motion), then on
// to the capture of the last king. The whole board is on the screen at 390×844 at every stage,
// no cell smaller than a fingertip's mark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, movedPast, noConsoleErrors, phone, server, spectate, table, tap } from "./support.mjs";

harness();

const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];
const COURTESIES = ["resign", "offer-draw", "accept-draw", "decline-draw", "offer-takeback", "accept-takeback", "decline-takeback"];
const MOVE = /^\d[a-d]\d-\d[a-d]\d$/;
/** The smallest a cell may be drawn: the side of a square of its area, in CSS pixels. */
const SMALLEST_CELL = 14;

/** The die as the phones say it (src/games/whack/whack.ts). */
const dieWords = (die) => `${die.number} — ${die.name}: ${die.meaning}`;

async function api(method, path, body, token) {
  const r = await fetch(`${server.base}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return r.json();
}

/** The seat token a phone keeps for the game (the test reads its seat's legal actions with it). */
async function tokenOf(page, gameId, seat) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), `referee.game.${gameId}`);
  return JSON.parse(stored).seats[seat];
}

const centre = (polygon) => [polygon.reduce((s, p) => s + p[0], 0) / polygon.length, polygon.reduce((s, p) => s + p[1], 0) / polygon.length];
const distance = (a, b) => Math.hypot(centre(a.polygon)[0] - centre(b.polygon)[0], centre(a.polygon)[1] - centre(b.polygon)[1]);
const PIPS = { pawn: 1, knight: 2, bishop: 3, rook: 4, king: 5, queen: 6 };

/** The move to play, from the seat's own view: before the board has changed after a capture,
 * any capture but a king's (the most valuable piece, by the least), else a step towards the
 * enemy; after it, a king's capture, else a move that gives check (the referee says so when
 * asked), else a capture, else a step towards the enemy king. */
async function steer(view, colour, hunting) {
  const cells = new Map(view.board.cells.map((c) => [c.id, c]));
  const moves = view.legal_actions
    .filter((a) => MOVE.test(a))
    .map((a) => {
      const [from, to] = a.split("-");
      return { action: a, from: cells.get(from), to: cells.get(to) };
    });
  const enemy = view.board.cells.filter((c) => c.piece && c.piece.side !== colour);
  const kings = enemy.filter((c) => c.piece.kind === "king");
  const takes = (m, king) => m.to.piece && m.to.piece.side !== colour && (m.to.piece.kind === "king") === king;
  if (hunting) {
    const kingTakes = moves.filter((m) => takes(m, true));
    if (kingTakes.length) return kingTakes[0].action;
    const checks = [];
    for (const m of moves) {
      const said = await api("POST", "/adjudicate", { rules: "whack", position: view.game.position, action: m.action });
      if (/check/.test(said.said ?? "")) checks.push(m);
    }
    if (checks.length) return checks.sort((a, b) => !!b.to.piece - !!a.to.piece)[0].action;
  }
  const captures = moves.filter((m) => takes(m, false));
  if (captures.length) return captures.sort((a, b) => PIPS[b.to.piece.kind] - PIPS[a.to.piece.kind] || PIPS[a.from.piece.kind] - PIPS[b.from.piece.kind])[0].action;
  const goal = kings.length ? kings : enemy;
  const near = (c) => Math.min(...goal.map((e) => distance(c, e)));
  const quiet = moves.filter((m) => !m.to.piece);
  return (quiet.length ? quiet : moves).sort((a, b) => near(a.to) - near(a.from) - (near(b.to) - near(b.from)) || near(a.to) - near(b.to))[0].action;
}

/** Every cell of the board lies inside the board's drawing and inside the screen (scrolled to
 * the board), none smaller than `SMALLEST_CELL` across; and the board is the referee's: each
 * cell where `view` has it, the whole turned and scaled as one. */
async function wholeBoardOnScreen(page, where, view) {
  // Once the sections have come to rest.
  await page.locator(".whack-board:not([data-moving])").waitFor();
  const board = page.locator(".whack-board svg.board");
  await board.scrollIntoViewIfNeeded();
  const seen = await board.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    const cells = [...svg.querySelectorAll("[data-square] .sq")].map((shape) => {
      const m = shape.getScreenCTM();
      const points = [...shape.points].map((p) => [p.x * m.a + p.y * m.c + m.e, p.x * m.b + p.y * m.d + m.f]);
      let twice = 0;
      points.forEach(([x0, y0], i) => {
        const [x1, y1] = points[(i + 1) % points.length];
        twice += x0 * y1 - x1 * y0;
      });
      const b = shape.getBoundingClientRect();
      const mean = [points.reduce((t, p) => t + p[0], 0) / points.length, points.reduce((t, p) => t + p[1], 0) / points.length];
      return { id: shape.parentElement.dataset.square, left: b.left, right: b.right, top: b.top, bottom: b.bottom, side: Math.sqrt(Math.abs(twice) / 2), mean };
    });
    return { box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, width: innerWidth, height: innerHeight, cells };
  });
  assert.ok(seen.cells.length >= 16, `${where}: the board has its cells`);
  const tol = 1;
  for (const c of seen.cells) {
    const inside = (r) => c.left >= r.left - tol && c.right <= r.right + tol && c.top >= r.top - tol && c.bottom <= r.bottom + tol;
    assert.ok(inside(seen.box), `${where}: cell ${c.id} lies inside the board`);
    assert.ok(inside({ left: 0, right: seen.width, top: 0, bottom: seen.height }), `${where}: cell ${c.id} is on the screen`);
    assert.ok(c.side >= SMALLEST_CELL, `${where}: cell ${c.id} is ${c.side.toFixed(1)} px across`);
  }
  assert.ok(await fitsWidth(page), `${where}: nothing scrolls sideways`);
  const marked = (m) => view.board.cells.filter((c) => (c.markers ?? []).includes(m)).length;
  for (const m of ["check", "gives-check"]) assert.equal(await page.locator(`.whack-board .tint.${m}`).count(), marked(m), `${where}: every ${m} marked`);
  // The screen's cells are the view's, turned and scaled (y downwards): as complex numbers,
  // screen = a · conj(board) + b, fixed by two cells and then true of all.
  const cellsAt = new Map(view.board.cells.map((c) => [c.id, centre(c.polygon)]));
  assert.deepEqual(seen.cells.map((c) => c.id).sort(), [...cellsAt.keys()].sort(), `${where}: the referee's cells`);
  const [p, q] = [seen.cells[0], seen.cells.at(-1)];
  const [vp, vq] = [cellsAt.get(p.id), cellsAt.get(q.id)].map(([x, y]) => [x, -y]);
  const sub = (u, v) => [u[0] - v[0], u[1] - v[1]];
  const mul = (u, v) => [u[0] * v[0] - u[1] * v[1], u[0] * v[1] + u[1] * v[0]];
  const div = (u, v) => {
    const n = v[0] ** 2 + v[1] ** 2;
    return [(u[0] * v[0] + u[1] * v[1]) / n, (u[1] * v[0] - u[0] * v[1]) / n];
  };
  const a = div(sub(p.mean, q.mean), sub(vp, vq));
  const b = sub(p.mean, mul(a, vp));
  for (const c of seen.cells) {
    const [x, y] = cellsAt.get(c.id);
    const at = mul(a, [x, -y]);
    assert.ok(Math.hypot(at[0] + b[0] - c.mean[0], at[1] + b[1] - c.mean[1]) < 1.5, `${where}: cell ${c.id} is where the referee has it`);
  }
  return Math.min(...seen.cells.map((c) => c.side));
}

/** Both phones show the die the referee rolled, with its name and meaning. */
async function bothSeeTheDie(pages, die) {
  for (const p of pages) await p.locator(".die-words").getByText(dieWords(die), { exact: true }).waitFor();
  for (const p of pages) await p.locator(`svg.whack-die[data-die="${die.number}"]`).waitFor();
}

/** The points of one cell's outline on the page, sampled while the sections move. */
async function samples(page, cell, ms) {
  const out = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    out.push(await page.locator(`[data-square="${cell}"] .sq`).getAttribute("points"));
    await page.waitForTimeout(40);
  }
  return out;
}

test("Whack Chess on two phones to a king's capture: sections laid by tapping pictures, the die on both phones, a capture, its roll and a board change chosen from pictures and animated, the whole board on screen", async () => {
  const { phones, pages } = await table("whack", 2, "Fire");
  const gameId = gameOf(pages[0]);
  // Ice's phone asks for less motion: its board changes at once.
  await pages[1].emulateMedia({ reducedMotion: "reduce" });
  const tokens = [await tokenOf(pages[0], gameId, 0), await tokenOf(pages[1], gameId, 1)];
  const seatView = (seat) => api("GET", `/games/${gameId}`, undefined, tokens[seat]);
  const colours = ["white", "black"];
  let view = await spectate(gameId);
  const smallest = [];

  // Setup: Ice, Fire and Ice lay sections 2, 3 and 4, each by tapping a picture.
  await pages[0].getByText("You play Fire (red and yellow).").waitFor();
  await pages[1].getByText("You play Ice (blue and white).").waitFor();
  for (let n = 2; n <= 4; n++) {
    assert.equal(view.game.stage, "place-section");
    const seat = view.turn.seats[0].seat;
    assert.equal(seat, n % 2 === 0 ? 1 : 0, `section ${n} is laid by ${n % 2 === 0 ? "Ice" : "Fire"}`);
    const page = pages[seat];
    await page.getByText(`Your turn: lay section ${n} — tap where it goes`).waitFor();
    await pages[1 - seat].getByText(`${n % 2 === 0 ? "Ice" : "Fire"} to lay section ${n}`).waitFor();
    const previews = page.locator("button.preview");
    assert.equal(await previews.count(), view.game.choices.length, "a picture for every place the referee lists");
    // The sentence of each place is its name.
    const choice = view.game.choices[view.game.choices.length - 1];
    await page.getByRole("button", { name: choice.said, exact: true }).waitFor();
    if (n === 2) {
      await page.screenshot({ path: join(ARTIFACTS, "whack-setup.png"), fullPage: true });
      await axe(page, "whack setup");
    }
    await page.locator(`button.preview[data-action="${choice.action}"]`).click();
    // A picture changes the board: the phone asks first.
    await page.getByRole("alertdialog", { name: "before it is sent" }).getByRole("button", { name: "Play it" }).click();
    view = await movedPast(gameId, view.seq);
    assert.deepEqual(
      view.game.sections.map((s) => s.number),
      Array.from({ length: n }, (_, i) => i + 1),
    );
  }
  // The track, with both sides set up at its ends.
  assert.equal(view.game.stage, "roll");
  assert.ok(view.game.opening);
  assert.deepEqual(view.game.material, [37, 37]);
  for (const [i, p] of pages.entries()) {
    await p.locator('[data-square][aria-label*="king, 5 pips: 3+1+1"]').first().waitFor();
    smallest.push(await wholeBoardOnScreen(p, `the track on ${colours[i]}'s phone`, view));
  }
  await pages[1].screenshot({ path: join(ARTIFACTS, "whack-track.png") });

  let captured = false; // a piece taken (before any king)
  let changed = false; // the board changed after a capture
  let refused = false;
  let dieShot = false;
  let plies = 0;
  for (let step = 0; step < 300 && view.status !== "over"; step++) {
    const seat = view.turn.seats[0].seat;
    const page = pages[seat];
    const other = pages[1 - seat];
    const mine = await seatView(seat);
    const stage = mine.game.stage;
    if (stage === "roll") {
      await page.getByText(mine.game.opening ? "Roll the die: it changes the board before the first move" : "You captured: roll the die to change the board").waitFor();
      await other.getByText(`${seat === 0 ? "Fire" : "Ice"} to roll the die`).waitFor();
      await page.getByRole("button", { name: "Roll the die" }).click();
      view = await movedPast(gameId, view.seq);
      await bothSeeTheDie(pages, view.game.die);
      if (!mine.game.opening && !dieShot) {
        await other.locator(".die-card").scrollIntoViewIfNeeded();
        await other.screenshot({ path: join(ARTIFACTS, "whack-die.png") });
        dieShot = true;
      }
      continue;
    }
    if (stage === "rearrange") {
      const choices = mine.game.choices;
      await page.getByText(`Choose how the board changes: tap one of the ${choices.length} picture`).waitFor();
      await other.getByText(`${seat === 0 ? "Fire" : "Ice"} to choose how the board changes`).waitFor();
      assert.equal(await page.locator("button.preview").count(), choices.length, "a picture for every change the die allows");
      assert.equal(await page.locator("button.preview .gives-check").count(), choices.filter((c) => c.check).length, "the changes that give check say so");
      const choice = choices[Math.floor(choices.length / 2)];
      const cell = `${choice.moved[0]}a1`;
      const first = !mine.game.opening && !changed;
      let display = null;
      if (first) {
        // The table display in the middle of the table: the die big, whose choice it is.
        display = await phone({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
        await display.page.goto(`${server.base}/#/table/${gameId}`);
        await display.page.getByRole("status").getByText(`${seat === 0 ? "Fire" : "Ice"} to choose how the board changes`).waitFor();
        await display.page.locator(".die-words").getByText(dieWords(view.game.die), { exact: true }).waitFor();
        await page.locator(".choices").scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, "whack-previews.png"), fullPage: true });
        await axe(page, "whack previews");
      }
      await page.getByRole("button", { name: choice.said, exact: true }).click();
      await page.getByRole("alertdialog", { name: "before it is sent" }).getByRole("button", { name: "Play it" }).click();
      // The chooser's phone moves the section there; the phone asking for less motion puts it
      // there at once.
      const [moving, still] = await Promise.all([samples(page, cell, 1600), samples(other, cell, 1600)]);
      view = await movedPast(gameId, view.seq);
      const pageMotion = new Set(seat === 0 ? moving : still);
      const reduced = new Set(seat === 0 ? still : moving);
      assert.ok(pageMotion.size >= 4, `Fire's phone drew section ${choice.moved[0]} on its way (${pageMotion.size} places)`);
      assert.ok(reduced.size <= 2, `Ice's phone put section ${choice.moved[0]} in its place at once (${reduced.size} places)`);
      const fire = seat === 0 ? moving : still;
      assert.equal(fire.at(-1), fire.at(-2), "the section came to rest");
      // The sections the change moved are outlined.
      for (const p of pages) assert.equal(await p.locator("polygon.outline.moved").count(), choice.moved.length);
      if (first) {
        changed = true;
        for (const [i, p] of pages.entries()) smallest.push(await wholeBoardOnScreen(p, `after ${choice.action} on ${colours[i]}'s phone`, view));
        await page.screenshot({ path: join(ARTIFACTS, "whack-changed.png") });
        // The table display moved its sections too, and shows the board as the referee has it.
        smallest.push(await wholeBoardOnScreen(display.page, "after the change on the table display", view));
        assert.equal(await display.page.locator("polygon.outline.moved").count(), choice.moved.length);
        await display.page.screenshot({ path: join(ARTIFACTS, "whack-table.png") });
        await axe(display.page, "whack table display");
        await display.context.close();
        await axe(page, "whack after a change");
      }
      continue;
    }
    // A move: tapped on the mover's phone.
    await page.getByText("Your move: tap a piece, then where it goes").waitFor();
    if (!refused) {
      // A tap the referee would refuse is answered in its words.
      const from = mine.legal_actions.find((a) => MOVE.test(a)).split("-")[0];
      const bad = mine.board.cells.find((c) => c.id !== from && !c.piece && !mine.legal_actions.includes(`${from}-${c.id}`)).id;
      const why = await api("POST", "/adjudicate", { rules: "whack", position: mine.game.position, action: `${from}-${bad}` });
      assert.equal(why.legal, false);
      await tap(page, from);
      await page.locator(`[data-square="${from}"][aria-selected="true"]`).waitFor();
      await tap(page, bad);
      await page.getByRole("alert").getByText(why.reason, { exact: true }).waitFor();
      refused = true;
    }
    const action = await steer(mine, colours[seat], changed);
    const [from, to] = action.split("-");
    const taking = mine.board.cells.find((c) => c.id === to).piece;
    await tap(page, from);
    await page.locator(`[data-square="${to}"][aria-label$="can move here"]`).waitFor();
    await tap(page, to);
    view = await movedPast(gameId, view.seq);
    plies++;
    if (taking && taking.side !== colours[seat] && taking.kind !== "king") captured = true;
  }

  assert.equal(view.status, "over", "the game ended");
  assert.ok(captured && changed && refused && dieShot, "a capture, its roll and a change of the board were played on the phones");
  assert.match(view.outcome.reason, /captured (Fire|Ice)'s last king/);
  for (const p of pages) await p.getByRole("status").getByText(view.outcome.reason).waitFor();
  const winner = view.outcome.results.indexOf("win");
  assert.ok(winner === 0 || winner === 1);
  for (const [i, p] of pages.entries()) smallest.push(await wholeBoardOnScreen(p, `the end on ${colours[i]}'s phone`, view));
  await pages[winner].screenshot({ path: join(ARTIFACTS, "whack-end.png"), fullPage: true });
  await axe(pages[1 - winner], "whack over");
  console.log(`# figure: whack plies ${plies}, smallest cell ${Math.min(...smallest).toFixed(1)} px, ${view.outcome.reason}`);
  // The smallest phone in use, and a phone held sideways: still the whole board.
  for (const [width, height, name] of [
    [320, 568, "small"],
    [844, 390, "landscape"],
  ]) {
    await pages[1].setViewportSize({ width, height });
    const side = await wholeBoardOnScreen(pages[1], `the end at ${width}×${height}`, view);
    await pages[1].screenshot({ path: join(ARTIFACTS, `whack-${name}.png`) });
    console.log(`# figure: whack at ${width}×${height}: smallest cell ${side.toFixed(1)} px`);
  }
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

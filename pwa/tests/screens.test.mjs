// Every game's screen on a phone: each game of the catalogue, started with its default options,
// opened by its first seat and by a spectator at 390×844 and 320×568 — nothing sticks out past
// the phone's width (judged against the phone's own width, as wideElements() explains), and the
// page loads its own game's code only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { harness, inViewport, noConsoleErrors, phone, server, wideElements } from "./support.mjs";

harness();

const post = async (path, body) => {
  const r = await fetch(`${server.base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
  return r.json();
};

/** A game of `rules` with its default options and every seat taken over the API. */
async function started(rules) {
  const created = await post("/api/v1/games", { rules });
  const tokens = [];
  for (const s of created.seats) tokens.push((await post(`/api/v1/games/${created.game_id}/join`, { join_code: s.join_code, name: `P${s.seat + 1}` })).token);
  return { id: created.game_id, tokens };
}

/** `seat` of `game` plays `action` over the API, at the game's latest event. */
async function played(game, seat, action) {
  const view = await (await fetch(`${server.base}/api/v1/games/${game.id}`)).json();
  const r = await fetch(`${server.base}/api/v1/games/${game.id}/actions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${game.tokens[seat]}` },
    body: JSON.stringify({ action, seq: view.seq, key: action }),
  });
  assert.equal(r.status, 200, `${action}: ${await r.text()}`);
}

/** A phone of `width`×`height` holding `seat` of the game (the token as the app keeps it), or
 * watching when `seat` is null. */
async function opened(game, rules, seat, size) {
  const p = await phone({ viewport: size });
  if (seat !== null) {
    await p.page.addInitScript(
      ([id, stored]) => localStorage.setItem(`referee.game.${id}`, stored),
      [game.id, JSON.stringify({ seats: { [seat]: game.tokens[seat] }, mode: "each", rules })],
    );
  }
  const scripts = [];
  p.page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await p.page.goto(`${server.base}/#/game/${game.id}`);
  await p.page.getByRole("heading", { level: 1 }).waitFor();
  // The game's screen is there once nothing says it is loading, and the view has come.
  await p.page.waitForFunction(() => !/Loading/.test(document.body.innerText) && (document.querySelector("main")?.children.length ?? 0) > 2);
  // Pieces and fonts settle.
  await p.page.waitForTimeout(300);
  return { ...p, scripts };
}

const rulesIds = async () => (await (await fetch(`${server.base}/api/v1/rules`)).json()).map((r) => r.id);

test("every game's screen fits 390 and 320 px, for a player and a spectator", async () => {
  const problems = [];
  for (const rules of await rulesIds()) {
    const game = await started(rules);
    for (const size of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      for (const seat of [0, null]) {
        const { page, context } = await opened(game, rules, seat, size);
        const wide = await wideElements(page);
        if (wide.length) problems.push(`${rules} at ${size.width} px as ${seat === null ? "a spectator" : `seat ${seat + 1}`}: ${wide.join(", ")}`);
        await context.close();
      }
    }
  }
  assert.deepEqual(problems, []);
});

test("a game page loads its own game's code and no other game's", async () => {
  const ids = await rulesIds();
  for (const rules of ["chess", "gravity", "whack"]) {
    const game = await started(rules);
    const { scripts, context } = await opened(game, rules, 0, { width: 390, height: 844 });
    // Each game's entry is a chunk named after its folder (games/<id>/index.ts).
    const others = ids.filter((id) => id !== rules && scripts.some((s) => new RegExp(`/assets/${id}-[^/]*\\.js$`).test(s)));
    assert.deepEqual(others, [], `the ${rules} page loaded: ${scripts.join(", ")}`);
    assert.ok(scripts.some((s) => new RegExp(`/assets/${rules}-[^/]*\\.js$`).test(s)), `the ${rules} page loaded its own chunk: ${scripts.join(", ")}`);
    await context.close();
  }
});

test("at 320×568 the turn's controls are on the first screen: chess's take back under the board, of one move and of a move and its reply, and the answers to it; Chess Golf's count and its seal over the course", async () => {
  const small = { width: 320, height: 568 };
  const chess = await started("chess");
  await played(chess, 0, "e2e4");
  const white = await opened(chess, "chess", 0, small);
  // The move just made can be taken back without scrolling (draw and resign follow under it).
  const takeBack = white.page.getByRole("button", { name: "Take back my move" });
  await takeBack.waitFor();
  assert.ok(await inViewport(white.page, takeBack), "Take back my move is on the first screen at 320×568");
  assert.ok(await inViewport(white.page, white.page.locator("svg.board")), "the whole board too");
  // After Black's reply, White may ask to take back both moves, from the first screen too; the
  // request, and both answers to it, are on Black's first screen.
  await played(chess, 1, "e7e5");
  const both = white.page.getByRole("button", { name: "Take back my move and the reply" });
  await both.waitFor();
  assert.ok(await inViewport(white.page, both), "Take back my move and the reply is on the first screen at 320×568");
  await both.click();
  await white.page.getByText("You asked to take back your last move and the reply to it.").waitFor();
  const black = await opened(chess, "chess", 1, small);
  const banner = black.page.getByRole("region", { name: "takeback request" });
  await banner.getByText("P1 (White) asks to take back their last move and your reply.").waitFor();
  for (const answer of ["Let them take it back", "Decline"]) {
    assert.ok(await inViewport(black.page, banner.getByRole("button", { name: answer })), `${answer} is on Black's first screen at 320×568`);
  }
  for (const p of [white, black]) assert.deepEqual(await wideElements(p.page), [], "nothing sticks out at 320 px");
  await black.context.close();
  await white.context.close();

  const golf = await started("chess-golf");
  const one = await opened(golf, "chess-golf", 0, small);
  for (const control of [one.page.getByRole("button", { name: "Seal my count" }), one.page.getByRole("button", { name: "3 moves" }), one.page.getByRole("button", { name: "Impossible" })]) {
    assert.ok(await inViewport(one.page, control), "the count and its seal are on the first screen");
  }
  // The course is whole on the screen once scrolled to, with the count still under it.
  await one.page.locator("svg.board").scrollIntoViewIfNeeded();
  await one.page.evaluate(() => window.scrollBy(0, document.querySelector("svg.board").getBoundingClientRect().top - 8));
  const board = await one.page.locator("svg.board").boundingBox();
  const picker = await one.page.locator(".golf-bid").boundingBox();
  assert.ok(board.y >= 0 && board.y + board.height <= picker.y + 1, `the course is not under the count: ${JSON.stringify({ board, picker })}`);
  await one.context.close();
});

noConsoleErrors();

// A long game on a phone: a view carries only the latest 32 entries of the record. The list
// shows them numbered as in the whole record, "Earlier moves (N)" fetches the rest above them,
// and a chess game's PGN is built from the whole record.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, noConsoleErrors, phone, server } from "./support.mjs";

harness();

async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${server.base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json();
  assert.ok(r.ok, `${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** A game of `rules` created and joined through the API: its id and each seat's token. */
async function apiGame(rules, options) {
  const created = await call("POST", "/games", { rules, options });
  const tokens = [];
  for (const { join_code } of created.seats) tokens.push((await call("POST", `/games/${created.game_id}/join`, { join_code })).token);
  return { id: created.game_id, tokens };
}

let keys = 0;
/** Submits `action` for the seat of `token` on the view of `seq`: the seat's new view. */
const act = (id, token, action, seq) => call("POST", `/games/${id}/actions`, { action, seq, key: `long-${keys++}` }, token);

/** A phone holding the seat of `token`, on the game's page. */
async function seatPhone(id, seat, token, rules, route = "") {
  const p = await phone();
  await p.page.goto(`${server.base}/`);
  await p.page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [`referee.game.${id}`, JSON.stringify({ seats: { [seat]: token }, mode: "each", rules })]);
  await p.page.goto(`${server.base}/#/game/${id}${route}`);
  return p;
}

test("table tools after 100 rolls: the latest 32 entries, numbered as in the record; Earlier moves shows the first 68 above them and the list stays whole", async () => {
  const { id, tokens } = await apiGame("table-tools", { seats: 2, decks: { main: "standard-52" } });
  let seq = (await call("GET", `/games/${id}`, undefined, tokens[0])).seq;
  for (let i = 0; i < 100; i++) seq = (await act(id, tokens[i % 2], "roll 2d6", seq)).seq;
  const view = await call("GET", `/games/${id}`, undefined, tokens[0]);
  const record = await call("GET", `/games/${id}/record?from=0`, undefined, tokens[0]);
  assert.equal(view.played.length, 32, "a view carries the latest 32 entries");
  assert.equal(record.from, 0);
  const total = record.played.length;
  assert.ok(total >= 100, `the record holds every roll (${total})`);
  assert.equal(view.played_from, total - 32);
  // The record's tail is the view's part.
  assert.deepEqual(record.played.slice(view.played_from), view.played);

  // On the generic screen, the record as a list.
  const { context, page } = await seatPhone(id, 0, tokens[0], "table-tools", "?screen=generic");
  const list = page.getByRole("list", { name: "what happened" });
  await list.locator("li").nth(31).waitFor();
  assert.equal(await list.locator("li").count(), 32);
  assert.equal(await list.getAttribute("start"), String(view.played_from + 1), "numbered from its place in the record");
  assert.equal((await list.locator("li").first().innerText()).trim(), `Seat ${view.played[0].seat + 1}: ${view.played[0].said}`);
  assert.equal((await list.locator("li").last().innerText()).trim(), `Seat ${view.played[31].seat + 1}: ${view.played[31].said}`);
  const earlier = page.getByRole("button", { name: `Earlier moves (${view.played_from})` });
  const box = await earlier.boundingBox();
  assert.ok(box && box.height >= 44 && box.width >= 44, "a 44 px target");
  await axe(page, "a long record, latest entries");
  await earlier.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, "long-record-latest.png") });

  await earlier.click();
  await list.locator("li").nth(total - 1).waitFor();
  assert.equal(await list.locator("li").count(), total, "the whole record");
  assert.equal(await list.getAttribute("start"), "1");
  assert.equal((await list.locator("li").first().innerText()).trim(), `Seat ${record.played[0].seat + 1}: ${record.played[0].said}`);
  assert.equal(await page.getByRole("button", { name: /^Earlier moves/ }).count(), 0);
  // The focus goes to the first entry shown, where the button was.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), `Seat ${record.played[0].seat + 1}: ${record.played[0].said}`);

  // The game goes on: the list stays whole, the new roll last.
  const next = await act(id, tokens[1], "roll 1d20", seq);
  await list.locator("li").nth(total).waitFor();
  assert.match(await list.locator("li").last().innerText(), /Seat 2 rolled 1d20: \d+/);
  assert.equal(next.played_from, total + 1 - 32);
  await axe(page, "a long record, whole");
  // Three-digit numbers fit.
  assert.equal(await list.getAttribute("data-digits"), "3");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways");
  await list.locator("li").last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, "long-record-whole.png") });
  await context.close();
});

/** A little seeded walk through the legal moves (the same game each run). */
function walker(seed) {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

test("chess after 70 plies: the moves numbered from move 20, Earlier moves from 1, and the PGN of the whole game", async () => {
  const { id, tokens } = await apiGame("chess");
  const pick = walker(7);
  for (let ply = 0; ply < 70; ply++) {
    const v = await call("GET", `/games/${id}`, undefined, tokens[ply % 2]);
    assert.equal(v.status, "active", `the walk is still on at ply ${ply}`);
    const moves = v.legal_actions.filter((a) => /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(a));
    await act(id, tokens[ply % 2], moves[pick(moves.length)], v.seq);
  }
  const view = await call("GET", `/games/${id}`, undefined, tokens[0]);
  assert.equal(view.status, "active");
  assert.equal(view.played_from, 38);
  const sans = (await call("GET", `/games/${id}/record`, undefined, tokens[0])).played.map((p) => p.said);
  assert.equal(sans.length, 70);
  const lines = [];
  for (let i = 0; i < sans.length; i += 2) lines.push(`${sans[i]} ${sans[i + 1]}`);

  const { context, page } = await seatPhone(id, 0, tokens[0], "chess");
  const list = page.getByRole("list", { name: "moves" });
  await list.locator("li").nth(15).waitFor();
  // Plies 39–70: White's 20th move begins the list, numbered 20.
  assert.equal(await list.getAttribute("start"), "20");
  assert.equal(await list.locator("li").count(), 16);
  assert.equal((await list.locator("li").first().innerText()).trim(), lines[19]);
  // The PGN fetches the whole game first.
  await page.getByRole("button", { name: "PGN", exact: true }).click();
  const pgn = await page.getByLabel("PGN").inputValue();
  assert.ok(pgn.includes(`\n\n1. ${lines[0]} 2. ${lines[1]} 3. ${lines[2]} 4. ${lines[3]} `), pgn);
  assert.ok(pgn.trimEnd().endsWith(`35. ${lines[34]} *`), pgn);
  // The whole game fetched for the PGN shows in the list too.
  await list.locator("li").nth(34).waitFor();
  assert.equal(await list.getAttribute("start"), "1");
  assert.equal((await list.locator("li").first().innerText()).trim(), lines[0]);
  await context.close();

  // A fresh phone: Earlier moves shows moves 1–19 above the rest.
  const other = await seatPhone(id, 1, tokens[1], "chess");
  const theirs = other.page.getByRole("list", { name: "moves" });
  await theirs.locator("li").nth(15).waitFor();
  await other.page.getByRole("button", { name: "Earlier moves (38)" }).click();
  await theirs.locator("li").nth(34).waitFor();
  assert.deepEqual((await theirs.locator("li").allInnerTexts()).map((t) => t.trim()), lines);
  await axe(other.page, "a long chess game, whole");
  await other.context.close();
});

noConsoleErrors();

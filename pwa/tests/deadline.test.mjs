// Chess Battle's round timer on four phones and the table display: every screen counts the
// sealed round down, and at zero the screens' own read of the game closes it at the referee
// (nobody else calls in the meantime); the seats that sealed nothing stay put, the record says
// so, and the fairness page checks the record, the round's deadline and the host's end included.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, axe, harness, movedPast, noConsoleErrors, phone, server, spectate, tap } from "./support.mjs";

harness();

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const REFEREE_BIN = process.env.REFEREE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug", "referee");

/** The cells a phone marks as free for its piece (not a capture). */
const freeCells = (page) => page.locator("svg.board [data-square]:has(circle.dot)").evaluateAll((els) => els.map((e) => e.dataset.square));

/** The free cell farthest from the board's edge (the first such in the page's order): the danger
 * zones spread inwards from the edge ring a round at a time, so pieces placed and moved there
 * cannot be caught before the host ends the game, whatever the random zones drew. */
function innermost(cells, size = 8) {
  const depth = (c) => {
    const file = c.charCodeAt(0) - 97;
    const rank = Number(c.slice(1)) - 1;
    return Math.min(file, rank, size - 1 - file, size - 1 - rank);
  };
  return cells.reduce((best, c) => (depth(c) > depth(best) ? c : best));
}

/** Records every text the round timer shows on a page, with its live setting and label, from the
 * page's start: the countdown lasts three seconds, too short to catch on five screens at once. */
function recordTimer() {
  const seen = (window.__timer = []);
  const note = () => {
    const t = document.querySelector('[role="timer"]');
    if (!t) return;
    const entry = `${t.getAttribute("aria-live")}|${t.getAttribute("aria-label")}|${t.textContent}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  };
  addEventListener("DOMContentLoaded", () => new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true }));
}

test("a three-second round timer: every screen counts down, the round closes at zero with the seats that sealed nothing staying put, and the fairness page checks the record", async () => {
  const started = Date.now();
  // The form offers 30 s and up; the referee takes 3 s, which keeps the test short.
  const created = await (
    await fetch(`${server.base}/api/v1/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rules: "chess-battle", options: { players: 4, round_seconds: 3, zones: "random", safe_rounds: 0 } }),
    })
  ).json();
  const gameId = created.game_id;
  const codes = [...created.seats].sort((a, b) => a.seat - b.seat).map((s) => s.join_code);
  const phones = [];
  for (let i = 0; i < 4; i++) phones.push(await phone());
  const tablet = await phone({ viewport: { width: 1180, height: 820 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 });
  const pages = phones.map((p) => p.page);
  const screens = [...pages, tablet.page];
  for (const p of screens) await p.addInitScript(recordTimer);
  await Promise.all(
    pages.map(async (page, seat) => {
      await page.goto(`${server.base}/#/join/${gameId}/${codes[seat]}`);
      await page.getByRole("button", { name: "Join" }).click();
      await page.getByText(`you are Seat ${seat + 1}`).waitFor();
      await page.locator("svg.board").waitFor();
    }),
  );
  await tablet.page.goto(`${server.base}/#/table/${gameId}`);
  await tablet.page.getByRole("heading", { name: /table display/ }).waitFor();

  // Picks and placements have no deadline.
  let view = await spectate(gameId);
  while (view.game.stage !== "rounds") {
    assert.equal(view.round_deadline_ms, null, "no deadline before the rounds");
    const page = pages[view.turn.turn_of];
    if (view.game.stage === "pick-piece") await page.getByRole("region", { name: "pieces to pick" }).locator("button:enabled").first().click();
    else {
      await page.getByText("Tap an empty cell to place your").waitFor();
      const free = await freeCells(page);
      await tap(page, innermost(free));
    }
    view = await movedPast(gameId, view.seq);
  }
  // Round 1 is open, with its deadline three seconds after the last placement.
  const deadline = view.round_deadline_ms;
  assert.ok(typeof deadline === "number" && deadline > Date.now() - 1000 && deadline <= Date.now() + 3000, `a deadline in three seconds: ${deadline}`);
  // The events so far are numbered from 0: the next is Seat 1's seal.
  const sealSeq = view.seq;

  // Only Seat 1 seals a move, to the free cell farthest from the edge; from here the test asks
  // the referee nothing until the screens have closed the round themselves.
  const me = view.game.fighters[0];
  await pages[0].getByText("Round 1: tap where your").waitFor();
  const to = innermost(await freeCells(pages[0]));
  await tap(pages[0], to);
  await pages[0].getByText(`Your sealed move: ${me.cell}→${to}`).waitFor();
  const sealedAt = Date.now();
  assert.ok(sealedAt < deadline, `sealed ${deadline - sealedAt} ms before the deadline`);
  await tablet.page.getByRole("timer").getByText(/^Round closes in 0:0[123]$/).waitFor();
  await tablet.page.screenshot({ path: join(ARTIFACTS, "chess-battle-deadline-table.png") });
  await axe(pages[1], "a phone counting the round down");
  const checkedAt = Date.now();

  // At zero every screen shows the round closed: Seat 1's move revealed, the others where they stood.
  const late = [1, 2, 3].map((s) => view.game.fighters[s]);
  await Promise.all(
    screens.map(async (p) => {
      const last = p.getByRole("region", { name: "last round" });
      await last.getByRole("heading", { name: "Round 1, closed at its deadline" }).waitFor();
      await last.getByText(`Seat 1: ${me.cell}→${to}`).waitFor();
      for (const f of late) await last.getByText(`Seat ${f.seat + 1} sealed nothing before the deadline and stayed on ${f.cell}`).waitFor();
    }),
  );
  const closedAt = Date.now();
  await pages[1].screenshot({ path: join(ARTIFACTS, "chess-battle-deadline.png"), fullPage: true });

  // Every screen counted the round down by the second, labelled but not read aloud each second.
  for (const [i, p] of screens.entries()) {
    const seen = await p.evaluate(() => window.__timer);
    const counted = seen.filter((e) => /^off\|Round timer: [123] seconds? left in this round\|Round closes in 0:0[123]$/.test(e));
    assert.ok(counted.length >= 1, `screen ${i + 1} counted down: ${JSON.stringify(seen)}`);
    assert.ok(seen.every((e) => e.startsWith("off|")), "never a live region");
  }

  // The host ends the game: no countdown any more.
  const hostEnd = await fetch(`${server.base}/api/v1/games/${gameId}/end`, { method: "POST", headers: { authorization: `Bearer ${created.host_token}` } });
  assert.ok(hostEnd.ok, `the host ends the game: ${hostEnd.status}`);
  for (const p of pages) await p.getByRole("status").getByText("Ended by the host").waitFor();
  for (const p of screens) await p.getByRole("timer").waitFor({ state: "detached" });

  // The whole record says who sealed nothing.
  for (const p of pages) {
    await p.getByText("The whole record").click();
    const record = p.getByRole("list", { name: "what happened" });
    for (const f of late) await record.getByText(`Seat ${f.seat + 1} sealed nothing before the deadline`, { exact: true }).first().waitFor();
  }

  // The record: a deadline event with no seat nor action, recorded no earlier than the deadline,
  // then the host's end.
  const record = await (await fetch(`${server.base}/api/v1/games/${gameId}/audit`)).json();
  const seal = record.events.find((e) => e.seq === sealSeq);
  assert.deepEqual([seal.type, seal.seat, seal.action], ["action", 0, to], "Seat 1's seal");
  const round1 = record.events.find((e) => e.seq === sealSeq + 1);
  assert.equal(round1.type, "deadline", "the next event closed the round at its deadline");
  assert.equal(round1.seat, undefined);
  assert.equal(round1.action, undefined);
  assert.ok(round1.at_ms >= deadline, "recorded at or after the deadline");
  // The zones are the round's draws, from the round's own stream (derivation 3): whichever
  // event closed the round, they would be the same.
  assert.equal(round1.draws, undefined, "a deadline draws nothing of its own");
  assert.ok(round1.round_draws.length > 0 && Number.isInteger(round1.round), "the random zones drew at the round's closing");
  assert.equal(record.events.at(-1).type, "end");

  // The fairness page on Seat 2's phone: the draws and the chain, through the deadline and the end.
  const seat2 = pages[1];
  const kept = await seat2.evaluate((id) => JSON.parse(localStorage.getItem(`referee.chain.${id}`) ?? "[]"), gameId);
  assert.ok(kept.some((k) => k.seq > round1.seq), "the phone kept a link after the deadline");
  await seat2.getByRole("link", { name: "Check the draws" }).click();
  await seat2.getByText("✓ Every draw matches the seed.").waitFor();
  const chain = seat2.locator('[data-chain="ok"]');
  await chain.waitFor();
  assert.equal(await chain.innerText(), `✓ The record extends the ${kept.length} links this phone saw during the game, and all ${record.events.length} event links hold.`);
  await seat2.getByRole("list", { name: "what was drawn" }).getByText(/^The round's deadline — \d+ draws?/).waitFor();
  await axe(seat2, "fairness page of a game with a round's deadline");
  // The referee's own verifier agrees, with this phone's links.
  const file = join(ARTIFACTS, `audit-${gameId}.json`);
  writeFileSync(file, JSON.stringify(record));
  const out = execFileSync(REFEREE_BIN, ["verify", file, ...kept.flatMap((k) => ["--checkpoint", `${k.seq}:${k.chain}`])], { encoding: "utf8" });
  assert.match(out, /checkpoint\(s\): ok/);

  console.log(`# figure: deadline test: sealed ${deadline - sealedAt} ms before the deadline, the countdown checked ${deadline - checkedAt} ms before it, every screen closed ${closedAt - deadline} ms after it, ${Date.now() - started} ms in all`);
  await tablet.context.close();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

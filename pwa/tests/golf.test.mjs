// Chess Golf at the table. Three phones play the seed's first example (par 3): each seals a
// count on its own phone (one changes it), the counts are revealed with who demonstrates and
// why, the demonstrator taps the line while another phone watches the moves appear, a refused
// move is explained in the referee's words, the white king goes back, and every phone shows
// the scorecard with the referee's par; then a hole everyone calls impossible ends the round.
// One phone passed round two players: the privacy screen between sealed counts, a tie broken
// from the dealer, a give-up, the next demonstrator, and the dealer's harder deal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, movedPast, noConsoleErrors, phone, server, spectate, table, tap } from "./support.mjs";

harness();

/** The seed's first example: the white king and a black bishop, par 3. */
const LAYOUT = "2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2";
const button = (page, name) => page.getByRole("button", { name, exact: true });
const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];
const countName = (n) => (n === 0 ? "Impossible" : `${n} move${n === 1 ? "" : "s"}`);
const countWords = (n) => (n === 0 ? "impossible" : `${n} move${n === 1 ? "" : "s"}`);

/** Fills the options form: players, holes, and the seed's course with the first hole's cards. */
const golfOptions = (players, holes) => async (host) => {
  await host.getByLabel("Players (1 to 8)").fill(String(players));
  await host.getByLabel("Holes (1 to 18)").fill(String(holes));
  await host.getByText("Play a given course").click();
  await host.getByLabel("Course (FEN board of the sixteen pieces)").fill(LAYOUT);
  await host.getByLabel("First hole's pieces (FEN letters)").fill("Kb");
};

/** Picks a count on a phone and seals it (or seals the change); on a phone of its own the
 * sealed count is shown back (a shared phone goes on to the next player at once). */
async function seal(page, count, own = true) {
  await button(page, countName(count)).click();
  const change = button(page, "Seal the change");
  await ((await change.count()) ? change : button(page, "Seal my count")).click();
  if (own) await page.getByText(`Sealed: ${countWords(count)} — you may change it until everyone is in.`).waitFor();
}

const PIECES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };
/** FEN's board field as square → piece in words ("white king"). */
function piecesOf(board) {
  const out = {};
  board.split("/").forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else out["abcdefgh"[file++] + (8 - i)] = `${c === c.toUpperCase() ? "white" : "black"} ${PIECES[c.toLowerCase()]}`;
    }
  });
  return out;
}

/** The par as every phone should show it, from the referee's answer: its line played out on the
 * hole's course, each piece named ("white king b3→b1 takes the black rook, …"). */
async function parText(gameId, hole) {
  const r = await fetch(`${server.base}/api/v1/games/${gameId}/pars`);
  const par = (await r.json()).pars.find((p) => p.puzzle === `hole-${hole}`);
  if (par.kind === "moves") {
    const view = await (await fetch(`${server.base}/api/v1/games/${gameId}`)).json();
    const board = piecesOf(view.game.scorecard.find((h) => h.number === hole).start);
    const said = par.line.map((m) => {
      const [from, to] = [m.slice(0, 2), m.slice(2, 4)];
      const [piece, taken] = [board[from], board[to]];
      board[to] = piece;
      delete board[from];
      return `${piece} ${from}→${to}${taken ? ` takes the ${taken}` : ""}`;
    });
    return `Par ${par.moves}: ${said.join(", ")}`;
  }
  if (par.kind === "impossible") return "Impossible";
  return `At least ${par.moves} (not proven)`;
}

/** A phone's scorecard row of a hole (or the totals, `hole` null), cell by cell. */
const row = (page, hole) =>
  page
    .locator(hole === null ? "tfoot td[data-total]" : `tr[data-hole="${hole}"] td[data-seat]`)
    .evaluateAll((cells) => cells.map((c) => c.textContent.replace(/\(lowest\)/, "").trim()));

test("Chess Golf on three phones: sealed counts, the lowest demonstrates while the others watch, the king goes back, scorecard and par on every phone, the round to its end", async () => {
  const { phones, pages, tableLink } = await table("chess-golf", 3, "Seat 1", golfOptions(3, 2));
  const [one, two, three] = pages;
  const gameId = gameOf(one);
  assert.ok(tableLink, "the join codes page links the table display");
  const tablet = await phone({ viewport: { width: 1180, height: 820 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 });
  await tablet.page.goto(`${server.base}/${tableLink}`);
  let view = await spectate(gameId);
  const dealer = view.game.dealer;

  // The hole on every phone: its number, the dealer, the cards and the chosen pieces in words.
  for (const p of pages) {
    await p.getByRole("heading", { name: "Hole 1 of 2" }).waitFor();
    await p.getByText(`Dealt by Seat ${dealer + 1}`).waitFor();
    await p.getByText("white king · black bishop").waitFor();
    await p.getByRole("listitem", { name: "king of hearts: white king" }).waitFor();
    await p.getByRole("listitem", { name: /^9 of (clubs|spades): black bishop$/ }).waitFor();
    await p.getByText("How many moves do you need? Pick a count and seal it").waitFor();
  }
  // The chosen pieces are marked on the board.
  const chosen = await one.locator('[data-square][aria-label*="chosen"]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(chosen, ["a2", "e5", "h2"]);
  await one.screenshot({ path: join(ARTIFACTS, "golf-bidding.png"), fullPage: true });
  await axe(one, "chess golf, bidding");
  assert.ok(await fitsWidth(one), "nothing scrolls sideways at 390 px");

  // Seat 2 seals 5, then changes it to 4; the others see only that a count is in.
  await seal(two, 5);
  await three.getByText("1 of 3 counts in").waitFor();
  await seal(two, 4);
  await seal(one, 3);
  for (const p of pages) await p.getByText("2 of 3 counts in").waitFor();
  assert.equal(await three.getByText("Sealed:").count(), 0, "Seat 3 sees no count of another seat");
  assert.equal(await three.locator("[data-count-seat]").count(), 0, "no counts before they are all in");
  await three.screenshot({ path: join(ARTIFACTS, "golf-counts-in.png"), fullPage: true });
  // Seat 3 says it is impossible: the counts are revealed.
  await seal(three, 0, false);
  for (const p of pages) {
    const counts = p.getByRole("region", { name: "counts" });
    await counts.locator('[data-count-seat="1"]').getByText("3", { exact: true }).waitFor();
    await counts.locator('[data-count-seat="2"]').getByText("4", { exact: true }).waitFor();
    await counts.locator('[data-count-seat="3"]').getByText("impossible", { exact: true }).waitFor();
    await p.getByText("Seat 1 has the lowest count, 3.").waitFor();
  }
  await one.getByText("Show your line: tap a piece, then its square — 3 of 3 moves left").waitFor();
  await three.getByText("Seat 1 is demonstrating — 3 of 3 moves left").waitFor();

  // A move the hole does not allow is refused in the referee's words, and counts for nothing.
  await tap(one, "e5");
  await tap(one, "e4");
  await one.getByRole("alert").getByText("The black bishop on e5 cannot reach e4: it moves only as a knight.").waitFor();
  await one.getByText("3 of 3 moves left").first().waitFor();

  // The line, tapped move by move on Seat 1's phone while Seat 3's phone watches it appear.
  view = await spectate(gameId);
  const line = [
    ["e5", "g6", "the black bishop e5→g6 as a knight", "2 of 3 moves left"],
    ["g6", "h5", "the black bishop g6→h5 as a king", "1 of 3 moves left"],
  ];
  for (const [from, to, said, left] of line) {
    await tap(one, from);
    await tap(one, to);
    for (const p of pages) {
      await p.getByRole("list", { name: "moves shown" }).locator(`li[data-move="${from}${to}"]`).getByText(said).waitFor();
      await p.getByText(left).first().waitFor();
    }
  }
  await three.screenshot({ path: join(ARTIFACTS, "golf-watching.png"), fullPage: true });
  // The table display in the middle of the table follows it too.
  await tablet.page.getByRole("list", { name: "moves shown" }).locator('li[data-move="g6h5"]').waitFor();
  await tablet.page.getByText("Seat 1 is demonstrating — 1 of 3 moves left").waitFor();
  await tablet.page.screenshot({ path: join(ARTIFACTS, "golf-table.png") });
  await axe(tablet.page, "chess golf table display");
  await axe(one, "chess golf, demonstrating");
  await tap(one, "h5");
  await tap(one, "h2");
  // The king goes back where the demonstrator chooses.
  await one.getByText("Put the white king back: tap an empty square").waitFor();
  await two.getByText("Seat 1 puts the white king back").waitFor();
  for (const p of pages) await p.getByText("Seat 1 showed it in 3 moves").first().waitFor();
  await one.screenshot({ path: join(ARTIFACTS, "golf-put-back.png"), fullPage: true });
  await tap(one, "d4");

  // Hole 2 is dealt; every phone's scorecard shows hole 1 and its par.
  for (const p of pages) await p.getByRole("heading", { name: "Hole 2 of 2" }).waitFor();
  const par1 = await parText(gameId, 1);
  assert.match(par1, /^Par 3: /, "the seed's example has par 3");
  for (const p of pages) {
    await p.locator('[data-par="1"]').getByText(par1).waitFor();
    assert.deepEqual(await row(p, 1), ["3", "4", "5"], "3 and 4 as sealed; impossible scores the highest count plus one");
    assert.deepEqual(await row(p, null), ["3", "4", "5"]);
  }
  await one.locator('[data-square="d4"][aria-label*="white king"]').waitFor();

  // Hole 2: everyone says impossible, which ends the round.
  await seal(one, 0);
  await seal(two, 0);
  await seal(three, 0, false);
  // The last count closes the round: wait for the referee to have recorded it.
  for (let i = 0; i < 200 && view.status !== "over"; i++) {
    view = await spectate(gameId);
    if (view.status !== "over") await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(view.status, "over");
  const par2 = await parText(gameId, 2);
  for (const p of pages) {
    await p.getByText("Seat 1 wins with 3, the lowest total").first().waitFor();
    await p.locator('[data-par="2"]').getByText(par2).waitFor();
    await p.locator('[data-par="2"]').getByText("Everyone said impossible").waitFor();
    assert.deepEqual(await row(p, 2), ["0", "0", "0"], "nobody succeeded: impossible scores nothing");
    assert.deepEqual(await row(p, null), ["3", "4", "5"]);
    assert.equal(await p.locator("tfoot td.lowest").getAttribute("data-total"), "1", "the lowest total is marked");
    await p.getByText("Seat 1 wins with 3.").waitFor();
  }
  assert.equal(await button(one, "Give up").count(), 0);
  await two.screenshot({ path: join(ARTIFACTS, "golf-scorecard.png"), fullPage: true });
  await axe(two, "chess golf, over");
  assert.ok(await fitsWidth(two), "nothing scrolls sideways at 390 px");
  await two.setViewportSize({ width: 320, height: 640 });
  assert.ok(await fitsWidth(two), "nothing scrolls sideways at 320 px");
  await tablet.page.locator('[data-par="2"]').getByText(par2).waitFor();
  assert.deepEqual(await row(tablet.page, null), ["3", "4", "5"]);
  for (const p of [...phones, tablet]) await p.context.close();
});

test("Chess Golf on one small phone (320 px) passed round: the privacy screen between counts, a tie from the dealer, a give-up, the next lowest, and the dealer's harder deal", async () => {
  const { context, page } = await phone({ viewport: { width: 320, height: 640 } });
  await page.goto(`${server.base}/#/start/chess-golf`);
  await golfOptions(2, 2)(page);
  await page.getByLabel("One phone for everyone").check();
  await button(page, "Create game").click();
  const privacy = page.getByRole("heading", { name: "Pass the phone" });
  /** The phone is handed on: the privacy screen, then its holder taps through. */
  const handOver = async (to) => {
    await privacy.waitFor();
    await page.getByText(`Hand the phone to Seat ${to + 1}`).waitFor();
    await button(page, "I have the phone").click();
    await page.getByText(`you are Seat ${to + 1}`).waitFor();
  };
  await privacy.waitFor();
  await button(page, "I have the phone").click();
  await page.getByText("you are Seat 1").waitFor();
  const gameId = gameOf(page);
  let view = await spectate(gameId);
  const dealer = view.game.dealer;

  await page.screenshot({ path: join(ARTIFACTS, "golf-320-bid.png"), fullPage: true });
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");
  await seal(page, 3, false);
  await handOver(1);
  await page.getByText("1 of 2 counts in").waitFor();
  assert.equal(await page.getByText("Sealed:").count(), 0, "the next player sees no count of the last");
  await seal(page, 3, false);

  // A tie: the dealer demonstrates first.
  const first = dealer;
  const second = 1 - dealer;
  if (first !== 1) await handOver(first);
  await page.getByText(`Seat 1 and Seat 2 share the lowest count, 3; Seat ${first + 1} dealt, so goes first.`).waitFor();
  await page.getByText("3 of 3 moves left").first().waitFor();
  // A refusal, then a give-up (asked first).
  await tap(page, "h2");
  await tap(page, "h3");
  await page.getByRole("alert").getByText("The white king on h2 cannot move: no piece of its colour stands next to it.").waitFor();
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");
  page.once("dialog", (d) => d.accept());
  await button(page, "Give up").click();

  // The next lowest count demonstrates, and finishes.
  await handOver(second);
  await page.getByText(`Seat ${first + 1} gave up; Seat ${second + 1} has the next lowest count, 3.`).waitFor();
  for (const [from, to] of [
    ["e5", "g6"],
    ["g6", "h5"],
    ["h5", "h2"],
  ]) {
    view = await spectate(gameId);
    await tap(page, from);
    await tap(page, to);
    view = await movedPast(gameId, view.seq);
  }
  await page.getByText("Put the white king back: tap an empty square").waitFor();
  await tap(page, "a1");

  // Every count was the same: the next dealer may deal one more card.
  view = await movedPast(gameId, view.seq);
  assert.equal(view.game.step, "deal");
  const nextDealer = view.game.dealer;
  if (nextDealer !== second) await handOver(nextDealer);
  await page.getByText("Everyone sealed the same count: you deal next, and may make it harder with one card more").waitFor();
  await button(page, "Deal 2 cards").waitFor();
  await page.screenshot({ path: join(ARTIFACTS, "golf-deal.png"), fullPage: true });
  await axe(page, "chess golf, the dealer's choice");
  assert.ok(await fitsWidth(page), "nothing scrolls sideways at 320 px");
  await button(page, "Deal 3 cards (harder)").click();
  await page.getByRole("heading", { name: "Hole 2 of 2" }).waitFor();
  assert.equal(await page.getByRole("list", { name: "cards dealt" }).getByRole("listitem").count(), 3, "three cards this hole");
  assert.deepEqual(await row(page, 1), first === 0 ? ["4", "3"] : ["3", "4"], "the give-up scores the other count plus one");

  // Both say impossible: the round is over and the lower total wins.
  // The dealer holds the phone and seals first, then hands it on.
  await seal(page, 0, false);
  await handOver(1 - nextDealer);
  await seal(page, 0, false);
  await page.getByText(`Seat ${second + 1} wins with 3, the lowest total`).first().waitFor();
  await page.locator('[data-par="1"]').getByText(await parText(gameId, 1)).waitFor();
  await page.locator('[data-par="1"]').getByText(`Seat ${first + 1} gave up; Seat ${second + 1} showed it in 3 moves`).waitFor();
  await context.close();
});

noConsoleErrors();

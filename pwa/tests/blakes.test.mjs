// Blake's Chess on two phones, played to a king's capture through the screens: the first three
// turns are moves only; from the fourth the players draw (from the stock, or the waste's top
// card when it pairs their hand), discarding over the hand limit, until one holds a roll
// modifier; then pawns meet, a capture is declared and rolled, and in its reaction window that
// player taps the group ("Three of a kind (…): +2 to a roll") — both phones show the dice and
// both totals, the total grows by the group's bonus, both pass and the dice decide. The kings
// then walk at each other until one attacks the other and a king falls. The fairness page of the
// finished game re-derives every card and die from the revealed seed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, fitsWidth, harness, inViewport, movedPast, noConsoleErrors, phone, resign, server, spectate, tap, twoPhones } from "./support.mjs";

harness();

const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];
const SIDES = ["White", "Black"];
const MODIFIERS = ["two-pair", "three-of-a-kind", "four-of-a-kind"];
const rank = (card) => card.slice(0, -1);
const distance = (a, b) => Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(a.charCodeAt(1) - b.charCodeAt(1)));

/** The cards a phone shows in its own hand. */
const handOf = (page) => page.locator(".bk-cards [data-card]").evaluateAll((els) => els.map((e) => e.dataset.card));

/** The card to discard: one whose rank the hand holds fewest of. */
function worst(hand) {
  const count = (c) => hand.filter((d) => rank(d) === rank(c)).length;
  return [...hand].sort((a, b) => count(a) - count(b))[0];
}

/** Where the pieces stand, from the spectator's board. */
const squareOf = (view, kind, side) => view.board.cells.find((c) => c.piece?.kind === kind && c.piece.side === side)?.id;

/** A move tapped on a phone once it shows that the move is its own (a phone may be a moment
 * behind the referee, and a tap before then is answered "not your turn"). */
async function moveOn(page, from, to) {
  await page.getByRole("status").getByText(/^Your move/).waitFor();
  await tap(page, from);
  await tap(page, to);
}

/** Both phones pass until the window closes (a card played asks both again). */
async function passAll(pages, gameId, view) {
  for (let i = 0; i < 8 && view.game.stage === "react"; i++) {
    const seat = [0, 1].find((s) => !view.game.attack.passed.includes(s));
    const pass = pages[seat].getByRole("button", { name: "Pass", exact: true });
    await pass.click();
    view = await movedPast(gameId, view.seq);
  }
  assert.notEqual(view.game.stage, "react", "the window closed once both had passed");
  return view;
}

test("Blake's Chess on two phones to a king's capture: draws from the fourth turn, a capture decided by dice with a roll modifier played in its window, and the fairness check", async () => {
  const { white, black } = await twoPhones("blakes-chess");
  const pages = [white.page, black.page];
  const gameId = gameOf(white.page);
  let view = await spectate(gameId);
  const suit = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" }[view.game.trump];
  for (const p of pages) await p.getByLabel("trumps and piles").getByText(`${suit} ${view.game.trump}`).waitFor();

  // The first three turns: moves only, no draw offered.
  const opening = [
    [0, "a2", "a3"],
    [1, "h7", "h6"],
    [0, "b2", "b3"],
    [1, "g7", "g6"],
    [0, "h2", "h3"],
    [1, "a7", "a6"],
  ];
  // A move the rules refuse is explained in the referee's words (the game's referee is asked,
  // and refuses it), and nothing is played.
  const errors = consoleErrors.length;
  await tap(white.page, "e2");
  await tap(white.page, "e5");
  await white.page.getByRole("alert").getByText("The pawn on e2 cannot reach e5.").waitFor();
  assert.equal((await spectate(gameId)).seq, view.seq, "nothing was played");
  // The browser logs the refusal's HTTP status (422); that one is expected here.
  consoleErrors.splice(errors, Infinity, ...consoleErrors.slice(errors).filter((e) => !e.includes("status of 422")));
  for (const [seat, from, to] of opening) {
    assert.equal(await pages[seat].getByRole("button", { name: /Draw from the stock/ }).count(), 0, "no draw before the fourth turn");
    await moveOn(pages[seat], from, to);
    view = await movedPast(gameId, view.seq);
  }
  await white.page.getByText("Your move — or draw a card instead").waitFor();

  // Draws until one player holds a roll modifier (the deal comes from the seed: steered by
  // keeping pairs, taking the waste's top card when it pairs the hand).
  let holder = null;
  let draws = 0;
  for (let turn = 0; turn < 60 && holder === null; turn++) {
    const seat = view.turn.turn_of;
    const page = pages[seat];
    const hand = await handOf(page);
    const top = view.game.waste.at(-1);
    if (top && hand.some((c) => rank(c) === rank(top))) await page.locator('button[data-action="draw waste"]').click();
    else await page.locator('button[data-action="draw stock"]').click();
    draws++;
    view = await movedPast(gameId, view.seq);
    if (view.game.stage === "discard") {
      await page.getByText("Too many cards: tap one to discard it.").waitFor();
      const full = await handOf(page);
      assert.equal(full.length, 6, "six cards before the discard");
      await page.locator(`.bk-cards button[data-card="${worst(full)}"]`).click();
      view = await movedPast(gameId, view.seq);
    }
    const done = page.locator('button[data-action="done"]');
    await done.waitFor();
    if ((await page.locator(MODIFIERS.map((k) => `.combos [data-kind="${k}"]`).join(", ")).count()) > 0) holder = seat;
    await done.click();
    view = await movedPast(gameId, view.seq);
  }
  assert.notEqual(holder, null, "a player collected a roll modifier");
  console.log(`# figure: draws before a roll modifier: ${draws}`);
  // The other phone knows the hand's size, never its cards: its draws from the stock are told
  // without the card (the holder's own phone names them).
  const holderHand = await handOf(pages[holder]);
  await pages[1 - holder].getByText(`${SIDES[holder]} holds ${holderHand.length} card`).waitFor();
  const named = new RegExp(`${SIDES[holder]}: draws (10|[2-9AJQK])[♣♦♥♠] from the stock`);
  const heard = await pages[1 - holder].getByRole("list", { name: "what happened" }).innerText();
  assert.doesNotMatch(heard, named, "no card drawn from the stock is named to the other phone");
  const told = await pages[holder].getByRole("list", { name: "what happened" }).innerText();
  if (named.test(told)) assert.match(heard, new RegExp(`${SIDES[holder]}: draws a card from the stock`), "the other phone hears the draw without its card");

  // Pawns meet: the player to move now steps forward, the other answers, the first captures.
  const x = view.turn.turn_of;
  const [mine, theirs, capture] = x === 0 ? [["e2", "e4"], ["d7", "d5"], ["e4", "d5"]] : [["d7", "d5"], ["e2", "e4"], ["d5", "e4"]];
  await moveOn(pages[x], mine[0], mine[1]);
  view = await movedPast(gameId, view.seq);
  await moveOn(pages[1 - x], theirs[0], theirs[1]);
  view = await movedPast(gameId, view.seq);
  await moveOn(pages[x], capture[0], capture[1]);
  view = await movedPast(gameId, view.seq);
  assert.equal(view.game.stage, "react", "the capture is rolled and waits in its window");
  const before = view.game.attack;
  const attacker = before.attack.seat;
  const defender = before.defence.seat;
  // Each phone says it from its own side, with the four dice and both totals.
  await pages[defender].getByRole("status").getByText(`${SIDES[attacker]} attacks your pawn: your ${before.defence.total} against their ${before.attack.total} — play a card or pass`).or(
    pages[defender].getByRole("status").getByText(`${SIDES[attacker]} attacks your pawn: your ${before.defence.total} against their ${before.attack.total} — pass to let the dice decide`),
  ).waitFor();
  await pages[attacker].getByRole("status").getByText(new RegExp(`^You attack their pawn: your ${before.attack.total} against their ${before.defence.total} — `)).waitFor();
  for (const p of pages) {
    const dice = await p.getByRole("region", { name: "the attack" }).getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    const expected = [...before.attack.dice, ...before.defence.dice].map((d) => `die showing ${d}`);
    assert.deepEqual([...dice].sort(), [...expected].sort(), "the four dice, named");
    assert.equal(await p.locator('[data-total="attack"]').innerText(), String(before.attack.total));
    assert.equal(await p.locator('[data-total="defence"]').innerText(), String(before.defence.total));
  }
  // The table display in the middle of the table shows the same dice and totals to everyone.
  const table = await phone({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  await table.page.goto(`${server.base}/#/table/${gameId}`);
  await table.page.getByRole("status").getByText(`${SIDES[attacker]}'s pawn on ${before.from} attacks ${SIDES[defender]}'s pawn on ${before.victim}: ${before.attack.total} against ${before.defence.total}`).waitFor();
  assert.equal(await table.page.getByRole("region", { name: "the attack" }).getByRole("img").count(), 4, "four dice on the table display");
  await table.page.screenshot({ path: join(ARTIFACTS, "blakes-table.png") });
  await pages[defender].screenshot({ path: join(ARTIFACTS, "blakes-window-defender.png"), fullPage: true });
  // The open attack does not push the board off the first screen: the attack's sentence, Pass
  // and the board's upper half are all there at 390×844 (issue 31, item 7).
  await pages[defender].evaluate(() => window.scrollTo(0, 0));
  assert.ok(await inViewport(pages[defender], pages[defender].locator(".status.attack-sentence")), "the attack's sentence is on the first screen");
  assert.ok(await inViewport(pages[defender], pages[defender].getByRole("button", { name: "Pass", exact: true })), "and Pass");
  const board = await pages[defender].locator("svg.board").boundingBox();
  assert.ok(board.y + board.height / 2 <= 844, `and the board's upper half (it starts at ${Math.round(board.y)} px)`);
  await axe(pages[defender], "Blake's Chess, the attack's window");
  assert.ok(await fitsWidth(pages[defender]), "nothing scrolls sideways at 390 px");

  // The holder plays its group in the window: its own total grows on both phones.
  const group = pages[holder].locator(MODIFIERS.map((k) => `.combos button[data-kind="${k}"]`).join(", ")).first();
  const words = await group.innerText();
  const plus = Number(/: \+(\d) to a roll$/.exec(words)?.[1]);
  assert.ok(plus >= 1, `the button says what the group adds: ${words}`);
  await group.click();
  view = await movedPast(gameId, view.seq);
  const side = holder === attacker ? "attack" : "defence";
  assert.equal(view.game.attack[side].total, before[side].total + plus, "the group's bonus is in its player's total");
  assert.equal(view.game.attack[side].modifiers.length, 1, "the group is listed among the modifiers");
  for (const p of pages) {
    await p.locator(`[data-total="${side}"]`).getByText(String(before[side].total + plus), { exact: true }).waitFor();
    await p.getByRole("list", { name: "what happened" }).getByText(new RegExp(`plays .*(two pair|three of a kind|four of a kind)`)).waitFor();
  }
  await pages[holder].screenshot({ path: join(ARTIFACTS, "blakes-window-played.png"), fullPage: true });
  // At 320 px wide the window still fits.
  await pages[defender].setViewportSize({ width: 320, height: 700 });
  assert.ok(await fitsWidth(pages[defender]), "nothing scrolls sideways at 320 px");
  await pages[defender].setViewportSize({ width: 390, height: 844 });
  await table.page.locator('[data-total="' + side + '"]').getByText(String(before[side].total + plus), { exact: true }).waitFor();
  view = await passAll(pages, gameId, view);
  assert.ok(view.game.last_attack, "the attack is resolved");
  await table.context.close();
  // Both phones tell the attack just resolved, open: who attacked what, the totals, the outcome.
  const last = view.game.last_attack.attack;
  const lastTold = `Last attack: ${SIDES[last.attack.seat]}'s ${last.attacker_piece} on ${last.from} attacked ${last.victim}, ${last.attack.total} against ${last.defence.total}: ${view.game.last_attack.said}`;
  for (const p of pages) await p.locator("details.last-attack[open]").getByText(lastTold, { exact: true }).waitFor();

  // The kings walk at each other; the first to stand next to the other attacks it.
  let kingAttacks = 0;
  for (let step = 0; step < 80 && view.status !== "over"; step++) {
    if (view.game.stage === "react") {
      view = await passAll(pages, gameId, view);
      continue;
    }
    const seat = view.turn.turn_of;
    const page = pages[seat];
    const colour = seat === 0 ? "white" : "black";
    const king = squareOf(view, "king", colour);
    const theirs = squareOf(view, "king", seat === 0 ? "black" : "white");
    await tap(page, king);
    const targets = await page.locator('[data-square][aria-label$="can move here"]').evaluateAll((els) => els.map((e) => e.dataset.square));
    const empty = (sq) => !view.board.cells.find((c) => c.id === sq)?.piece;
    let to = targets.includes(theirs) ? theirs : targets.filter(empty).sort((a, b) => distance(a, theirs) - distance(b, theirs))[0];
    assert.ok(to, `the king on ${king} has a square to go to`);
    if (to === theirs) kingAttacks++;
    await tap(page, to);
    view = await movedPast(gameId, view.seq);
  }
  assert.equal(view.status, "over", "a king fell");
  assert.ok(kingAttacks >= 1);
  assert.match(view.outcome.reason, /captured the king/);
  for (const p of pages) await p.getByText(view.outcome.reason).first().waitFor();
  await white.page.screenshot({ path: join(ARTIFACTS, "blakes-over.png"), fullPage: true });

  // The fairness page re-derives every card and die from the revealed seed.
  await black.page.goto(`${black.page.url().split("#")[0]}#/fairness/${gameId}`);
  await black.page.getByText("✓ Every draw matches the seed.").waitFor();
  const drawn = black.page.getByRole("list", { name: "what was drawn" });
  const lines = await drawn.locator("li").allInnerTexts();
  const captures = lines.filter((l) => / attacks: \d \+ \d against \d \+ \d/.test(l));
  assert.ok(captures.length >= 2, `each capture's four dice in words (${captures.length})`);
  const first = before;
  assert.ok(
    captures.some((l) => l.includes(`${SIDES[attacker]} attacks: ${first.attack.dice[0]} + ${first.attack.dice[1]} against ${first.defence.dice[0]} + ${first.defence.dice[1]}`)),
    "the pawns' capture with its dice",
  );
  await drawn.getByText(/The cut: .* trumps are /).waitFor();
  await black.page.screenshot({ path: join(ARTIFACTS, "blakes-fairness.png"), fullPage: true });
  await axe(black.page, "Blake's Chess, the fairness page");
  for (const p of [white, black]) await p.context.close();
});

/** A card's rank as a number: ace 1 … king 13. */
const rankNumber = (card) => ({ A: 1, J: 11, Q: 12, K: 13 })[rank(card)] ?? Number(rank(card));

test("Blake's Chess: a three-card straight builds a piece on a square tapped on the board, the building order follows on both phones, then a resignation", async () => {
  const { white, black } = await twoPhones("blakes-chess");
  const pages = [white.page, black.page];
  const gameId = gameOf(white.page);
  let view = await spectate(gameId);
  for (const [seat, from, to] of [
    [0, "a2", "a3"],
    [1, "a7", "a6"],
    [0, "b2", "b3"],
    [1, "b7", "b6"],
    [0, "h2", "h3"],
    [1, "h7", "h6"],
  ]) {
    await moveOn(pages[seat], from, to);
    view = await movedPast(gameId, view.seq);
  }
  // Draws, keeping cards close in rank, until a player may build.
  let builder = null;
  for (let turn = 0; turn < 80 && builder === null; turn++) {
    const seat = view.turn.turn_of;
    const page = pages[seat];
    await page.locator('button[data-action="draw stock"]').click();
    view = await movedPast(gameId, view.seq);
    if (view.game.stage === "discard") {
      await page.getByText("Too many cards: tap one to discard it.").waitFor();
      const hand = await handOf(page);
      const near = (c) => hand.filter((d) => rankNumber(d) !== rankNumber(c) && Math.abs(rankNumber(d) - rankNumber(c)) <= 2).length;
      await page.locator(`.bk-cards button[data-card="${[...hand].sort((a, b) => near(a) - near(b))[0]}"]`).click();
      view = await movedPast(gameId, view.seq);
    }
    await page.locator('button[data-action="done"]').waitFor();
    if (await page.locator('.combos button[data-kind="straight-3"]').count()) builder = seat;
    else {
      await page.locator('button[data-action="done"]').click();
      view = await movedPast(gameId, view.seq);
    }
  }
  assert.notEqual(builder, null, "a player could build");
  const page = pages[builder];
  const colour = builder === 0 ? "white" : "black";
  const group = page.locator('.combos button[data-kind="straight-3"]').first();
  assert.match(await group.innerText(), /^Three-card straight \(.+\): builds a first rook, knight or bishop$/);
  await group.click();
  // The squares it may build on are marked, and offered in words too.
  await page.getByRole("group", { name: "aiming a play" }).getByText("Tap the square to build on.").waitFor();
  const targets = await page.locator('[data-square][aria-label$="can move here"]').evaluateAll((els) => els.map((e) => e.dataset.square));
  const home = builder === 0 ? "1" : "8";
  assert.ok(targets.length >= 1 && targets.every((sq) => sq.endsWith(home)), `built on the first rank: ${targets}`);
  await page.getByRole("group", { name: "targets" }).getByRole("button", { name: /^Build a (rook|knight|bishop) on [a-h][18]$/ }).first().waitFor();
  await page.screenshot({ path: join(ARTIFACTS, "blakes-aiming.png") });
  // A tap elsewhere says what to tap; Cancel would leave the cards in the hand.
  await tap(page, builder === 0 ? "e4" : "e5");
  await page.getByRole("alert").getByText("Tap the square to build on.").waitFor();
  await tap(page, targets[0]);
  view = await movedPast(gameId, view.seq);
  const piece = view.board.cells.find((c) => c.id === targets[0])?.piece;
  assert.equal(piece?.side, colour, "a piece of the builder's side stands on the square tapped");
  assert.deepEqual(view.game.sides[builder].built, [piece.kind]);
  for (const p of pages) {
    await p.locator(`[data-building="${colour}"]`).getByText(`built ${piece.kind}; to build: `).waitFor();
    await p.locator(`[data-square="${targets[0]}"][aria-label*="${colour} ${piece.kind}"]`).waitFor();
    await p.getByRole("list", { name: "what happened" }).getByText(`builds a ${piece.kind} on ${targets[0]}`).waitFor();
  }
  await page.screenshot({ path: join(ARTIFACTS, "blakes-built.png"), fullPage: true });
  await axe(page, "Blake's Chess, after a build");
  await page.locator('button[data-action="done"]').click();
  view = await movedPast(gameId, view.seq);
  await resign(pages[1 - builder] === white.page ? white : black);
  view = await movedPast(gameId, view.seq);
  assert.equal(view.status, "over");
  for (const p of pages) await p.getByText(view.outcome.reason).first().waitFor();
  for (const p of [white, black]) await p.context.close();
});

noConsoleErrors();

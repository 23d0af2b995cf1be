// The companion app in a real headless Chromium against the real gateway, referee and Redis:
// playing each game on two phones, secrets kept, the generic screen, offline start.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, fitsWidth, harness, move, noConsoleErrors, phone, resign, server, tap, twoPhones } from "./support.mjs";

harness();

test("two phones play a Chess960 game to checkmate, each seeing the other's moves live", async () => {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${server.base}/#/start/chess960`);
  await axe(white.page, "start");
  await white.page.getByLabel("Choose a number").check();
  await white.page.locator('input[name="number"]').fill("518");
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await white.page.getByText("Waiting for players").waitFor();

  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByText("Check the draws: add randomness of your own").click();
  await black.page.locator('input[name="entropy"]').fill("shuffled by Bob");
  await black.page.getByRole("button", { name: "Join" }).click();
  await black.page.getByText("White to move").waitFor();
  await white.page.getByText("Your move").waitFor();

  // An illegal move is explained, not made.
  await tap(white.page, "e2");
  await tap(white.page, "e5");
  await white.page.getByRole("alert").getByText("A pawn moves one square forward").waitFor();

  const play = async (side, from, to, seen) => {
    await tap(side.page, from);
    await tap(side.page, to);
    for (const p of [white.page, black.page]) await p.locator(".moves").getByText(seen).waitFor();
  };
  await play(white, "f2", "f3", "f3");
  await play(black, "e7", "e5", "e5");
  await play(white, "g2", "g4", "g4");
  await play(black, "d8", "h4", "Qh4#");
  for (const p of [white.page, black.page]) await p.getByText("checkmate, Black wins").waitFor();
  await white.page.screenshot({ path: join(ARTIFACTS, "board-phone.png") });
  await axe(black.page, "game");

  await white.page.getByRole("link", { name: "check the draws" }).click();
  await white.page.getByText("Every draw matches the seed.").waitFor();
  await white.context.close();
  await black.context.close();
});




test("Adrenaline Chess on two phones: a capture gives a checker, the stack shows, extra moves end with Done", async () => {
  const { white, black } = await twoPhones("adrenaline");
  const both = [white, black];
  await move(both, white, "e2", "e4", "e2-e4");
  await move(both, black, "d7", "d5", "d7-d5");
  await move(both, white, "e4", "d5", "e4xd5");
  await white.page.getByText("You captured: tap one of your opponent's pieces").waitFor();
  await tap(white.page, "h7");
  for (const p of both) await p.page.locator(".moves").getByText("a checker under the pawn on h7").waitFor();
  await black.page.locator('[data-square="h7"][aria-label*="on 1 checker"]').waitFor();
  await move(both, black, "d8", "d5", "Qd8xd5");
  await tap(black.page, "b1");
  for (const p of both) await p.page.locator('[data-square="b1"] .checker').waitFor();
  // The knight on its checker moves, then may take one extra king step: White stops at once.
  await move(both, white, "b1", "c3", "Nb1-c3");
  await white.page.getByText("Extra king moves: tap a square next to the piece on c3, or Done").waitFor();
  await white.page.screenshot({ path: join(ARTIFACTS, "adrenaline-phone.png") });
  await axe(white.page, "adrenaline");
  await white.page.getByRole("button", { name: "Done" }).click();
  await black.page.getByText("Your move").waitFor();
  await resign(black);
  for (const p of both) await p.page.getByText("Black resigned, White wins").waitFor();
  await white.context.close();
  await black.context.close();
});

test("Booster Chess on two phones: each hand stays on its phone, a played card shows to both", async () => {
  const { white, black } = await twoPhones("booster");
  const cards = async (side) => side.page.locator(".hand button.playing-card").evaluateAll((els) => els.map((e) => e.dataset.card));
  await white.page.locator(".hand button.playing-card").nth(5).waitFor();
  await black.page.locator(".hand button.playing-card").nth(5).waitFor();
  const whiteCards = await cards(white);
  const blackDom = await black.page.content();
  for (const code of whiteCards) assert.ok(!blackDom.includes(`data-card="${code}"`), `${code} is on Black's phone`);

  await tap(white.page, "e2");
  await tap(white.page, "e4");
  await white.page.getByText("Play a card: tap a card, then a piece").waitFor();
  const played = whiteCards[0];
  await white.page.locator(`.hand button[data-card="${played}"]`).click();
  await white.page.screenshot({ path: join(ARTIFACTS, "booster-phone.png"), fullPage: true });
  // The squares the card can reach are marked; play it under the first of them.
  const target = await white.page.locator("[data-square]:has(circle)").first().getAttribute("data-square");
  await tap(white.page, target);
  for (const p of [white, black]) await p.page.locator(`[data-discard="${played}"]`).waitFor();
  await black.page.locator(`[data-square="${target}"] .checker`).waitFor();
  assert.equal((await cards(white)).length, 5);

  await move([white, black], black, "e7", "e5", "e7-e5");
  await black.page.getByRole("button", { name: "Pass" }).click();
  await white.page.getByText("Your move").waitFor();
  await axe(black.page, "booster");
  await resign(white);
  for (const p of [white, black]) await p.page.getByText("White resigned, Black wins").waitFor();
  await white.context.close();
  await black.context.close();
});

test("Half Alice Chess on two phones to checkmate: pieces cross the mirror, a blocked landing is explained", async () => {
  const { white, black } = await twoPhones("half-alice");
  const both = [white, black];
  await move(both, white, "a2", "a3", "a2-a3");
  await black.page.locator('[data-square="a3"][aria-label*="through the mirror"]').waitFor();
  await move(both, black, "a7", "a5", "a7-a5");
  await move(both, white, "a1", "a4", "Ra1-a4");
  // Black's rook (off checkers) cannot take White's, which crossed to the mirror side.
  await tap(black.page, "a8");
  await tap(black.page, "a4");
  await black.page.getByRole("alert").getByText("The rook on a4 is on the other side of the mirror").waitFor();
  await move(both, black, "e7", "e5", "e7-e5");
  await white.page.screenshot({ path: join(ARTIFACTS, "half-alice-phone.png") });
  // The rook crosses back and checks along the plain side; a blocker would cross away.
  await move(both, white, "a4", "e4", "Ra4-e4+");
  for (const p of both) await p.page.getByText("checkmate, White wins").waitFor();
  await axe(black.page, "half alice");
  await white.context.close();
  await black.context.close();
});

test("a dealt hand shows on its own phone and never reaches the other phone", async () => {
  const alice = await phone();
  const bob = await phone();
  const bobTraffic = [];
  bob.page.on("response", async (r) => {
    if (r.url().includes("/api/") && !r.url().includes("/events")) bobTraffic.push(await r.text().catch(() => ""));
  });
  const cdp = await bob.context.newCDPSession(bob.page);
  await cdp.send("Network.enable");
  cdp.on("Network.eventSourceMessageReceived", (e) => bobTraffic.push(e.data));

  await alice.page.goto(`${server.base}/#/start/table-tools`);
  await alice.page.getByRole("button", { name: "Create game" }).click();
  const link = await alice.page.locator('[data-join-link="1"]').getAttribute("href");
  await alice.page.getByRole("button", { name: "Play as Seat 1 on this phone" }).click();
  await bob.page.goto(`${server.base}/${link}`);
  await bob.page.getByRole("button", { name: "Join" }).click();
  await bob.page.getByRole("heading", { name: "Your hand" }).waitFor();
  await alice.page.getByRole("button", { name: "Deal to everyone" }).waitFor();
  await alice.page.getByRole("button", { name: "Deal to everyone" }).click();
  await alice.page.locator(".hand .playing-card").nth(4).waitFor();
  await bob.page.locator(".hand .playing-card").nth(4).waitFor();
  await bob.page.getByText("Seat 1: 5 cards").waitFor();
  await alice.page.getByRole("button", { name: "Roll" }).click();
  await bob.page.locator(".rolls li").first().waitFor();

  const aliceCards = await alice.page.locator(".hand .playing-card").evaluateAll((els) => els.map((e) => [e.dataset.card, e.getAttribute("aria-label")]));
  assert.equal(aliceCards.length, 5);
  const bobDom = await bob.page.content();
  const traffic = bobTraffic.join("\n");
  assert.ok(traffic.length > 0, "Bob's traffic was recorded");
  for (const [code, name] of aliceCards) {
    assert.ok(!bobDom.includes(`data-card="${code}"`) && !bobDom.includes(name), `${name} is in Bob's page`);
    assert.ok(!traffic.includes(`:${code}"`), `${code} reached Bob's phone`);
  }
  await alice.context.close();
  await bob.context.close();
});

test("the app loads offline after the first visit", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/`);
  await page.getByRole("heading", { name: "Table referee" }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await axe(page, "home");
  await context.setOffline(true);
  const before = consoleErrors.length;
  await page.reload();
  await page.getByRole("heading", { name: "Table referee" }).waitFor();
  // The catalogue of games comes from the cache too (the gateway lets it be kept five minutes).
  await page.getByRole("heading", { name: "Chess960" }).waitFor();
  consoleErrors.splice(before); // a failed fetch, where one is made while offline, is expected
  await context.close();
});

test("one phone for everyone hides each seat's view behind a privacy screen in a game with secrets", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/start/booster`);
  await page.getByLabel("One phone for everyone").check();
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  assert.equal(await page.locator("[data-square]").count(), 0, "nothing of the game shows behind the screen");
  await page.getByRole("button", { name: "I have the phone" }).click();
  await page.getByText("you are White").waitFor();
  await tap(page, "e2");
  await tap(page, "e4");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  // Black's turn: the phone covers itself until Black takes it.
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  await page.getByText("Hand the phone to Black.").waitFor();
  await page.getByRole("button", { name: "I have the phone" }).click();
  await page.getByText("you are Black").waitFor();
  await page.locator(".moves").getByText("e2-e4").waitFor();
  await context.close();
});

/** Puts `side`'s game on the generic screen (the `?screen=generic` hash parameter), which
 * plays any game from its view alone. */
async function generic(side) {
  const url = side.page.url();
  await side.page.goto(url.includes("?") ? url : `${url}?screen=generic`);
  await side.page.locator(".game.generic").waitFor();
}


test("the generic screen plays Adrenaline from the view alone: moves by tapping cells, a checker with one tap, Done from the list", async () => {
  const { white, black } = await twoPhones("adrenaline");
  const both = [white, black];
  for (const side of both) await generic(side);
  await white.page.getByText("Your move").waitFor();
  await black.page.getByText("White to move").waitFor();
  const said = (side, text) => side.page.locator(".played li").filter({ hasText: text }).first().waitFor();
  const play = async (side, from, to, seen) => {
    await tap(side.page, from);
    await tap(side.page, to);
    for (const p of both) await said(p, seen);
  };
  // A tapped piece shows where it may go, from the legal actions.
  await tap(white.page, "e2");
  await white.page.locator('[data-square="e4"] circle').waitFor();
  await tap(white.page, "e4");
  for (const p of both) await said(p, "e2-e4");
  await play(black, "d7", "d5", "d7-d5");
  await play(white, "e4", "d5", "e4xd5");
  await white.page.getByText("Your turn to place a checker").waitFor();
  await black.page.getByText("White to place a checker").waitFor();
  // A cell with one action on it acts at once.
  await tap(white.page, "h7");
  for (const p of both) await said(p, "a checker under the pawn on h7");
  await black.page.locator('[data-square="h7"][aria-label*="on 1 checker"]').waitFor();
  // A tap that matches no legal action is said so, and nothing is sent.
  await tap(black.page, "a7");
  await tap(black.page, "a4");
  await black.page.getByRole("alert").getByText("No legal action goes from a7 to a4.").waitFor();
  await play(black, "d8", "d5", "Qd8xd5");
  await tap(black.page, "b1");
  for (const p of both) await p.page.locator('[data-square="b1"] .checker').waitFor();
  await play(white, "b1", "c3", "Nb1-c3");
  await white.page.getByText("Your turn to make extra moves").waitFor();
  assert.ok(await fitsWidth(white.page), "the generic screen fits 390 px");
  await white.page.screenshot({ path: join(ARTIFACTS, "generic-phone.png"), fullPage: true });
  await axe(white.page, "generic screen");
  // The stage's own word is in the list of legal actions.
  await white.page.locator('button[data-action="done"]').click();
  await black.page.getByText("Your move").waitFor();
  await resign(black);
  for (const p of both) await p.page.getByText("Black resigned, White wins").waitFor();
  await white.page.getByRole("list", { name: "results" }).getByText("White: win").waitFor();
  await white.context.close();
  await black.context.close();
});

test("the generic screen plays table tools from typed actions, with the hand as chips and refusals in the referee's words", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/start/table-tools`);
  await page.getByLabel("One phone for everyone").check();
  await page.getByRole("button", { name: "Create game" }).click();
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  await page.goto(`${page.url()}?screen=generic`);
  await page.getByRole("button", { name: "I have the phone" }).click();
  await page.locator(".game.generic").waitFor();
  await page.getByText("Anyone at the table may act — you too.").waitFor();
  const type = async (action) => {
    await page.getByLabel("Type an action").fill(action);
    await page.getByRole("button", { name: "Send" }).click();
  };
  const before = consoleErrors.length;
  await type("roll 0d6");
  await page.getByRole("alert").getByText("roll 1 to 100 dice of 2 to 1000000 sides").waitFor();
  // The browser logs the refusal's HTTP status (422); that one is expected here.
  consoleErrors.splice(before, Infinity, ...consoleErrors.slice(before).filter((e) => !e.includes("status of 422")));
  await type("deal main 3 to all");
  // The record says what happened, in the table's words, seats counted from 1.
  await page.locator(".played li").filter({ hasText: "Seat 1 dealt 3 from main to everyone" }).waitFor();
  await page.getByRole("list", { name: "your cards" }).locator(".playing-card").nth(2).waitFor();
  assert.equal(await page.getByRole("list", { name: "your cards" }).locator(".playing-card").count(), 3);
  await type("roll 2d20");
  await page.locator(".played li").filter({ hasText: /Seat 1 rolled 2d20: \d+ \d+/ }).waitFor();
  // Listed actions are buttons too.
  await page.locator('button[data-action="shuffle main"]').click();
  await page.locator(".played li").filter({ hasText: "Seat 1 shuffled main" }).waitFor();
  await page.getByText("Game facts").click();
  await page.locator(".game-facts dt", { hasText: "Rolls" }).waitFor();
  await axe(page, "generic table tools");
  // Down to the narrowest phones: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  assert.ok(await fitsWidth(page), "the generic screen fits 320 px");
  await page.screenshot({ path: join(ARTIFACTS, "generic-tools-320.png"), fullPage: true });
  await context.close();
});

noConsoleErrors();

// The games with secrets, each on two phones: Cooperative Chess (each hand on its own phone,
// the stacks on both).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, fitsWidth, harness, movedPast, noConsoleErrors, resign, spectate, table, tap } from "./support.mjs";

harness();

const button = (page, name) => page.getByRole("button", { name, exact: true });
const record = (page) => page.getByRole("list", { name: "what happened" });
const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];

/** Keeps the console free of the refusals a test provokes on purpose (HTTP 422). */
function expectRefusals(run) {
  return async (...args) => {
    const before = consoleErrors.length;
    await run(...args);
    consoleErrors.splice(before, Infinity, ...consoleErrors.slice(before).filter((e) => !e.includes("status of 422")));
  };
}

test("Cooperative Chess on two phones: each hand on its own phone only, both stacks on both, a quiet move then a card, the next capture's rule, resigning for the team", async () => {
  const { phones, pages } = await table("cooperative", 2, "Player 1");
  const gameId = gameOf(pages[0]);
  let view = await spectate(gameId);
  const white = pages[view.game.white_seat];
  const black = pages[1 - view.game.white_seat];
  await white.getByText("You play White.").waitFor();
  await black.getByText("You play Black.").waitFor();
  // Black's board is seen from Black's side: its first row is White's eighth rank reversed.
  await black.locator('svg.board g[role="row"]').first().locator('[data-square="h1"]').waitFor();

  const hand = (page) => page.getByRole("region", { name: "your hand" }).locator("button.playing-card").evaluateAll((els) => els.map((e) => e.dataset.card));
  const stack = (page, colour) => page.getByRole("group", { name: `${colour}'s discard stack` });
  // Each phone holds three cards of its own, and never sees the other's.
  const [whiteHand, blackHand] = [await hand(white), await hand(black)];
  assert.equal(whiteHand.length, 3);
  assert.equal(blackHand.length, 3);
  assert.deepEqual(
    whiteHand.filter((c) => blackHand.includes(c)),
    [],
    "no card in both hands",
  );
  for (const c of whiteHand) assert.equal(await black.locator(`[data-card="${c}"]`).count(), 0, `White's ${c} is not on Black's phone`);

  /** One turn: an optional quiet move, then the first card of the hand; captures are declined. */
  const turn = async (page, colour, move) => {
    if (move) {
      await tap(page, move[0]);
      await tap(page, move[1]);
      await page.getByText("Play a card").first().waitFor();
    }
    const [card] = await hand(page);
    await page.locator(`.coop-hand button[data-card="${card}"]`).click();
    await page.getByText(/Then only a \w+ may capture/).waitFor();
    const seq = (await spectate(gameId)).seq;
    await page.locator(`button[data-play="${card}"]`).click();
    view = await movedPast(gameId, seq);
    if (view.game.stage === "capture") {
      // The rule of the next capture is on both phones; this test declines it.
      for (const p of [white, black]) await p.getByText(`Next capture: ${view.game.capture_rule}`).waitFor();
      await page.getByRole("button", { name: "Done" }).click();
      view = await movedPast(gameId, view.seq);
    }
    // The card is on top of the player's stack, on both phones; the hand is back to three.
    for (const p of [white, black]) await stack(p, colour).locator(`[data-card="${card}"]`).waitFor();
    return card;
  };
  await turn(white, "White", ["e2", "e4"]);
  assert.equal((await hand(white)).length, 3, "drawn back to three");
  // Black plays a card at once, without a move.
  await black.getByText("Your turn: a quiet move first if you like, then a card").waitFor();
  await turn(black, "Black", null);
  await turn(white, "White", ["a2", "a3"]);
  await turn(black, "Black", ["d7", "d5"]);
  await turn(white, "White", ["h2", "h3"]);
  await turn(black, "Black", ["h7", "h6"]);
  for (const p of [white, black]) assert.equal(await stack(p, "White").locator("[data-card]").count(), 3);
  await white.getByText(/Draw pile: 20 cards/).waitFor();
  assert.ok(await fitsWidth(white), "nothing scrolls sideways at 390 px");
  await white.screenshot({ path: join(ARTIFACTS, "cooperative.png"), fullPage: true });
  await axe(white, "cooperative");
  // A capture before the card is refused in the referee's words.
  await expectRefusals(async () => {
    await tap(white, "e4");
    await tap(white, "d5");
    await white.getByRole("alert").waitFor();
  })();
  // Either player gives up for the team: both lose.
  await resign({ page: black });
  for (const p of [white, black]) await p.getByText(/^Player [12] gave up$/).first().waitFor();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

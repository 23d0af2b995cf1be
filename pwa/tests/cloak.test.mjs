// Cloak and Dagger Chess on two phones: the secret arrangement by taps, a right guess with its
// bonus move after the turn's move, an uncloaking, a wrong guess with the opponent's bonus
// move (skipped), and resignation; Black's phone never shows what White's cloaked checkers are.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, noConsoleErrors, resign, spectate, table, tap } from "./support.mjs";

harness();

const button = (page, name) => page.getByRole("button", { name, exact: true });
const record = (page) => page.getByRole("list", { name: "what happened" });
const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];

test("Cloak and Dagger on two phones: arrangements, a right and a wrong guess with their bonus moves, an uncloaking, resignation, and no cloaked identity of White's on Black's phone", async () => {
  const { phones, pages } = await table("cloak-and-dagger", 2, "White");
  const [white, black] = pages;
  const gameId = gameOf(white);
  await white.getByText("Setup: choose what your checkers are, in secret").waitFor();
  const fill = async (page, letters) => {
    for (const [i, k] of [...letters].entries()) await page.locator(`.arrange-table button[data-cell="${i + 1}${k}"]`).click();
  };
  // The editor explains what is wrong, and seals only a Chess960 set.
  await button(white, "Clear").click();
  await white.getByText("Choose a piece for every checker.").waitFor();
  await fill(white, "KRNBQBNR");
  await white.getByText("The king must stand between the rooks.").waitFor();
  assert.equal(await button(white, "Seal my checkers").isDisabled(), true);
  await fill(white, "RNBKQNBR");
  await white.getByText("The bishops must stand on a light and a dark square.").waitFor();
  await fill(white, "RNBQKBNR");
  await white.getByText("Ready to seal: RNBQKBNR.").waitFor();
  await white.screenshot({ path: join(ARTIFACTS, "cloak-setup.png"), fullPage: true });
  await axe(white, "cloak and dagger setup");
  await button(white, "Seal my checkers").click();
  await white.getByText("Sealed: RNBQKBNR. You may change it until Black has chosen.").waitFor();
  await black.getByText("White has chosen (sealed).").waitFor();
  await button(black, "Clear").click();
  await fill(black, "NRBKQBRN");
  await button(black, "Seal my checkers").click();
  await white.getByText("Your move: guess an opposing checker first if you like").waitFor();

  // Each phone: its own checkers as numbered pieces, the opponent's as numbered unknowns.
  await white.locator('[data-square="b1"][aria-label*="white knight labelled 2"]').waitFor();
  await white.locator('[data-square="a8"][aria-label*="black piece 1"]').waitFor();
  await black.locator('[data-square="a8"][aria-label*="black knight labelled 1"]').waitFor();
  const blackSeesNothingOfWhite = async () => {
    for (const [i, f] of [..."abcdefgh"].entries()) {
      const cloaked = (await spectate(gameId)).game.checkers.find((c) => c.colour === "white" && c.number === i + 1);
      if (!cloaked?.cloaked || cloaked.identity) continue;
      const label = await black.locator(`[data-square="${cloaked.square}"]`).getAttribute("aria-label");
      assert.match(label, new RegExp(`white piece ${i + 1}\\b`), `White's checker ${i + 1} (${f}) is an unknown on Black's phone`);
    }
    const text = await black.locator("main").innerText();
    assert.ok(!text.includes("RNBQKBNR"), "White's arrangement is not on Black's phone");
  };
  await blackSeesNothingOfWhite();

  // White guesses Black's checker 1 is the knight: right.
  await white.getByText("Guess an opposing checker (before your move)").click();
  await white.locator('button[data-guess-number="1"]').click();
  await button(white, "knight").click();
  await button(white, "Guess: checker 1 is the knight").click();
  for (const p of pages) await record(p).getByText(/White guesses that checker 1 is the knight: right/).waitFor();
  await white.locator('[data-square="a8"][aria-label*="black knight"]').waitFor();
  for (const p of pages) await p.getByText(/Known to both: Black's 1 \(a8\) knight/).waitFor();
  // The regular move, then the bonus move: a pawn's.
  await tap(white, "e2");
  await tap(white, "e4");
  await white.getByText("Your bonus move: a pawn's move").waitFor();
  await tap(white, "d2");
  await tap(white, "d4");
  // The uncloak step: checker 3, the bishop, then Done.
  await white.getByText("Uncloak any of your checkers, then Done").waitFor();
  await white.locator('button[data-uncloak="3"]').click();
  for (const p of pages) await record(p).getByText("White uncloaks checker 3: the bishop").waitFor();
  await black.locator('[data-square="c1"][aria-label*="white bishop"]').waitFor();
  await button(white, "Done").click();
  await black.getByText("Your move: guess an opposing checker first if you like").waitFor();
  await blackSeesNothingOfWhite();
  await black.screenshot({ path: join(ARTIFACTS, "cloak-black.png"), fullPage: true });
  await axe(black, "cloak and dagger play");
  assert.ok(await fitsWidth(black), "nothing scrolls sideways at 390 px");

  // Black guesses White's checker 2 is the queen: wrong; White's bonus move comes first.
  await black.getByText("Guess an opposing checker (before your move)").click();
  await black.locator('button[data-guess-number="2"]').click();
  await button(black, "queen").click();
  await button(black, "Guess: checker 2 is the queen").click();
  for (const p of pages) await record(p).getByText(/Black guesses that checker 2 is the queen: wrong/).waitFor();
  for (const p of pages) await p.getByText("Wrong guesses: White's 2 is not the queen.").waitFor();
  await tap(black, "e7");
  await tap(black, "e5");
  await black.getByText("Uncloak any of your checkers, then Done").waitFor();
  await button(black, "Done").click();
  await white.getByText("Your bonus move: a pawn's move").waitFor();
  await button(white, "Skip the bonus move").click();
  await white.getByText("Your move: guess an opposing checker first if you like").waitFor();
  await blackSeesNothingOfWhite();
  await resign({ page: black });
  for (const p of pages) await p.getByText("Black resigned, White wins").first().waitFor();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

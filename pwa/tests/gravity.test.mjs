// Gravity Chess on two phones, played to its end through the screens: the flipped card and the
// piece it adds, each active piece moved by tapping (the ones still to move outlined), "can't
// move" where offered, the add step by a tap on the top row, stacked pieces marked, and the
// score on both phones always the referee's; then the fairness page re-derives both piles from
// the revealed seed and checks every flip.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, movedPast, noConsoleErrors, phone, server, spectate, table, tap } from "./support.mjs";

harness();

/** "2♠" for 2S, as the phones show a card. */
const cardFace = (code) => code.slice(0, -1) + { C: "♣", D: "♦", H: "♥", S: "♠" }[code.slice(-1)];
const gameOf = (page) => page.url().split("/game/")[1].split("?")[0];

test("Gravity Chess on two phones to the end: flip, moves one at a time, can't move, add on the top row, stacked marks, the running score, and every flip re-derived on the fairness page", async () => {
  const { phones, pages } = await table("gravity", 2, "Player 1");
  const gameId = gameOf(pages[0]);
  let view = await spectate(gameId);
  const whiteSeat = view.game.white_seat;
  await pages[whiteSeat].getByText("You play White.").waitFor();
  await pages[1 - whiteSeat].getByText("You play Black.").waitFor();

  /** Both phones show the referee's score, flipped card and stacked squares. */
  const sameOnBoth = async (v) => {
    for (const p of pages) {
      for (const [i, side] of ["white", "black"].entries())
        await p.locator(`tr[data-score="${side}"] td[data-points]`).getByText(String(v.game.score[i].points), { exact: true }).waitFor();
      if (v.game.flipped) await p.getByLabel("flipped card").getByText(cardFace(v.game.flipped)).waitFor();
      const stacked = await p.locator('[data-square][aria-label*="stacked"]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
      assert.deepEqual(stacked, [...v.game.stacked].sort(), "stacked marks");
    }
  };

  // The table display in the middle of the table follows the game: the flipped card and the
  // score, as the phones have them.
  const display = await phone({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
  await display.page.goto(`${server.base}/#/table/${gameId}`);

  let cants = 0;
  let moves = 0;
  let checked = false;
  for (let step = 0; step < 400 && view.status !== "over"; step++) {
    const mover = view.turn.seats[0].seat;
    const page = pages[mover];
    if (view.game.stage === "add") {
      await page.getByText("Tap a square of the top row to add the flipped piece there").waitFor();
      const topRow = view.board.cells.filter((c) => c.at[1] === 7 && !c.piece).map((c) => c.id);
      await tap(page, topRow[step % topRow.length]);
    } else {
      // The highest piece first: the one most likely blocked by a piece below it.
      const square = [...view.game.to_move_now].sort((a, b) => b[1] - a[1])[0];
      await page.locator(`[data-square="${square}"][aria-label*="still to move this turn"]`).waitFor();
      await tap(page, square);
      const targets = page.locator('[data-square][aria-label$="can move here"]');
      if (await page.locator(`button[data-cant="${square}"]`).count()) {
        // A blocked piece: the phone offers "can't move" and shows no square to go to.
        assert.equal(await targets.count(), 0, `${square} has nowhere to go`);
        await page.locator(`button[data-cant="${square}"]`).click();
        cants++;
      } else {
        const to = await targets.first().getAttribute("data-square");
        await tap(page, to);
        moves++;
      }
    }
    view = await movedPast(gameId, view.seq);
    if (!checked && moves >= 6) {
      await sameOnBoth(view);
      for (const [i, side] of ["white", "black"].entries())
        await display.page.locator(`tr[data-score="${side}"] td[data-points]`).getByText(String(view.game.score[i].points), { exact: true }).waitFor();
      if (view.game.flipped) await display.page.getByLabel("flipped card").getByText(cardFace(view.game.flipped)).waitFor();
      const want = [...view.game.to_move_now].sort();
      const still = () => display.page.locator('[data-square][aria-label*="still to move this turn"]').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
      // The display may be a moment behind the referee: given a few seconds to catch up.
      for (let i = 0; i < 50 && JSON.stringify(await still()) !== JSON.stringify(want); i++) await display.page.waitForTimeout(100);
      assert.deepEqual(await still(), want, "the table display outlines the pieces still to move");
      await display.page.screenshot({ path: join(ARTIFACTS, "gravity-table.png") });
      await axe(display.page, "gravity table display");
      await pages[mover].screenshot({ path: join(ARTIFACTS, "gravity.png"), fullPage: true });
      await axe(pages[mover], "gravity");
      assert.ok(await fitsWidth(pages[mover]), "nothing scrolls sideways at 390 px");
      checked = true;
    }
  }
  assert.equal(view.status, "over", "the game ended after every piece was added and White's last turn");
  assert.ok(checked, "the score was checked mid-game");
  for (const p of pages) await p.getByText(view.outcome.reason).first().waitFor();
  await sameOnBoth(view);
  console.log(`# figure: gravity moves ${moves}, can't ${cants}, score ${view.game.score.map((s) => s.points).join("-")}`);

  // The fairness page re-derives both piles from the revealed seed and checks every flip the
  // record shows (each piece added) against them.
  const checker = pages[1 - whiteSeat];
  await checker.goto(`${checker.url().split("#")[0]}#/fairness/${gameId}`);
  await checker.getByText("✓ Every draw matches the seed.").waitFor();
  const drawn = checker.getByRole("list", { name: "what was drawn" });
  await drawn.getByText(/^The setup — 23 draws \(\d of 2; a shuffle of 12 cards; a shuffle of 12 cards\)/).waitFor();
  await drawn.getByText(/^The hidden pawn: .* plays White\.$/).waitFor();
  for (const side of ["White", "Black"]) {
    await drawn.getByText(new RegExp(`^${side}'s pile, flipped one card a turn, top first: `)).waitFor();
    await drawn.getByText(new RegExp(`^✓ Each of the \\d+ pieces ${side}'s turns added is the next card of this pile`)).waitFor();
  }
  await checker.screenshot({ path: join(ARTIFACTS, "gravity-fairness.png"), fullPage: true });
  await display.context.close();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

// Booster on a phone: checkers that read, boosted and hobbled told apart by shape with a legend,
// the hand not greyed out, Pass on the screen without scrolling, a record numbered by full
// moves; and the taps of a turn with a card.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, figure, harness, inViewport, noConsoleErrors, phone, press, server, tap, taps, twoPhones } from "./support.mjs";

harness();

test("Booster on two phones: the hand is live, Pass is on screen, a card's checker reads clearly, the record is numbered by full moves", async () => {
  const { white, black } = await twoPhones("booster");
  const card = white.page.locator(".hand button.playing-card").first();
  await card.waitFor();
  // Outside the card phase the hand is not greyed out; tapping a card says when it plays.
  assert.equal(await card.isDisabled(), false);
  assert.equal(await card.evaluate((e) => getComputedStyle(e).opacity), "1");
  await card.click();
  await white.page.getByRole("alert").getByText("Move first").waitFor();

  taps.count = 0;
  await tap(white.page, "e2");
  await tap(white.page, "e4");
  await white.page.getByText("Play a card: tap a card, then a piece").waitFor();
  const pass = white.page.getByRole("button", { name: "Pass", exact: true });
  assert.ok(await inViewport(white.page, pass), "Pass is on the 390×844 screen without scrolling");
  const cards = await white.page.locator(".hand button.playing-card").evaluateAll((els) => els.map((e) => e.dataset.card));
  // The first card that can go under a piece (aces and jacks cannot).
  let target = null;
  for (const code of cards) {
    await press(white.page.locator(`.hand button[data-card="${code}"]`));
    const targets = await white.page.locator("[data-square]:has(circle)").evaluateAll((els) => els.map((e) => e.dataset.square));
    target = targets[0] ?? null;
    if (target) break;
  }
  assert.ok(target, "one of six cards can be played");
  {
    await tap(white.page, target);
    figure("taps for a Booster turn with a card (move, card, piece)", taps.count);
    await black.page.locator(`[data-square="${target}"] .stack-item`).first().waitFor();
    const [fill, stroke] = await black.page.locator(`[data-square="${target}"] .stack-item`).first().evaluate((e) => [getComputedStyle(e).fill, getComputedStyle(e).stroke]);
    assert.notEqual(fill, stroke, "a checker's edge stands out from its face");
    assert.ok([fill, stroke].includes("rgb(27, 27, 27)"), `a checker is outlined or filled dark (${fill}, ${stroke})`);
    await black.page.getByRole("list", { name: "what the marks mean" }).getByText("boosted").waitFor();
  }
  await white.page.screenshot({ path: join(ARTIFACTS, "booster-turn.png"), fullPage: true });
  await tap(black.page, "e7");
  await tap(black.page, "e5");
  await black.page.getByRole("button", { name: "Pass", exact: true }).click();
  await white.page.getByText("Your move").waitFor();
  const record = white.page.getByRole("list", { name: "moves" }).locator("li");
  assert.equal(await record.count(), 1, "White's turn and Black's on one numbered line");
  assert.match(await record.first().innerText(), /e2-e4.*e7-e5/);
  assert.doesNotMatch(await record.first().innerText(), /\b(10|[2-9AJQK])[CDHS]\b/, "cards as faces, not codes");
  await axe(white.page, "booster");
  await white.context.close();
  await black.context.close();
});

test("stacks on a phone: the count badge is at least 14 px, boosted and hobbled differ by a shape and a legend", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByLabel("Rules").selectOption("booster");
  const board = page.getByRole("grid", { name: "position to judge" });
  await page.getByRole("button", { name: "add a white checker" }).click();
  await board.locator('[data-square="g1"]').click();
  await board.locator('[data-square="g1"]').click();
  await page.getByRole("button", { name: "add a black checker" }).click();
  await board.locator('[data-square="b1"]').click();
  const badge = board.locator('[data-square="g1"] .badge text');
  const box = await badge.boundingBox();
  assert.ok(box && box.height >= 14, `the count badge is ${box?.height} px tall`);
  assert.equal(await badge.textContent(), "2");
  assert.equal(await board.locator('[data-square="g1"] .effect').textContent(), "▲");
  assert.equal(await board.locator('[data-square="b1"] .effect').textContent(), "▼");
  await page.screenshot({ path: join(ARTIFACTS, "booster-stacks.png") });
  await context.close();
});

noConsoleErrors();

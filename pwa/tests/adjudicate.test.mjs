// "Is that legal?" at a real table: a position set up on the board from nothing, who is to move,
// castling and en passant, the move tapped or typed, and an answer that names the piece.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, figure, harness, noConsoleErrors, phone, press, server, taps } from "./support.mjs";

harness();

const README = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";

/** A square of the editor's board (not of the board drawn with the answer). */
const square = (page, id) => page.getByRole("grid", { name: "position to judge" }).locator(`[data-square="${id}"]`);
const button = (page, name) => page.getByRole("button", { name, exact: true });
const verdict = (page) => page.locator(".verdict");

/** Picks a brush from the palette and taps it onto `squares`. */
async function place(page, brush, ...squares) {
  await press(button(page, brush));
  for (const s of squares) await press(square(page, s));
}

test("the README's dispute, pasted and typed in SAN: Black's pinned knight, named with the pin; with White to move the other knight", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  // The move field suggests what the game accepts.
  assert.equal(await page.getByRole("textbox", { name: "Move" }).getAttribute("placeholder"), "Nf3, e2e4 or O-O");
  await page.getByText("Position as text").click();
  await page.getByLabel("Position (FEN").fill(README);
  // The controls read the pasted position: Black to move.
  assert.equal(await button(page, "Black to move").getAttribute("aria-pressed"), "true");
  await page.getByRole("textbox", { name: "Move" }).fill("Nd4");
  await button(page, "Ask the referee").click();
  await verdict(page).getByText("Black's knight").waitFor();
  await verdict(page).getByText("pinned").waitFor();
  // The same placement with White to move: the referee judges White's knight on f3.
  await button(page, "White to move").click();
  await button(page, "Ask the referee").click();
  await verdict(page).getByText("White's knight").waitFor();
  assert.match(await verdict(page).innerText(), /f3/);
  await axe(page, "adjudicate");
  await context.close();
});

test("another game on the dispute page starts afresh: the last game's move and error are gone, from the top", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByRole("textbox", { name: "Move" }).fill("e2e5");
  await button(page, "Ask the referee").click();
  await verdict(page).locator(".error").waitFor();
  await page.getByLabel("Rules").selectOption("half-alice");
  assert.equal(await page.getByRole("textbox", { name: "Move" }).inputValue(), "");
  assert.equal(await verdict(page).locator(".error").count(), 0);
  assert.equal(await page.evaluate(() => scrollY), 0);
  await context.close();
});

test("the dispute page lists its games in the home screen's order", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/`);
  await page.locator(".catalogue h3").first().waitFor();
  const home = await page.locator(".catalogue h3").allInnerTexts();
  await page.goto(`${server.base}/#/adjudicate`);
  // Named (not by their ids) once the catalogue has come.
  await page.waitForFunction(() => {
    const options = [...document.querySelectorAll("select[name=rules] option")];
    return options.length > 0 && options.every((o) => /^[A-Z]/.test(o.textContent));
  });
  const listed = await page.getByLabel("Rules").locator("option").allInnerTexts();
  assert.ok(listed.length >= 10, `${listed.length} games on the dispute page`);
  assert.deepEqual(listed, home.filter((name) => listed.includes(name)));
  await context.close();
});

test("a middlegame dispute from a clear board: pieces by tapping, Black to move, the move tapped from and to", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  taps.count = 0;
  await press(button(page, "Clear board"));
  assert.equal(await page.getByRole("grid", { name: "position to judge" }).locator('[aria-label*="white"], [aria-label*="black"]').count(), 0);
  await place(page, "place white king", "e1");
  await place(page, "place black king", "e8");
  await place(page, "place black knight", "c6");
  await place(page, "place white bishop", "b5");
  await place(page, "place black pawn", "d6");
  await press(button(page, "Black to move"));
  await press(button(page, "Tap a move"));
  await press(square(page, "c6"));
  await press(square(page, "d4"));
  await verdict(page).getByText("Black's knight").waitFor();
  await verdict(page).getByText("pinned").waitFor();
  figure("taps for a middlegame dispute from a clear board", taps.count);
  // Castling rights follow the pieces: none without rooks, White's short castling with one.
  assert.equal(await page.getByLabel("White O-O", { exact: true }).isChecked(), false);
  await place(page, "place white rook", "h1");
  assert.equal(await page.getByLabel("White O-O", { exact: true }).isChecked(), true);
  assert.equal(await page.getByLabel("Black O-O", { exact: true }).isChecked(), false);
  // An en passant square is offered where a pawn could just have advanced two squares.
  await place(page, "place white pawn", "e4");
  await place(page, "place black pawn", "d4");
  await page.getByLabel("En passant").selectOption("e3");
  await press(button(page, "Tap a move"));
  await press(square(page, "d4"));
  await press(square(page, "e3"));
  await verdict(page).locator(".ok").waitFor();
  // Flip turns the board round: h1 is at the top left.
  await press(button(page, "Flip"));
  const first = await page.getByRole("grid", { name: "position to judge" }).locator("[data-square]").first().getAttribute("data-square");
  assert.equal(first, "h1");
  await page.screenshot({ path: join(ARTIFACTS, "adjudicate-editor.png"), fullPage: true });
  await context.close();
});

test("Half Alice's mirror and Booster's and Adrenaline's checkers are set up by tapping", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByLabel("Rules").selectOption("half-alice");
  assert.equal(await page.getByRole("textbox", { name: "Move" }).getAttribute("placeholder"), "e2e4 or O-O");
  // The seed's example: b7 is refused because of the rook behind the mirror.
  taps.count = 0;
  await press(button(page, "Clear board"));
  await place(page, "place black king", "b8");
  await place(page, "place white queen", "h8");
  await place(page, "place white bishop", "e5");
  await place(page, "place white rook", "b1");
  await place(page, "place white king", "h1");
  await place(page, "put a piece through the mirror, or back", "b1", "e5");
  await square(page, "b1").and(page.locator('[aria-label*="through the mirror"]')).waitFor();
  await press(button(page, "Black to move"));
  await press(button(page, "Tap a move"));
  await press(square(page, "b8"));
  await press(square(page, "b7"));
  await verdict(page).getByText("After switching sides your king on b7 would be in check from the rook on b1").waitFor();
  figure("taps for the seed's Half Alice dispute from a clear board", taps.count);

  await page.getByLabel("Rules").selectOption("booster");
  await press(button(page, "Start position"));
  await place(page, "add a white checker", "g1", "g1");
  await place(page, "add a black checker", "b1");
  await square(page, "g1").and(page.locator('[aria-label*="on 2 checkers (White\'s), boosted"]')).waitFor();
  await square(page, "b1").and(page.locator('[aria-label*="hobbled"]')).waitFor();
  await page.getByText("Position as text").click();
  assert.match(await page.getByLabel("Position (FEN").inputValue(), / b1:1b,g1:2w move 6\/6 -$/);
  await press(button(page, "Tap a move"));
  await press(square(page, "g1"));
  await press(square(page, "f3"));
  await verdict(page).locator(".ok").waitFor();

  await page.getByLabel("Rules").selectOption("adrenaline");
  await place(page, "add a checker", "e2");
  await square(page, "e2").and(page.locator('[aria-label*="on 1 checker"]')).waitFor();
  await place(page, "empty a square", "e2");
  await square(page, "e2").and(page.locator('[aria-label="e2"]')).waitFor();
  await axe(page, "adjudicate with checkers");
  await context.close();
});

noConsoleErrors();

// "Is that legal?" for the games whose positions are more than FEN and a few fields: Neighbour
// Chess Solitaire's phase and piles, Gravity's saved state, Whack's sections and Chess Battle's
// seats. Each opens with a valid example, says what each field means, answers a tapped move on
// the first screen of a phone (390×844 and 320×568), and shows the referee's refusal of a bad
// position in its words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, consoleErrors, fitsWidth, harness, inViewport, noConsoleErrors, phone, server } from "./support.mjs";

harness();

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 320, height: 568 },
];

/** The dispute page with `rules` chosen. */
async function disputePage(viewport, rules) {
  const { context, page } = await phone({ viewport });
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByLabel("Rules").selectOption(rules);
  return { context, page };
}

/** Taps `from` then `to` on the editor's board and returns the verdict that comes back. */
async function tapMove(page, from, to, outcome) {
  const editor = page.getByRole("grid", { name: "position to judge" });
  await editor.locator(`[data-square="${from}"]`).click();
  await editor.locator(`[data-square="${to}"]`).click();
  const verdict = page.locator(`.verdict .${outcome}`);
  await verdict.waitFor();
  assert.ok(await inViewport(page, verdict), `the verdict on ${from}→${to} is on the first screen`);
  return verdict;
}

/** Types `move` in the move field and asks. */
async function askTyped(page, move) {
  await page.getByRole("textbox", { name: "Move", exact: true }).fill(move);
  await page.getByRole("button", { name: "Ask the referee" }).click();
}

/** Asks about `move` in a position the referee refuses, and waits for its sentence; the refusal
 * (HTTP 400) the browser logs is expected. */
async function refusedPosition(page, move, sentence) {
  const before = consoleErrors.length;
  await askTyped(page, move);
  await page.locator(".verdict .error").getByText(sentence).waitFor();
  consoleErrors.splice(before, Infinity, ...consoleErrors.slice(before).filter((e) => !e.includes("status of 400")));
}

test("each game opens on a position it accepts, whatever game was open before: Chess Golf and Parade Solitaire after chess", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  // Chess first, with a move asked, then each game without pawns.
  await page.getByLabel("Rules").selectOption("chess");
  await askTyped(page, "e2e4");
  await page.locator(".verdict .ok").waitFor();
  for (const [rules, move, said] of [
    ["chess-golf", "e5g6", /e5→g6 as a knight is legal/],
    ["parade-solitaire", "f3e1", /legal/],
    ["chess", "e2e4", /legal/],
  ]) {
    await page.getByLabel("Rules").selectOption(rules);
    await askTyped(page, move);
    const verdict = page.locator(".verdict .ok");
    await verdict.waitFor();
    assert.match(await verdict.innerText(), said, `${rules} judges ${move} in the position it opened on`);
    assert.equal(await page.locator(".verdict .error").count(), 0, `${rules} opened on a position it accepts`);
  }
  await context.close();
});

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`Neighbour Chess Solitaire on the dispute page: the example's knight moves only as its neighbours do, the phase and piles are explained, a pile of the wrong size is refused in the referee's words, at ${size}`, async () => {
    const { context, page } = await disputePage(viewport, "neighbour-solitaire");
    assert.equal(await page.getByLabel("The phase").inputValue(), "add");
    await page.getByText("add: still adding pieces").waitFor();
    assert.equal(await page.getByRole("group", { name: "side to move" }).count(), 0, "Neighbour has no side to move");
    await (await tapMove(page, "d4", "e6", "error")).getByText("it moves only as a rook or a bishop").waitFor();
    await (await tapMove(page, "d4", "d1", "ok")).getByText("Moving the white knight d4→d1, borrowing the rook's move, is legal.").waitFor();
    assert.match(await page.getByRole("region", { name: "after the move" }).locator("code").innerText(), /^8\/8\/8\/3B4\/4R1rb\/8\/8\/3N4 move 10 15 h4$/);
    // The piles are named fields, written after the others whatever their order.
    await page.getByLabel("Which neighbours join a group").selectOption("sides");
    await page.getByLabel("The piece pile, top first").fill("9H");
    await page.getByLabel("The piece pile, top first").press("Tab");
    await page.getByText("Position as text").click();
    assert.equal(await page.getByLabel("Position (the board").inputValue(), "8/8/8/3B4/3NR1rb/8/8/8 add 11 15 h4 groups:sides pieces:9H");
    await refusedPosition(page, "add", "the piece pile must list its 11 cards");
    assert.ok(await fitsWidth(page), "nothing wider than the phone");
    await axe(page, `the dispute page for Neighbour at ${size}`);
    await context.close();
  });

  test(`Gravity on the dispute page: the seed's diagram set up from its saved state, a sideways move refused, a fall and the add step judged, text that is not a saved state refused in the referee's words, at ${size}`, async () => {
    const { context, page } = await disputePage(viewport, "gravity");
    assert.equal(await page.getByLabel("Whose turn").inputValue(), "w");
    assert.equal(await page.getByLabel("The card flipped this turn").inputValue(), "10S");
    await page.getByText("10 a rook").waitFor();
    await (await tapMove(page, "c2", "g2", "error")).getByText("Gravity pulls down").waitFor();
    await (await tapMove(page, "c2", "c1", "ok")).getByText("queen c2→c1 is legal").waitFor();
    const after = page.getByRole("region", { name: "after the move" });
    await after.getByRole("grid", { name: "position after the move" }).locator('[data-square="c1"][aria-label*="white queen"]').waitFor();
    assert.match(await after.locator("code").innerText(), /"step":"Add"/);
    // The add step: the flipped black rook goes on c8.
    await page.getByLabel("The step of the turn").selectOption("Add");
    await askTyped(page, "add c");
    await page.locator(".verdict .ok").getByText("addition of the black rook on c8 is legal").waitFor();
    await page.getByText("Position as text").click();
    const text = page.getByLabel("Position (the game's saved state as JSON");
    assert.match(await text.inputValue(), /^\{"board":"8\/8\/8\/8\/8\/8\/2Q2rb1\/4nn2","to_move":"white".*"step":"Add"/);
    await text.fill('{"board":"8/8/8/8/8/8/2Q2rb1/4nn2"}');
    await refusedPosition(page, "c2c1", "a Gravity position is its saved state as JSON");
    assert.ok(await fitsWidth(page), "nothing wider than the phone");
    await axe(page, `the dispute page for Gravity at ${size}`);
    await context.close();
  });

  test(`Whack Chess on the dispute page: the starting track drawn from its joins, a knight across a seam and a pawn's long step judged, a piece put on a cell, an arrangement that cannot be laid refused in the referee's words, at ${size}`, async () => {
    const { context, page } = await disputePage(viewport, "whack");
    const editor = page.getByRole("grid", { name: "position to judge" });
    assert.equal(await editor.locator("[data-square]").count(), 64, "four sections of 16 cells");
    await page.getByText("A section's corners are A (the wide one)").waitFor();
    assert.equal(await page.getByLabel("How the sections join", { exact: true }).inputValue(), "1,2bc=1cd,3ab=2da,4cd=3cd");
    await (await tapMove(page, "1b1", "1b3", "error")).getByText("a pawn steps one cell orthogonally").waitFor();
    await (await tapMove(page, "1d3", "2d3", "ok")).getByText("Fire's knight 1d3→2d3 is legal").waitFor();
    const after = page.getByRole("region", { name: "after the move" });
    await after.getByRole("grid", { name: "position after the move" }).locator('[data-square="2d3"][aria-label*="Fire knight"]').waitFor();
    // An Ice queen put on 2b3, the stage and whose turn set in words.
    await page.getByRole("button", { name: "place Ice queen" }).click();
    await editor.locator('[data-square="2b3"]').click();
    await editor.locator('[data-square="2b3"][aria-label*="Ice queen"]').waitFor();
    await page.getByLabel("Whose turn").selectOption("ice");
    await page.getByRole("button", { name: "Tap a move", exact: true }).click();
    await (await tapMove(page, "2b3", "1c4", "ok")).getByText("Ice's queen 2b3→1c4, taking the pawn, is legal.").waitFor();
    await page.getByText("Position as text").click();
    assert.equal(await page.getByLabel("Position (the arrangement").inputValue(), "1,2bc=1cd,3ab=2da,4cd=3cd PPPP/BRKB/NQRN/PPPP|4/4/1q2/4|4/4/4/4|pppp/brkb/nqrn/pppp ice move");
    // Section 4 laid where section 2 lies: the referee says why.
    await page.getByLabel("How the sections join", { exact: true }).fill("1,2bc=1cd,3ab=2da,4bc=1cd");
    await page.getByLabel("How the sections join", { exact: true }).press("Tab");
    await refusedPosition(page, "2b3-1c4", "sections 2 and 4 would overlap");
    assert.ok(await fitsWidth(page), "nothing wider than the phone");
    await axe(page, `the dispute page for Whack at ${size}`);
    await context.close();
  });

  test(`Chess Battle on the dispute page: four seats on the board in a sealed round, the seat that asks taken from the tapped piece, a blocked rook and a knight's jump judged, a piece placed by tapping, a table where a seat has not picked refused in the referee's words, at ${size}`, async () => {
    const { context, page } = await disputePage(viewport, "chess-battle");
    const editor = page.getByRole("grid", { name: "position to judge" });
    assert.equal(await editor.locator("[data-square]").count(), 64);
    await page.getByText("A seat without a piece is still picking").waitFor();
    const asks = page.getByLabel("Who asks");
    assert.equal(await asks.inputValue(), "0");
    // Seat 2's rook on f3 is blocked by Seat 4's knight on f6: tapping the rook makes Seat 2 ask.
    await (await tapMove(page, "f3", "f7", "error")).getByText("Seat 2's black rook f3→f7 is illegal").waitFor();
    await page.locator(".verdict").getByText("cannot reach f7").waitFor();
    assert.equal(await asks.inputValue(), "1");
    await (await tapMove(page, "c3", "a4", "ok")).getByText("Seat 1's white knight c3→a4 is legal").waitFor();
    await asks.selectOption("2");
    await askTyped(page, "stay");
    await page.locator(".verdict .ok").getByText("Seat 3's white bishop staying on c6 is legal").waitFor();
    // Seat 4's knight put on d4 instead of f6.
    await page.getByRole("button", { name: "place Seat 4's piece" }).click();
    await editor.locator('[data-square="d4"]').click();
    await editor.locator('[data-square="d4"][aria-label*="black knight labelled 4"]').waitFor();
    assert.equal(await editor.locator('[data-square="f6"][aria-label*="knight"]').count(), 0);
    // A fifth player who has not picked while pieces stand on the board.
    await page.getByLabel("Players (4 to 12)").selectOption("5");
    assert.equal(await page.locator('select[name="pick-4"]').inputValue(), "");
    await refusedPosition(page, "stay", "a piece stands on the board before every player has picked");
    assert.ok(await fitsWidth(page), "nothing wider than the phone");
    await axe(page, `the dispute page for Chess Battle at ${size}`);
    await context.close();
  });
}

noConsoleErrors();

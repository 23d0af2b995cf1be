// The games with secrets, each on two phones: Cooperative Chess (each hand on its own phone,
// the stacks on both), Masquerade Chess (the secret table of capture moves, attempts answered
// yes or no, the knowledge table), Zombie Chess (burials each player alone sees, the zombie
// rising); and one phone passed between the players behind the privacy screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, fitsWidth, harness, movedPast, noConsoleErrors, phone, resign, server, spectate, table, tap, twoPhones } from "./support.mjs";

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

test("Masquerade Chess on two phones: the secret table by taps, a refused and an accepted capture attempt, the knowledge table after each with marks of one's own", async () => {
  const { phones, pages } = await table("masquerade", 2, "White");
  const [white, black] = pages;
  const gameId = gameOf(white);
  await white.getByText("Setup: choose your opponent's capture moves, in secret").waitFor();
  // White fills the seed's table for Black's pieces: K=Q, Q=N, R=B, B=K; the fifth row follows.
  const fill = async (page, cells) => {
    for (const c of cells) await page.locator(`.assign-table button[data-cell="${c}"]`).click();
  };
  await fill(white, ["KQ", "QN", "RB", "BK"]);
  assert.equal(await white.locator('.assign-table button[data-cell="NR"]').getAttribute("aria-pressed"), "true", "the last row takes the column left");
  // One pick per column: another row taking Q frees the king's row, which takes the column
  // left (the two rows swap).
  await fill(white, ["RQ"]);
  assert.equal(await white.locator('.assign-table button[data-cell="KQ"]').getAttribute("aria-pressed"), "false");
  assert.equal(await white.locator('.assign-table button[data-cell="KB"]').getAttribute("aria-pressed"), "true");
  await button(white, "Clear").click();
  assert.equal(await button(white, "Seal my choice").isDisabled(), true, "a table with empty rows cannot be sealed");
  await fill(white, ["KQ", "QN", "RB", "BK"]);
  await white.screenshot({ path: join(ARTIFACTS, "masquerade-setup.png"), fullPage: true });
  await axe(white, "masquerade setup");
  await button(white, "Seal my choice").click();
  await white.getByText("Sealed: KQ,QN,RB,BK,NR. You may change it until Black has chosen.").waitFor();
  // Black sees that White has chosen, never what.
  await black.getByText("White has chosen (sealed).").waitFor();
  assert.ok(!(await black.locator("main").innerText()).includes("KQ,QN"), "White's table is not on Black's phone");
  // Black chooses White's: the knight captures like a rook.
  await fill(black, ["KQ", "QN", "RB", "BK"]);
  await button(black, "Seal my choice").click();
  await white.getByText("Your move: tap a piece").waitFor();
  // The record tells each only what it may know.
  await record(black).getByText("White chose Black's capture moves").waitFor();
  await record(white).getByText("you chose Black's capture moves: KQ,QN,RB,BK,NR").waitFor();
  await record(white).getByText("Black chose White's capture moves").waitFor();
  await white.getByText("Your secret choice for Black's pieces: king captures like a queen, queen captures like a knight").waitFor();

  const play = async (page, from, to, said) => {
    await tap(page, from);
    await tap(page, to);
    for (const p of pages) await record(p).getByText(said).waitFor();
  };
  await play(white, "e2", "e4", "e2-e4");
  await play(black, "d7", "d5", "d7-d5");
  await play(white, "b1", "c3", "Nb1-c3");
  await play(black, "b8", "c6", "Nb8-c6");
  await play(white, "g1", "f3", "Ng1-f3");
  await play(black, "c6", "d4", "Nc6-d4");
  const cell = (page, c) => page.getByRole("table", { name: /What you know/ }).locator(`[data-cell="${c}"]`);
  assert.equal((await cell(white, "NN").innerText()).trim(), "", "nothing known yet");
  // The knight tries to take d5 with a knight's jump: no, and nothing moves.
  await play(white, "c3", "d5", "Nc3xd5? no, nothing moves");
  for (const p of pages) await p.locator(".banner.answer.no").getByText("White tried Nc3xd5? no, nothing moves").waitFor();
  await white.locator('[data-square="c3"][aria-label*="white knight"]').waitFor();
  // White's table rules the knight's own capture out.
  assert.equal(await cell(white, "NN").innerText(), "X");
  assert.match(await cell(white, "NN").getAttribute("aria-label"), /ruled out/);
  await play(black, "a7", "a6", "a7-a6");
  // Along the c-file, as a rook would: yes.
  await play(white, "c3", "c7", "Nc3xc7? yes");
  for (const p of pages) await p.locator(".banner.answer.yes").waitFor();
  await white.locator('[data-square="c7"][aria-label*="white knight"]').waitFor();
  for (const c of ["NK", "NB", "NN"]) assert.equal(await cell(white, c).innerText(), "X", `${c} ruled out after the yes`);
  for (const c of ["NQ", "NR"]) assert.equal(await cell(white, c).locator("button").count(), 1, `${c} still open`);
  // Black's phone shows what White knows too (anyone could work it out).
  await black.getByText("What White knows of their pieces").click();
  assert.equal(await black.getByRole("table", { name: "White's pieces" }).locator('[data-cell="NB"]').innerText(), "X");
  // White's own pencil mark, kept on the phone across a reload.
  await cell(white, "NQ").locator("button").click();
  await cell(white, "NQ").getByText("X").waitFor();
  await cell(white, "NQ").locator("button").click();
  await cell(white, "NQ").getByText("○").waitFor();
  await white.reload();
  await cell(white, "NQ").getByText("○").waitFor();
  await white.screenshot({ path: join(ARTIFACTS, "masquerade-play.png"), fullPage: true });
  await axe(white, "masquerade play");
  await resign({ page: black });
  for (const p of pages) await p.getByText("Black resigned, White wins").first().waitFor();
  assert.ok((await spectate(gameId)).status === "over");
  for (const p of phones) await p.context.close();
});

test("Zombie Chess on two phones: the seed's example game, each player's burials marked on its own phone only, the zombie pawn rising on c6 on both, the horde's Done", async () => {
  const { white, black } = await twoPhones("zombie");
  const both = [white.page, black.page];
  const play = async (page, from, to, said) => {
    await tap(page, from);
    await tap(page, to);
    for (const p of both) await record(p).getByText(said).first().waitFor();
  };
  const bury = async (page, square, said) => {
    await page.getByText("You captured: tap one of your pieces to bury the captured piece under it").waitFor();
    await tap(page, square);
    await record(page).getByText(said).waitFor();
  };
  await play(white.page, "e2", "e4", "e2-e4; no zombies anywhere");
  await play(black.page, "e7", "e5", "e7-e5");
  await play(white.page, "g1", "f3", "Ng1-f3");
  await play(black.page, "b8", "c6", "Nb8-c6");
  await play(white.page, "d2", "d4", "d2-d4");
  await play(black.page, "e5", "d4", "e5xd4");
  await white.page.getByText("Black to bury the captured piece").waitFor();
  await bury(black.page, "c6", "you bury the pawn under c6");
  await record(white.page).getByText("Black buries the pawn").waitFor();
  await play(white.page, "f3", "d4", "Nf3xd4");
  await bury(white.page, "b2", "you bury the pawn under b2");
  await play(black.page, "c6", "d4", "Nc6xd4; a white pawn rises on c6 as a zombie");
  for (const p of both) await p.getByLabel("heard at the table").getByText("a white pawn rises on c6 as a zombie").waitFor();
  await bury(black.page, "g7", "you bury the knight under g7");
  await white.page.getByText("Your move").waitFor();

  // Each phone marks its own burial, and only its own.
  await white.page.locator('[data-square="b2"][aria-label*="you buried a piece under it"]').waitFor();
  assert.equal(await white.page.locator('[data-square="g7"][aria-label*="buried"]').count(), 0, "White's phone does not know g7");
  await black.page.locator('[data-square="g7"][aria-label*="you buried a piece under it"]').waitFor();
  assert.equal(await black.page.locator('[data-square="b2"][aria-label*="buried"]').count(), 0, "Black's phone does not know b2");
  await white.page.getByText("Your burials: pawn under b2").waitFor();
  await black.page.getByText("Your burials: knight under g7").waitFor();
  assert.ok(!(await black.page.locator("main").innerText()).includes("under b2"), "b2 is nowhere on Black's phone");
  assert.ok(!(await white.page.locator("main").innerText()).includes("under g7"), "g7 is nowhere on White's phone");
  // Both see the zombie pawn on c6, standing on a coin.
  for (const p of both) {
    await p.locator('[data-square="c6"][aria-label*="white pawn, on 1 coin, zombie"]').waitFor();
    await p.locator('[data-square="c6"] .stack-item.coin').waitFor();
    await record(p).getByText("a white pawn rises on c6 as a zombie").waitFor();
  }
  await white.page.screenshot({ path: join(ARTIFACTS, "zombie-white.png"), fullPage: true });
  await black.page.screenshot({ path: join(ARTIFACTS, "zombie-black.png"), fullPage: true });
  await axe(black.page, "zombie");
  // White's regular move, then the horde: the zombie may move, or crumbles at Done.
  await play(white.page, "b1", "c3", "Nb1-c3; no zombie at b1");
  await white.page.getByText("Move each of your zombies once, then Done").waitFor();
  await white.page.locator('[data-square="c6"][aria-selected="true"]').waitFor();
  await button(white.page, "Done").click();
  for (const p of both) await record(p).getByText("the zombie pawn on c6 crumbles to dust").waitFor();
  await resign(white);
  for (const p of both) await p.getByText("White resigned, Black wins").first().waitFor();
  // At the end every burial is shown on both phones (issue 31: each side's burial grid).
  for (const p of both) {
    const every = p.getByRole("region", { name: "every burial" });
    await every.getByText("White buried: pawn under b2").waitFor();
    await every.getByText("Black buried: knight under g7").waitFor();
  }
  await white.context.close();
  await black.context.close();
});

test("one phone for everyone in Masquerade: the privacy screen between the two secret tables, and neither shows the other's", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/start/masquerade`);
  await page.getByLabel("One phone for everyone").check();
  await button(page, "Create game").click();
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  assert.equal(await page.locator(".assign-table").count(), 0, "nothing of the game behind the screen");
  await button(page, "I have the phone").click();
  await page.getByText("you are White").waitFor();
  for (const c of ["KQ", "QN", "RB", "BK"]) await page.locator(`.assign-table button[data-cell="${c}"]`).click();
  await button(page, "Seal my choice").click();
  // Black has yet to choose: the phone covers itself for Black.
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  await page.getByText("Hand the phone to Black to seal their move (1 of 2 moves in).").waitFor();
  await button(page, "I have the phone").click();
  await page.getByText("you are Black").waitFor();
  assert.equal(await page.locator('.assign-table button[aria-pressed="true"]').count(), 0, "Black starts from an empty table, not White's");
  assert.ok(!(await page.locator("main").innerText()).includes("KQ,QN,RB,BK,NR"));
  await page.locator("button", { hasText: "Random" }).click();
  await button(page, "Seal my choice").click();
  // Play begins with White: covered again until White has the phone.
  await page.getByRole("heading", { name: "Pass the phone" }).waitFor();
  await page.getByText("Hand the phone to White.").waitFor();
  await button(page, "I have the phone").click();
  await page.getByText("Your secret choice for Black's pieces: king captures like a queen").waitFor();
  await context.close();
});

noConsoleErrors();

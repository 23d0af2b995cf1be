// Games of more than two phones at one table: Crowded House on four phones (two teams, each
// seat on its half of the board) and Chess Battle on six phones plus the table display (sealed
// rounds, the reveal, danger zones until one is left).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, noConsoleErrors, movedPast, phone, server, spectate, table, tap } from "./support.mjs";

harness();

const button = (page, name) => page.getByRole("button", { name, exact: true });

test("Crowded House on four phones: each seat's half shaded, the teams shown, a move off one's half refused in the referee's words, mate by the next player", async () => {
  const { phones, pages } = await table("crowded-house", 4, "king-side White");
  const [kW, kB, qW, qB] = pages;
  // Each phone names its seat and team; its own half is shaded and said.
  await kW.getByText("you are king-side White").waitFor();
  await qB.getByText("you are queen-side Black").waitFor();
  await kW.getByText("Team White: you and queen-side White.").waitFor();
  await kB.getByText("Team Black: you and queen-side Black.").waitFor();
  await kW.locator('[data-square="e2"][aria-label*="on your half"]').waitFor();
  assert.equal(await kW.locator('[data-square="d2"][aria-label*="on your half"]').count(), 0, "d2 is the queen side's");
  await qB.locator('[data-square="d7"][aria-label*="on your half"]').waitFor();
  assert.equal(await qB.locator('[data-square="e7"][aria-label*="on your half"]').count(), 0);
  assert.equal(await kW.locator(".tint.half").count(), 32, "half the board is shaded");
  const seats = kB.getByRole("list", { name: "seats" });
  await seats.locator("li.to-move").getByText("king-side White").waitFor();

  // King-side White may not move the d-pawn: it stays on the queen side.
  await tap(kW, "d2");
  await tap(kW, "d4");
  await kW.getByRole("alert").getByText("You move only pieces that start or end on the king side (files e–h); the pawn d2→d4 stays on the queen side (files a–d).").waitFor();
  // Nor may anyone move out of turn.
  await tap(qW, "a2");
  await qW.getByRole("alert").getByText("It is not your turn.").waitFor();

  const play = async (page, from, to, said) => {
    await tap(page, from);
    await tap(page, to);
    for (const p of pages) await p.getByRole("list", { name: "what happened" }).getByText(said).waitFor();
  };
  await play(kW, "f2", "f3", "f2-f3");
  await play(kB, "e7", "e5", "e7-e5");
  await play(qW, "a2", "a3", "a2-a3");
  await play(qB, "a7", "a6", "a7-a6");
  await play(kW, "g2", "g4", "g2-g4");
  // The queen goes from the queen side to the king side: king-side Black's move, since it ends there.
  await play(kB, "d8", "h4", "Qd8-h4");
  await qW.getByText("Your move: pieces that start or end on the queen side (files a–d)").waitFor();
  await kW.screenshot({ path: join(ARTIFACTS, "crowded-house.png"), fullPage: true });
  assert.ok(await fitsWidth(qW), "nothing scrolls sideways at 390 px");
  await axe(qW, "crowded house");
  await play(qW, "b2", "b3", "b2-b3");
  // King-side White is then in check by the next player, king-side Black, with no way out.
  await play(qB, "b7", "b6", "b7-b6+");
  for (const p of pages) await p.getByText("checkmate, Black wins").first().waitFor();
  assert.equal(await button(kW, "Resign").count(), 0, "no more actions once the game is over");
  for (const p of phones) await p.context.close();
});

test("one phone for everyone in Crowded House: no privacy screen, and the phone goes round the four seats", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/start/crowded-house`);
  await page.getByLabel("One phone for everyone").check();
  await page.getByLabel("queen-side Black's name").fill("Bob");
  await button(page, "Create game").click();
  await page.getByText("you are king-side White").waitFor();
  assert.equal(await page.getByRole("heading", { name: "Pass the phone" }).count(), 0, "partners talk in the open: nothing to hide");
  for (const [from, to, next] of [
    ["e2", "e4", "king-side Black"],
    ["e7", "e5", "queen-side White"],
    ["d2", "d4", "Bob (queen-side Black)"],
  ]) {
    await tap(page, from);
    await tap(page, to);
    await page.getByText(`you are ${next}`).waitFor();
  }
  await page.locator('[data-square="d7"][aria-label*="on your half"]').waitFor();
  assert.equal(await page.getByRole("heading", { name: "Pass the phone" }).count(), 0);
  await context.close();
});

/** The cells a phone marks as places its piece can go. */
const targets = (page) => page.locator("svg.board [data-square]:has(circle.dot), svg.board [data-square]:has(circle.capture)").evaluateAll((els) => els.map((e) => e.dataset.square));

test("Chess Battle on six phones and the table display: picks, placements, sealed rounds nobody else sees until the reveal, danger zones until one is left", async () => {
  const { phones, pages, tableLink } = await table("chess-battle", 6, "Seat 1", async (host) => {
    await host.getByLabel("Players (4 to 12)").fill("6");
    await host.getByLabel("Safe rounds before the first zone").fill("1");
  });
  assert.ok(tableLink, "the join codes page links the table display");
  const gameId = pages[0].url().split("/game/")[1];
  const tablet = await phone({ viewport: { width: 1180, height: 820 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 });
  await tablet.page.goto(`${server.base}/${tableLink}`);
  await tablet.page.getByRole("heading", { name: /table display/ }).waitFor();
  const screens = [...pages, tablet.page];

  // Picking, clockwise from a drawn first player: the picker's phone offers the pieces left.
  let view = await spectate(gameId);
  assert.equal(view.game.stage, "pick-piece");
  while (view.game.stage === "pick-piece") {
    const seat = view.turn.turn_of;
    const page = pages[seat];
    await page.getByText("Your turn to pick a piece").waitFor();
    await pages[(seat + 1) % 6].getByText(`Seat ${seat + 1} is picking a piece`).waitFor();
    await page.getByRole("region", { name: "pieces to pick" }).locator("button:enabled").first().click();
    view = await movedPast(gameId, view.seq);
  }
  // Placing, counter-clockwise from the last to pick: a tap on a free cell.
  while (view.game.stage === "place") {
    const seat = view.turn.turn_of;
    const page = pages[seat];
    await page.getByText("Tap an empty cell to place your").waitFor();
    const free = await targets(page);
    assert.ok(free.length > 0, "free cells are marked");
    await tap(page, free[Math.floor(free.length / 2)]);
    view = await movedPast(gameId, view.seq);
  }
  await tablet.page.getByText("Round 1").first().waitFor();
  await tablet.page.screenshot({ path: join(ARTIFACTS, "chess-battle-table.png") });
  await axe(tablet.page, "chess battle table display");

  // Rounds: the first seat of each round seals a move, changes it, and nobody else sees it.
  let rounds = 0;
  while (view.status === "active") {
    rounds++;
    const round = view.turn.seats.map((a) => a.seat);
    const first = round[0];
    const me = view.game.fighters.find((f) => f.seat === first);
    const page = pages[first];
    await page.getByText(`Round ${view.game.round + 1}: tap where your`).waitFor();
    const cells = await targets(page);
    assert.ok(cells.length > 0, "a living piece can go somewhere");
    await tap(page, cells[0]);
    await page.getByText(`Your sealed move: ${me.cell}→${cells[0]}`).waitFor();
    if (cells.length > 1) {
      // Changed before the round closes.
      await tap(page, cells[cells.length - 1]);
      await page.getByText(`Your sealed move: ${me.cell}→${cells[cells.length - 1]}`).waitFor();
    }
    const sealed = cells.length > 1 ? cells[cells.length - 1] : cells[0];
    for (const other of screens.filter((p) => p !== page)) {
      await other.getByText(`1 of ${round.length} sealed`).waitFor();
      await other.getByRole("list", { name: "who has sealed" }).locator(`[data-seat="${first + 1}"]`).getByText("sealed").waitFor();
      const text = await other.locator("main").innerText();
      assert.ok(!text.includes(`${me.cell}→${sealed}`), `Seat ${first + 1}'s sealed move is not on another screen before the reveal`);
      assert.equal(await other.locator(`[data-square="${sealed}"][aria-selected="true"]`).count(), 0, "nor marked on its board");
    }
    if (rounds === 1) {
      await pages[round[1]].screenshot({ path: join(ARTIFACTS, "chess-battle-sealed.png"), fullPage: true });
      await axe(pages[round[1]], "chess battle phone in a sealed round");
    }
    // The others stay; the last seal closes the round and reveals every move.
    for (const seat of round.slice(1)) await button(pages[seat], "Stay").click();
    view = await movedPast(gameId, view.seq + round.length - 1);
    while (view.turn.kind === "active" && view.turn.submitted > 0) view = await movedPast(gameId, view.seq);
    const revealed = `Seat ${first + 1}: ${me.cell}→${sealed}`;
    for (const [i, p] of screens.entries()) {
      await p
        .getByRole("region", { name: "last round" })
        .getByText(revealed)
        .waitFor()
        .catch(async (e) => {
          // Say what the referee and the screen showed, so a failure can be read from the log.
          const v = await spectate(gameId);
          const shown = await p.locator("main").innerText().catch(() => "");
          throw new Error(`screen ${i} never showed "${revealed}": the referee's last round ${JSON.stringify(v.game.last_round)} at seq ${v.seq}; the screen: ${JSON.stringify(shown.slice(0, 600))}; ${e.message}`);
        });
    }
    assert.ok(rounds < 10, "danger zones end the game within a few rounds");
  }
  const reason = view.outcome.reason;
  for (const p of screens) await p.getByText(reason).first().waitFor();
  // How each fell is on every screen: the red zone or another piece.
  const fallen = view.game.fighters.filter((f) => !f.alive);
  assert.ok(fallen.length >= 5, "at most one is left standing");
  for (const f of fallen) await tablet.page.getByRole("region", { name: "players" }).getByText(f.eliminated).first().waitFor();
  await pages[0].screenshot({ path: join(ARTIFACTS, "chess-battle-over.png"), fullPage: true });
  assert.ok(await fitsWidth(pages[0]), "nothing scrolls sideways at 390 px");
  await tablet.context.close();
  for (const p of phones) await p.context.close();
});

test("Chess Battle with medals and freezing on four phones: a freeze and a medal are public at once, the frozen player sits the round out", async () => {
  const { phones, pages } = await table("chess-battle", 4, "Seat 1", async (host) => {
    await host.getByLabel("Players (4 to 12)").fill("4");
    await host.getByLabel("Board").selectOption("4");
    await host.getByLabel("Safe rounds before the first zone").fill("0");
    await host.getByLabel(/Medals: two each/).check();
    await host.getByLabel(/Freezing: one freeze each/).check();
  });
  const gameId = pages[0].url().split("/game/")[1];
  let view = await spectate(gameId);
  while (view.game.stage !== "rounds") {
    const page = pages[view.turn.turn_of];
    if (view.game.stage === "pick-piece") await page.getByRole("region", { name: "pieces to pick" }).locator("button:enabled").first().click();
    else await tap(page, (await targets(page))[0]);
    view = await movedPast(gameId, view.seq);
  }
  // Seat 1 freezes Seat 2 and hands Seat 3 a medal, each asked first.
  const open = async (name) => {
    pages[0].once("dialog", (d) => d.accept());
    if (!(await pages[0].locator("details.open-actions").evaluate((d) => d.open))) await pages[0].getByText("Freeze a player or hand out a medal").click();
    await button(pages[0], name).click();
  };
  await open("Freeze Seat 2");
  for (const p of pages) await p.getByRole("list", { name: "this round" }).getByText("Seat 1 freezes Seat 2 for this round").waitFor();
  await pages[1].getByText("You are frozen this round: your piece stays where it is").waitFor();
  const frozenCell = view.game.fighters[1].cell;
  await pages[3].locator(`[data-square="${frozenCell}"][aria-label*="frozen this round"]`).waitFor();
  await pages[3].getByRole("list", { name: "who has sealed" }).locator('[data-seat="2"]').getByText("frozen").waitFor();
  await pages[3].getByText("0 of 3 sealed").waitFor();
  await open("Give a medal to Seat 3");
  for (const p of pages) {
    await p.getByRole("list", { name: "this round" }).getByText("Seat 1 hands a medal to Seat 3").waitFor();
    await p.getByRole("region", { name: "players" }).getByText("holds medals of Seat 1").waitFor();
  }
  assert.equal(await button(pages[0], "Freeze Seat 3").count(), 0, "one freeze each");
  // Staying by a tap on one's own piece; the three moving seats seal and the round closes.
  for (const seat of [0, 2, 3]) await tap(pages[seat], view.game.fighters[seat].cell);
  for (const p of pages) await p.getByRole("region", { name: "last round" }).getByText(`Seat 2 stayed on ${frozenCell}`).waitFor();
  // The zones close in on a 4×4 board until the game ends.
  view = await spectate(gameId);
  while (view.status === "active") {
    const seq = view.seq;
    for (const a of view.turn.seats) await button(pages[a.seat], "Stay").click();
    view = await movedPast(gameId, seq + view.turn.seats.length - 1);
  }
  for (const p of pages) await p.getByText(view.outcome.reason).first().waitFor();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

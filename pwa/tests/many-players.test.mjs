// Games of more than two phones at one table: Crowded House on four phones (two teams, each
// seat on its half of the board).
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, fitsWidth, harness, noConsoleErrors, table, tap } from "./support.mjs";

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

noConsoleErrors();

// The host's part: ending a game early from the game menu (asked first), every phone then
// showing it ended by the host.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, harness, move, noConsoleErrors, phone, server, twoPhones } from "./support.mjs";

harness();

const gameOf = (page) => new URL(page.url()).hash.split("/")[2];

test("the host ends a game in progress from the game menu, after confirming; every phone shows it was ended by the host", async () => {
  const { white, black } = await twoPhones("chess");
  const phones = [white, black];
  await move(phones, white, "e2", "e4", "e4");
  const id = gameOf(white.page);
  // Only the phone that created the game has the menu; a seat's token is refused by the referee.
  assert.equal(await black.page.getByText("Game menu").count(), 0);
  const seatToken = await black.page.evaluate((id) => Object.values(JSON.parse(localStorage.getItem(`referee.game.${id}`)).seats)[0], id);
  const refused = await fetch(`${server.base}/api/v1/games/${id}/end`, { method: "POST", headers: { authorization: `Bearer ${seatToken}` } });
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).code, "not_the_host");

  await white.page.getByText("Game menu").click();
  const end = white.page.getByRole("button", { name: "End game" });
  await end.waitFor();
  await axe(white.page, "game menu open");
  // Asked first: saying no changes nothing.
  white.page.once("dialog", (d) => d.dismiss());
  await end.click();
  await black.page.getByText("Your move").waitFor();
  assert.equal(await white.page.getByText("Ended by the host").count(), 0);

  white.page.once("dialog", (d) => {
    assert.match(d.message(), /End this game for everyone/);
    void d.accept();
  });
  await end.click();
  for (const p of phones) await p.page.getByRole("status").getByText("Ended by the host").waitFor();
  // Nothing more to end or to play.
  assert.equal(await white.page.getByText("Game menu").count(), 0);
  assert.equal(await black.page.getByRole("button", { name: "Resign" }).count(), 0);
  const view = await (await fetch(`${server.base}/api/v1/games/${id}`)).json();
  assert.equal(view.status, "over");
  assert.equal(view.ended_by_host, true);
  await axe(black.page, "game ended by the host");
});

test("the host ends a game before anyone has joined", async () => {
  const { page } = await phone();
  await page.goto(`${server.base}/#/start/chess`);
  await page.getByRole("button", { name: "Create game" }).click();
  const link = await page.locator('[data-join-link="1"]').getAttribute("href");
  const id = link.split("/")[2];
  await page.goto(`${server.base}/#/game/${id}`);
  await page.getByText("Waiting for players: 0 of 2 have joined.").waitFor();
  await page.getByText("Game menu").click();
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "End game" }).click();
  await page.getByText("Ended by the host before the game started.").waitFor();
});

noConsoleErrors();

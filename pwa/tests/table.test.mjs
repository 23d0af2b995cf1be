// At a real table: one phone passed between two players, two phones with a draw offer, coming
// back to games from the home page, playing on while the connection drops, castling by the
// king in Chess960, and what comes after the end.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, figure, harness, noConsoleErrors, phone, press, server, tap, taps, twoPhones } from "./support.mjs";

harness();

const button = (page, name) => page.getByRole("button", { name, exact: true });

/** Creates a game of `rules` on one shared phone from the home page, counting the taps. */
async function sharedGame(page, rulesName) {
  await page.goto(`${server.base}/`);
  await press(page.getByRole("link", { name: `Start ${rulesName}`, exact: true }));
  await press(page.getByLabel("One phone for everyone"));
  await press(button(page, "Create game"));
}

/** A move on a shared phone: the phone turns to the other side by itself. */
async function sharedMove(page, from, to, next) {
  await tap(page, from);
  await tap(page, to);
  await page.getByText(`you are ${next}`).waitFor();
}

test("a shared phone: no privacy screen in chess, the side not on move takes the phone to answer a draw offer and keeps it", async () => {
  const { context, page } = await phone();
  taps.count = 0;
  await sharedGame(page, "Chess");
  await page.locator('[data-square="e2"]').waitFor();
  figure("taps from the home page to the board on a shared phone", taps.count);
  assert.equal(await page.getByRole("heading", { name: "Pass the phone" }).count(), 0, "chess keeps nothing secret: no privacy screen");

  taps.count = 0;
  await sharedMove(page, "e2", "e4", "Black");
  await sharedMove(page, "e7", "e5", "White");
  await sharedMove(page, "g1", "f3", "Black");
  await sharedMove(page, "b8", "c6", "White");
  await sharedMove(page, "f1", "b5", "Black");
  await sharedMove(page, "a7", "a6", "White");
  figure("taps for six moves on a shared phone", taps.count);
  await page.locator(".moves li").filter({ hasText: "Bb5 a6" }).waitFor();

  // White offers a draw; Black, not on move, takes the phone to answer it and keeps it.
  await button(page, "Offer a draw").click();
  await page.getByRole("region", { name: "draw offer" }).getByText("You offered a draw.").waitFor();
  assert.equal(await page.getByRole("button", { name: /seat \d/i }).count(), 0, "buttons name the sides, not seat numbers");
  await button(page, "Black takes the phone").click();
  await page.getByText("you are Black").waitFor();
  const banner = page.getByRole("region", { name: "draw offer" });
  await banner.getByText("White offers a draw.").waitFor();
  await page.waitForTimeout(800);
  assert.equal(await page.getByText("you are Black").count(), 1, "the phone stays with Black");
  await banner.getByRole("button", { name: "Decline" }).click();
  // The game moves on: the phone goes back to White, whose move it is.
  await page.getByText("you are White").waitFor();
  await banner.waitFor({ state: "hidden" });
  // Black takes the phone again, to resign.
  await button(page, "Black takes the phone").click();
  await page.getByText("you are Black").waitFor();
  page.once("dialog", (d) => d.accept());
  await button(page, "Resign").click();
  await page.getByText("Black resigned, White wins").first().waitFor();

  // After the end: the PGN of the game, and a new game with the same rules and phones.
  await button(page, "PGN").click();
  const pgn = await page.getByLabel("PGN").inputValue();
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 a6 1-0/);
  await page.getByRole("link", { name: "New game with the same rules" }).click();
  await page.getByRole("heading", { name: "Start a game" }).waitFor();
  await page.waitForFunction(() => document.querySelector('select[name="rules"]')?.value === "chess");
  assert.equal(await page.getByLabel("One phone for everyone").isChecked(), true);
  await context.close();
});

test("two phones: a draw offer shows as a banner with Accept and Decline, and the side that offered may withdraw it", async () => {
  const { white, black } = await twoPhones("chess");
  const banner = (side) => side.page.getByRole("region", { name: "draw offer" });
  await button(white.page, "Offer a draw").click();
  await banner(white).getByText("You offered a draw.").waitFor();
  await banner(black).getByText("White offers a draw.").waitFor();
  for (const name of ["Accept the draw", "Decline"]) {
    const b = banner(black).getByRole("button", { name, exact: true });
    const box = await b.boundingBox();
    assert.ok(box && box.y + box.height <= 844, `${name} is on Black's screen without scrolling`);
  }
  await black.page.screenshot({ path: join(ARTIFACTS, "draw-offer.png") });
  await axe(black.page, "draw offer");
  await banner(black).getByRole("button", { name: "Decline" }).click();
  for (const side of [white, black]) await banner(side).waitFor({ state: "hidden" });
  // Offered again, then withdrawn by White.
  await button(white.page, "Offer a draw").click();
  await banner(black).getByText("White offers a draw.").waitFor();
  await banner(white).getByRole("button", { name: "Withdraw the offer" }).click();
  await banner(black).waitFor({ state: "hidden" });
  // Offers are no moves: the move list stays empty.
  assert.equal(await black.page.locator(".moves li").count(), 0);
  await button(black.page, "Offer a draw").click();
  await banner(white).getByRole("button", { name: "Accept the draw" }).click();
  for (const side of [white, black]) await side.page.getByText("draw by agreement").first().waitFor();
  assert.equal(await button(white.page, "Resign").count(), 0, "no buttons once the game is over");
  await white.context.close();
  await black.context.close();
});

test("the home page lists the games this phone holds seats in, and the finished ones to look back at", async () => {
  const { context, page } = await phone();
  await sharedGame(page, "Chess");
  await sharedMove(page, "e2", "e4", "Black");
  const going = page.url();
  await sharedGame(page, "Chess960");
  await page.locator('[data-square="e2"]').waitFor();
  page.once("dialog", (d) => d.accept());
  await button(page, "Resign").click();
  await page.getByText("White resigned, Black wins").first().waitFor();

  await page.goto(`${server.base}/`);
  const yours = page.getByRole("region", { name: "Your games" });
  const line = yours.getByRole("listitem").filter({ hasText: "Chess" });
  await line.getByText("White and Black on this phone").waitFor();
  await line.getByText("Black to move").waitFor();
  await page.getByText("Finished games").click();
  await page.locator(".finished li").filter({ hasText: "Chess960" }).getByText("White resigned, Black wins").waitFor();
  await axe(page, "home with your games");
  await line.getByRole("link").click();
  await page.waitForURL(going);
  await page.locator(".moves li").filter({ hasText: "e4" }).waitFor();
  await context.close();
});

test("offline, a reloaded game shows the last known position read-only, and the banner clears by itself when back online", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await sharedGame(page, "Chess");
  await sharedMove(page, "e2", "e4", "Black");
  const before = consoleErrors.length;
  await context.setOffline(true);
  await page.reload();
  await page.getByText("Offline — reconnecting").waitFor();
  await page.locator(".moves li").filter({ hasText: "e4" }).waitFor();
  await page.locator('[data-square="e4"][aria-label*="white pawn"]').waitFor();
  // Read-only: a move waits for the connection.
  await tap(page, "e7");
  await tap(page, "e5");
  await page.getByRole("alert").getByText("Offline").waitFor();
  await context.setOffline(false);
  await page.getByText("Offline — reconnecting").waitFor({ state: "hidden" });
  // The browser logs the requests that failed while offline; those are expected here.
  consoleErrors.splice(before, Infinity, ...consoleErrors.slice(before).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)));
  await tap(page, "e7");
  await tap(page, "e5");
  await page.getByText("you are White").waitFor();
  await page.locator(".moves li").filter({ hasText: "e4 e5" }).waitFor();
  await context.close();
});

test("Chess960: the king tapped onto its castling square castles, and the square is marked", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/start/chess960`);
  await page.getByLabel("Choose a number").check();
  await page.locator('input[name="number"]').fill("518");
  await page.getByLabel("One phone for everyone").check();
  await button(page, "Create game").click();
  await sharedMove(page, "e2", "e4", "Black");
  await sharedMove(page, "e7", "e5", "White");
  await sharedMove(page, "g1", "f3", "Black");
  await sharedMove(page, "b8", "c6", "White");
  await sharedMove(page, "f1", "c4", "Black");
  await sharedMove(page, "g8", "f6", "White");
  await tap(page, "e1");
  await page.locator('[data-square="g1"][aria-label*="castle here"]').waitFor();
  await tap(page, "g1");
  await page.locator(".moves li").filter({ hasText: "O-O" }).waitFor();
  await page.locator('[data-square="g1"][aria-label*="white king"]').waitFor();
  await page.locator('[data-square="f1"][aria-label*="white rook"]').waitFor();
  await context.close();
});

noConsoleErrors();

// The host's part: ending a game early from the game menu (asked first), every phone then
// showing it ended by the host; and the fairness page's export of this phone's chain links as
// the referee's verifier takes them, run through the real verifier.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, axe, consoleErrors, fitsWidth, harness, inViewport, move, noConsoleErrors, phone, resign, server, tap, twoPhones } from "./support.mjs";

harness();

const root = join(new URL(".", import.meta.url).pathname, "..", "..");
const REFEREE_BIN = process.env.REFEREE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug", "referee");
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

test("a lost phone's seat gets a new code from the host's game menu: the old phone stops playing, a new phone joins with the code and plays on", async () => {
  const { white, black } = await twoPhones("chess", { whiteName: "Ann", blackName: "Bob" });
  await move([white, black], white, "e2", "e4", "e4");
  const id = gameOf(white.page);

  const blackToken = await black.page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.game.${id}`)).seats[1], id);
  // Bob's phone is lost: the host gives Black's seat a new code, asked first.
  await white.page.getByText("Game menu").click();
  const newCode = white.page.locator('[data-reissue="1"]');
  await newCode.waitFor();
  // The host's own seat is on the host's phone: no new code offered for it.
  assert.equal(await white.page.locator('[data-reissue="0"]').count(), 0, "no new code for the host's own seat");
  // From here on, every live stream Bob's phone opens is counted.
  const reconnections = [];
  black.page.on("request", (r) => r.url().includes("/events") && reconnections.push(r.url()));
  await axe(white.page, "game menu with new codes");
  white.page.once("dialog", (d) => {
    assert.match(d.message(), /Give Bob \(Black\) a new code\? The phone that plays Bob \(Black\) now can no longer play/);
    void d.accept();
  });
  await newCode.click();
  // The host sees the new code and its link at once, the menu closed, and every phone is told
  // whom the table waits for.
  const link = white.page.locator('[data-join-link="1"]');
  await link.waitFor();
  assert.equal(await white.page.locator("details.game-menu[open]").count(), 0, "the menu closes");
  assert.ok(await inViewport(white.page, white.page.locator("[data-awaited-phones]")));
  await white.page.locator("[data-awaited-phones]").getByText("Bob (Black) waits for a new phone").waitFor();
  const href = await link.getAttribute("href");
  // The code survives a reload of the host's page until the new phone has joined.
  await white.page.reload();
  await white.page.locator('[data-join-link="1"]').waitFor();

  // Every phone is told in words it cannot miss, until its player says they have read it.
  for (const p of [white, black]) {
    const notice = p.page.locator("[data-reissue-notice]");
    await notice.getByText("The host gave Bob (Black) a new code: the phone that held that seat can no longer play").waitFor();
    assert.equal(await notice.getAttribute("role"), "alert");
  }
  await white.page.locator("[data-reissue-notice]").getByRole("button", { name: "Understood" }).click();
  await white.page.locator("[data-reissue-notice]").waitFor({ state: "detached" });
  // The old phone learns it no longer plays the seat from its live stream's last event, without
  // reconnecting first (which took seconds: the phone showed "Your move" meanwhile), and
  // follows the game as a spectator.
  await black.page.getByText("no longer plays that seat", { exact: false }).waitFor({ timeout: 30000 });
  assert.ok(
    reconnections.every((url) => !url.includes(encodeURIComponent(blackToken))),
    `the old token's stream was not opened again before the phone knew: ${reconnections.join(", ")}`,
  );
  // Its seat's controls go once the spectator's view has come (a moment after the notice).
  await black.page.getByRole("button", { name: "Resign" }).waitFor({ state: "detached" });
  // It still says why after a reload, and a tap on the board says it plays no seat.
  await black.page.reload();
  await black.page.getByText("no longer plays that seat", { exact: false }).waitFor();
  await tap(black.page, "e7");
  await black.page.getByText("This phone is watching: it plays no seat in this game.").waitFor();

  // A new phone joins with the new code and plays on as Black, by the name the seat had.
  const replacement = await phone();
  await replacement.page.goto(`${server.base}/${href}`);
  await replacement.page.getByRole("button", { name: "Join" }).click();
  await replacement.page.getByText("you are Bob (Black)").waitFor();
  await replacement.page.locator("[data-reissue-notice]").getByText("This phone now plays Bob (Black): the host gave the seat a new code").waitFor();
  // The host's phone, told already, is not told the same re-issue again.
  assert.equal(await white.page.locator("[data-reissue-notice]").count(), 0);
  await white.page.locator("[data-awaited-phones]").waitFor({ state: "detached" });
  // Screen readers hear the referee's note as it is, not after a seat's name.
  await white.page.waitForFunction(() => document.querySelector("[data-announce]")?.textContent === "A new phone now plays Black");
  assert.equal(await white.page.locator('[data-join-link="1"]').count(), 0, "the code is used: no longer shown");
  await move([white, replacement], replacement, "e7", "e5", "e5");
  const view = await (await fetch(`${server.base}/api/v1/games/${id}`)).json();
  assert.deepEqual([view.joined_seats, view.reissued_seats], [[0, 1], []]);
  // The record tells the table both steps.
  const said = view.played.map((p) => p.said);
  assert.ok(said.includes("The host gave Black a new join code: the phone that held the seat can no longer play"), said.join(" | "));
  assert.ok(said.includes("A new phone now plays Black"), said.join(" | "));
  assert.ok(await fitsWidth(replacement.page));
  // The old phone's calls refused on the way (401: its token no longer holds the seat) were
  // expected; nothing else may have logged an error.
  const refused = (e) => e.includes(`/#/game/${id}`) && /status of 401/.test(e);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused(e)));
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

test("the fairness page exports this phone's chain links as --checkpoint SEQ:HEX, which the referee's verifier accepts", async () => {
  const { white, black } = await twoPhones("chess");
  const phones = [white, black];
  await move(phones, white, "e2", "e4", "e4");
  await move(phones, black, "e7", "e5", "e5");
  await resign(black);
  for (const p of phones) await p.page.getByText("Black resigned, White wins").waitFor();
  const id = gameOf(black.page);
  const kept = await black.page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.chain.${id}`)), id);
  assert.ok(kept.length >= 2);

  await black.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await black.page.getByRole("link", { name: "Check the record" }).click();
  const field = black.page.getByLabel("Command with this phone's checkpoints");
  await field.waitFor();
  const command = await field.inputValue();
  // One --checkpoint SEQ:HEX per kept link, in the order kept.
  const args = command.match(/--checkpoint \S+/g);
  assert.deepEqual(args, kept.map((k) => `--checkpoint ${k.seq}:${k.chain}`));
  assert.match(command, new RegExp(`^referee verify audit-${id}\\.json \\\\\\n  --checkpoint`));

  await black.page.getByRole("button", { name: "Copy checkpoints" }).click();
  await black.page.getByText("Copied.").waitFor();
  assert.equal(await black.page.evaluate(() => navigator.clipboard.readText()), command);

  // The downloads: the same command, and the record to run it on.
  const saved = {};
  for (const name of ["Download checkpoints", "Download the record"]) {
    const [download] = await Promise.all([black.page.waitForEvent("download"), black.page.getByRole("link", { name }).click()]);
    saved[name] = join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(saved[name]);
  }
  assert.equal(saved["Download the record"], join(ARTIFACTS, `audit-${id}.json`));
  assert.equal(readFileSync(saved["Download checkpoints"], "utf8"), command + "\n");
  // The referee's verifier takes the arguments as exported and finds the record extends them.
  const out = execFileSync(REFEREE_BIN, ["verify", saved["Download the record"], ...args.flatMap((a) => a.split(" "))], { encoding: "utf8" });
  assert.match(out, new RegExp(`the record extends all ${kept.length} checkpoint\\(s\\): ok`));
  await axe(black.page, "fairness page with the checkpoints");
});

noConsoleErrors();

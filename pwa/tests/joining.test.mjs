// Joining as the app does it: every seat adds randomness of its own, sealed (SHA-256) when
// joining and revealed by the phone once everyone has joined, checked against its seal in the
// audit record and in the browser; a join whose answer is lost is sent again and gets the seat;
// names show on the other phone; a phrase too long in bytes is refused before anything is sent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { axe, consoleErrors, harness, move, noConsoleErrors, phone, resign, server } from "./support.mjs";

harness();

const sha256 = (hex) => createHash("sha256").update(Buffer.from(hex, "hex")).digest("hex");
const gameOf = (page) => new URL(page.url()).hash.split("/")[2];

test("a two-phone game started from the app has sealed randomness from every seat, revealed by the phones and checked in the browser; names show on the other phone", async () => {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${server.base}/#/start/chess960`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByLabel("Your name").fill("Ann");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await white.page.getByText("Waiting for players: 1 of 2 has joined.").waitFor();
  const joins = [];
  black.page.on("request", (r) => r.url().endsWith("/join") && joins.push(r.postDataJSON()));
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByLabel("Your name").fill("Bob");
  await black.page.getByText("Check the draws: add randomness of your own").click();
  await black.page.locator('input[name="entropy"]').fill("shuffled by Bob");
  await black.page.getByRole("button", { name: "Join" }).click();
  // Both phones reveal by themselves; the game starts with nobody tapping anything more.
  await white.page.getByText("Your move").waitFor();
  await black.page.getByText("to move").first().waitFor();
  // Only the seal travelled with the join, never the randomness itself.
  assert.equal(joins.length, 1);
  assert.match(joins[0].entropy_commitment, /^[0-9a-f]{64}$/);
  assert.equal(joins[0].entropy, undefined);
  assert.match(joins[0].client_key, /^[0-9a-f]{32}$/);
  assert.equal(joins[0].name, "Bob");
  // Names on the other phone.
  await black.page.getByText("you are Bob (Black)").waitFor();
  await black.page.getByText("Ann (White) to move").waitFor();
  await move([white, black], white, "e2", "e4", "e4");
  await white.page.getByText("Bob (Black) to move").waitFor();

  await resign(white);
  for (const p of [white, black]) await p.page.getByText("White resigned, Black wins").waitFor();
  const record = await (await fetch(`${server.base}/api/v1/games/${gameOf(white.page)}/audit`)).json();
  assert.equal(record.entropy.length, 2);
  for (const [i, hex] of record.entropy.entries()) {
    assert.match(record.entropy_commitments[i], /^[0-9a-f]{64}$/, `seat ${i + 1} sealed its randomness`);
    assert.equal(sha256(hex), record.entropy_commitments[i], `seat ${i + 1}'s randomness matches its seal`);
    assert.match(Buffer.from(hex, "hex").toString("utf8"), /^[0-9a-f]{32}/, `seat ${i + 1} added the phone's random digits`);
  }
  assert.equal(sha256(record.entropy[1]), joins[0].entropy_commitment);
  assert.equal(Buffer.from(record.entropy[1], "hex").toString("utf8").slice(32), "shuffled by Bob");

  await black.page.getByRole("link", { name: "Check the draws" }).click();
  await black.page.getByText("Every draw matches the seed.").waitFor();
  const shares = black.page.getByRole("list", { name: "each seat's share" }).locator("li");
  assert.match(await shares.nth(0).innerText(), /^Ann \(White\): its phone's random digits [0-9a-f]{8}…\. ✓ Sealed when joining; matches its seal\.$/);
  assert.match(await shares.nth(1).innerText(), /^Bob \(Black\): its phone's random digits [0-9a-f]{8}… and the words “shuffled by Bob”\. ✓ Sealed when joining; matches its seal\.$/);
  await axe(black.page, "fairness");
  await white.context.close();
  await black.context.close();
});

test("a join whose answer is lost is sent again with the same key and gets the seat", async () => {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${server.base}/#/start/chess`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await white.page.getByText("Waiting for players").waitFor();

  const sent = [];
  const answered = [];
  await black.page.route("**/api/v1/games/*/join", async (route) => {
    sent.push(route.request().postDataJSON());
    const response = await route.fetch();
    answered.push(response.status());
    // The first answer reached nobody: the referee seated Black, the phone never heard.
    if (sent.length === 1) await route.abort("connectionreset");
    else await route.fulfill({ response });
  });
  const before = black.page.url();
  const errors = consoleErrors.length;
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByRole("button", { name: "Join" }).click();
  await black.page.getByText("White to move").waitFor();
  await white.page.getByText("Your move").waitFor();
  // The browser logs the cut connection; that one is expected here.
  consoleErrors.splice(errors, Infinity, ...consoleErrors.slice(errors).filter((e) => !e.includes("ERR_CONNECTION_RESET")));
  assert.notEqual(black.page.url(), before);
  assert.equal(sent.length, 2, "sent once more, and no more");
  assert.deepEqual(answered, [200, 200], "the first join reached the referee and the retry was answered as the same join");
  assert.deepEqual(sent[1], sent[0], "the retry is the same join: same key, same seal");
  const stored = await black.page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.game.${id}`)), gameOf(black.page));
  assert.deepEqual(Object.keys(stored.seats), ["1"]);
  await white.context.close();
  await black.context.close();
});

test("a game that draws nothing (chess) starts when its seats have joined, with nobody's phone waited for", async () => {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${server.base}/#/start/chess`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await white.page.getByText("Waiting for players").waitFor();
  const game = white.page.url();
  // White's phone is away when Black joins: the game starts all the same.
  await white.page.goto("about:blank");
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByRole("button", { name: "Join" }).click();
  await black.page.getByText("White to move").waitFor();
  assert.equal(await black.page.getByText("share of the randomness").count(), 0, "no wait for randomness a game of chess never uses");
  await white.page.goto(game);
  await white.page.getByText("Your move").waitFor();
  await white.context.close();
  await black.context.close();
});

test("a phone that was away when the last seat joined reveals its randomness when the game is opened again", async () => {
  const white = await phone();
  const black = await phone();
  // Chess960 draws its start position: the table waits for every phone's share.
  await white.page.goto(`${server.base}/#/start/chess960`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await white.page.getByText("Waiting for players").waitFor();
  const game = white.page.url();
  await white.page.goto("about:blank");
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByRole("button", { name: "Join" }).click();
  // Black's phone revealed at once; White's seal is still closed, and Black is told so.
  await black.page.getByText("Everyone has joined. White's phone needs to open the game").waitFor();
  await white.page.goto(game);
  await white.page.getByText("Your move").waitFor();
  await black.page.getByText("White to move").waitFor();
  await white.context.close();
  await black.context.close();
});

test("a phrase of 33 × é (66 bytes) is refused before anything is sent", async () => {
  const { context, page } = await phone();
  const joins = [];
  page.on("request", (r) => r.url().endsWith("/join") && joins.push(r.url()));
  await page.goto(`${server.base}/#/join/somegame/AAAA-BBBB`);
  await page.getByText("Check the draws: add randomness of your own").click();
  await page.locator('input[name="entropy"]').fill("é".repeat(33));
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("alert").getByText("Your randomness is 66 bytes long and at most 32 fit").waitFor();
  assert.equal(await page.locator('input[name="entropy"]').inputValue(), "é".repeat(33), "nothing was cut off");
  assert.equal(await page.locator('input[name="entropy"]').getAttribute("aria-invalid"), "true");
  assert.deepEqual(joins, []);
  await axe(page, "join refused");
  await context.close();
});

noConsoleErrors();

// Phones on the table's Wi-Fi: the host's laptop serves the app over plain http at a LAN
// address, which a browser treats as an insecure context (no WebCrypto, no service worker).
// Chromium maps `table.test` onto the loopback stack (support.mjs), so every packet stays on
// this machine while the pages are exactly as insecure as at 192.168.x.y. There the phones join
// by name, sign every move with noble's Ed25519 and check the finished game; the same flow runs
// at 127.0.0.1 (WebCrypto); and what cannot work is said in words beside what was tapped,
// leaving no game behind.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axe, consoleErrors, harness, inViewport, move, noConsoleErrors, phone, server, twoPhones } from "./support.mjs";

harness();

const gameOf = (page) => new URL(page.url()).hash.split("/")[2];
const REFEREE_BIN = process.env.REFEREE_BIN ?? join(process.env.CARGO_TARGET_DIR ?? join(import.meta.dirname, "..", "..", "target"), "debug", "referee");
/** The noble chunk, which a page without WebCrypto loads to hash and sign. */
const NOBLE = /\/assets\/noble-[^/]*\.js$/;
/** Failed loads the tests below cause on purpose (the blocked noble chunk). */
const blocked = (line) => /noble-[^/]*\.js|ERR_FAILED|dynamically imported module/.test(line);

/** Plays Fool's mate on two phones, each move signed on its phone. */
async function foolsMate(white, black) {
  const phones = [white, black];
  await move(phones, white, "f2", "f3", "f3");
  await move(phones, black, "e7", "e5", "e5");
  await move(phones, white, "g2", "g4", "g4");
  await move(phones, black, "d8", "h4", "Qh4#");
  for (const p of phones) await p.page.getByText("Black wins").first().waitFor();
}

for (const [where, path, keyKind] of [
  ["at a LAN address (no WebCrypto)", "lan", /^ed25519:[0-9a-f]{64}$/],
  ["at 127.0.0.1 (WebCrypto)", "base", /^(ed25519:[0-9a-f]{64}|p256:04[0-9a-f]{128})$/],
]) {
  test(`${where}: two phones join a chess game by name, play signed moves, and the fairness page of the finished game passes`, async () => {
    const base = server[path];
    const { white, black } = await twoPhones("chess", { whiteName: "Ann", blackName: "Bea", base });
    const secure = await white.page.evaluate(() => ({ secure: isSecureContext, subtle: typeof crypto.subtle, worker: "serviceWorker" in navigator }));
    if (path === "lan") assert.deepEqual(secure, { secure: false, subtle: "undefined", worker: false }, "a LAN address is an insecure context");
    else assert.equal(secure.secure, true);
    await black.page.getByText("you are Bea (Black)").waitFor();
    await foolsMate(white, black);

    const id = gameOf(white.page);
    const record = await (await fetch(`${server.base}/api/v1/games/${id}/audit`)).json();
    const seats = record.events[0].seats;
    assert.deepEqual(seats.map((s) => s.name), ["Ann", "Bea"]);
    for (const s of seats) assert.match(s.key, keyKind, "each phone made its key");
    const actions = record.events.filter((e) => e.type === "action");
    assert.equal(actions.length, 4);
    for (const e of actions) assert.match(e.signed?.signature ?? "", /^[0-9a-f]{128}$/, `event ${e.seq} is signed`);

    // The referee's own verifier agrees with the phones' signatures and kept links.
    const file = join(mkdtempSync(join(tmpdir(), "lan-")), "audit.json");
    writeFileSync(file, JSON.stringify(record));
    const kept = await black.page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.chain.${id}`) ?? "[]"), id);
    const verify = spawnSync(REFEREE_BIN, ["verify", file, ...kept.flatMap((k) => ["--checkpoint", `${k.seq}:${k.chain}`])], { encoding: "utf8" });
    assert.equal(verify.status, 0, verify.stdout + verify.stderr);

    await black.page.getByRole("link", { name: "Check the record" }).click();
    const verdict = black.page.locator("[data-verdict]");
    await verdict.waitFor();
    assert.equal(await verdict.innerText(), "✓ Every draw matches the seed.");
    assert.ok(await inViewport(black.page, verdict), "the verdict is on the first screen");
    await black.page.locator('[data-chain="ok"]').waitFor();
    await black.page.getByText("✓ Every seat joined with a key made on its phone, and all 4 of their actions carry its signature: nobody acted in another's name.").waitFor();
    await axe(black.page, `the fairness page ${where}`);
    for (const p of [white, black]) await p.context.close();
  });
}

test("at a LAN address, one phone for everyone starts the game and its moves are signed", async () => {
  const { page, context } = await phone();
  await page.goto(`${server.lan}/#/start/chess`);
  await page.getByText("One phone for everyone").click();
  await page.getByLabel("White's name").fill("Cy");
  await page.getByRole("button", { name: "Create game" }).click();
  await page.locator("svg.board").waitFor();
  await page.getByText("you are Cy (White)").waitFor();
  await page.getByText("Your move").waitFor();
  await move([{ page }], { page }, "e2", "e4", "e4");
  const record = await (await fetch(`${server.base}/api/v1/games/${gameOf(page)}/record`)).json();
  assert.equal(record.played.length, 1);
  const view = await (await fetch(`${server.base}/api/v1/games/${gameOf(page)}`)).json();
  assert.equal(view.status, "active");
  await context.close();
});

test("codes made at 127.0.0.1 say they open on this computer only; at a LAN address they say nothing of it", async () => {
  for (const [base, shown] of [
    [server.base, 1],
    [server.lan, 0],
  ]) {
    const { page, context } = await phone();
    await page.goto(`${base}/#/start/chess`);
    await page.getByRole("button", { name: "Create game" }).click();
    await page.locator('[data-join-link="1"]').waitFor();
    assert.equal(await page.locator("[data-loopback-note]").count(), shown, base);
    if (shown) assert.match(await page.locator("[data-loopback-note]").innerText(), /only this computer can open.*deploy\/local\/run --table/s);
    await context.close();
  }
});

test("a refused join is said under the button that was tapped, in the referee's words", async () => {
  const { page, context } = await phone();
  await page.goto(`${server.lan}/#/start/chess`);
  await page.getByRole("button", { name: "Create game" }).click();
  await page.route("**/api/v1/games/*/join", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ code: "too_many_requests", message: "Too many joins from this address: wait a minute and try again." }) }),
  );
  const button = page.getByRole("button", { name: "Play as White on this phone" });
  await button.click();
  const error = page.locator('[data-seat-error="0"]');
  await error.waitFor();
  assert.equal(await error.innerText(), "Too many joins from this address: wait a minute and try again.");
  // Beside the button: in the same seat's card, just under it.
  const [b, e] = [await button.boundingBox(), await error.boundingBox()];
  assert.ok(e.y >= b.y + b.height && e.y - (b.y + b.height) < 40, `the error sits under the button (${JSON.stringify({ b, e })})`);
  await page.unroute("**/api/v1/games/*/join");
  // The refusal the test made up was logged by the browser as a failed load: expected.
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (/429 \(Too Many Requests\)/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
  await button.click();
  await page.getByText("Waiting for players: 1 of 2 has joined.").waitFor();
  await context.close();
});

test("where the signing code cannot be loaded, every attempt says so in words beside what was tapped, and no game is left behind", async () => {
  const { page, context } = await phone();
  await page.route(NOBLE, (route) => route.abort());
  // One phone for everyone: refused before any game is made.
  await page.goto(`${server.lan}/#/start/chess`);
  await page.getByText("One phone for everyone").click();
  const create = page.getByRole("button", { name: "Create game" });
  await create.click();
  const error = page.locator("form .error");
  await error.waitFor();
  const text = await error.innerText();
  assert.match(text, /^This phone cannot check or sign right now: the code it signs and checks with could not be loaded\. Check the connection and reload the page\.$/);
  assert.ok(await inViewport(page, error), "the error is in view");
  const [e, c] = [await error.boundingBox(), await create.boundingBox()];
  assert.ok(c.y - (e.y + e.height) < 40, "the error sits just above the button");
  // Home lists no half-made game.
  await page.goto(`${server.lan}/#/`);
  await page.getByRole("heading", { name: "Games" }).waitFor();
  assert.equal(await page.locator(".your-game").count(), 0, "no game left behind");

  // A join link opened on such a phone: the same words above Join, never the browser's.
  const host = await phone();
  await host.page.goto(`${server.lan}/#/start/chess`);
  await host.page.getByRole("button", { name: "Create game" }).click();
  const link = await host.page.locator('[data-join-link="1"]').getAttribute("href");
  await page.goto(`${server.lan}/${link}`);
  await page.getByRole("button", { name: "Join" }).click();
  const joinError = page.locator("form .error");
  await joinError.waitFor();
  assert.match(await joinError.innerText(), /^This phone cannot check or sign right now/);
  assert.doesNotMatch(await joinError.innerText(), /undefined|Cannot read|TypeError/);
  // Once the code loads again, the same link joins.
  await page.unroute(NOBLE);
  await page.reload();
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByText("Waiting for players: 1 of 2 has joined.").waitFor();
  await host.context.close();
  await context.close();
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (blocked(consoleErrors[i])) consoleErrors.splice(i, 1);
});

test("a game this phone made but nobody joined is offered to resume or delete on the home page", async () => {
  const { page, context } = await phone();
  await page.goto(`${server.lan}/#/start/chess`);
  await page.getByRole("button", { name: "Create game" }).click();
  await page.locator('[data-join-link="1"]').waitFor();
  await page.goto(`${server.lan}/#/`);
  const line = page.locator(".your-game");
  await line.getByText("Waiting for players (0 of 2)").waitFor();
  await line.getByRole("button", { name: "Delete this game" }).click();
  await page.locator(".your-game").waitFor({ state: "detached" });
  await page.reload();
  await page.getByRole("heading", { name: "Games" }).waitFor();
  assert.equal(await page.locator(".your-game").count(), 0);
  await context.close();
});

test("a fairness check that cannot run says so, never that the record does not match", async () => {
  const { white, black } = await twoPhones("chess", { base: server.lan });
  await foolsMate(white, black);
  const id = gameOf(white.page);
  const { page, context } = await phone();
  await page.route(NOBLE, (route) => route.abort());
  await page.goto(`${server.lan}/#/fairness/${id}`);
  const verdict = page.locator("[data-verdict]");
  await verdict.waitFor();
  assert.equal(await verdict.getAttribute("data-verdict"), "unchecked");
  assert.match(await verdict.innerText(), /^The draws could not be checked on this phone, so this says nothing against the record\. This phone cannot check or sign right now/);
  assert.equal(await page.getByText("does not match").count(), 0);
  assert.equal(await page.locator('[data-chain="broken"], [data-signatures="broken"]').count(), 0);
  await page.locator('[data-chain="unchecked"]').waitFor();
  for (const p of [white, black, { context }]) await p.context.close();
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (blocked(consoleErrors[i])) consoleErrors.splice(i, 1);
});

noConsoleErrors();

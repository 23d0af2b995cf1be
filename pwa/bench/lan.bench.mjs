// Figures, not tests: what a phone on the table's Wi-Fi (no WebCrypto: noble signs and hashes)
// pays against one with WebCrypto, side by side in one run, on the real stack (support.mjs).
//   - join: from tapping Join on a join link to the game page, each a new phone (a fresh
//     browser context, so the noble chunk is fetched each time as on a real phone);
//   - a signed move: from the second tap to the move listed on the mover's phone;
//   - first-load bytes over the wire (as the gateway compresses them) of the home page and a
//     game page, app files only (the API's answers left out).
// Run: npm run build, then REFEREE_CREATES_PER_ADDRESS=1000 REFEREE_BIN=… GATEWAY_BIN=… node --test
// bench/ (it makes more games than one address may by default; PWA_DIR=another
// build's dist gives that build's first-load bytes: `BENCH=bytes` measures only those).
import { test } from "node:test";
import { harness, phone, server, figure } from "../tests/support.mjs";

harness();

const RUNS = Number(process.env.RUNS ?? 20);
const only = process.env.BENCH ?? "all";
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (xs) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n = ${xs.length})`;

/** A chess game with seat 0 taken over the API (no key), and seat 1's join link. */
async function gameWaitingForBlack() {
  const created = await (await fetch(`${server.base}/api/v1/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rules: "chess" }) })).json();
  const white = await (
    await fetch(`${server.base}/api/v1/games/${created.game_id}/join`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ join_code: created.seats[0].join_code }),
    })
  ).json();
  return { id: created.game_id, whiteToken: white.token, link: `#/join/${created.game_id}/${created.seats[1].join_code}?seat=1` };
}

async function joinTimes(base) {
  const out = [];
  for (let i = 0; i < RUNS; i++) {
    const game = await gameWaitingForBlack();
    const { page, context } = await phone();
    await page.goto(`${base}/${game.link}`);
    const join = page.getByRole("button", { name: "Join" });
    await join.waitFor();
    const t0 = performance.now();
    await join.click();
    await page.waitForURL(/#\/game\//);
    await page.getByText("White to move").first().waitFor();
    out.push(performance.now() - t0);
    await context.close();
  }
  return out;
}

/** 20 plies of pawn moves, none repeating a position. */
const PLIES = ["a2a3", "a7a6", "b2b3", "b7b6", "c2c3", "c7c6", "d2d3", "d7d6", "e2e3", "e7e6", "f2f3", "f7f6", "g2g3", "g7g6", "h2h3", "h7h6", "a3a4", "a6a5", "b3b4", "b6b5"];

async function moveTimes(base) {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${base}/#/start/chess`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await black.page.goto(`${base}/${link}`);
  await black.page.getByRole("button", { name: "Join" }).click();
  await white.page.getByText("Your move").waitFor();
  const out = [];
  for (const [i, uci] of PLIES.slice(0, RUNS).entries()) {
    const mover = i % 2 === 0 ? white : black;
    await mover.page.getByText("Your move").waitFor();
    await mover.page.locator(`[data-square="${uci.slice(0, 2)}"]`).click();
    const listed = mover.page.locator(".moves li").filter({ hasText: uci.slice(2) });
    const before = await listed.count();
    const t0 = performance.now();
    await mover.page.locator(`[data-square="${uci.slice(2)}"]`).click();
    await listed.nth(before).waitFor();
    out.push(performance.now() - t0);
  }
  await white.context.close();
  await black.context.close();
  return out;
}

/** Bytes over the wire of the app's own files (document, scripts, styles, manifest, icons)
 * while `url` loads and settles. */
async function firstLoadBytes(url, ready) {
  const { page, context } = await phone();
  const sizes = [];
  page.on("requestfinished", async (request) => {
    if (request.url().includes("/api/")) return;
    const s = await request.sizes();
    sizes.push(s.responseBodySize + s.responseHeadersSize);
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState("networkidle");
  await context.close();
  return sizes.reduce((a, b) => a + b, 0);
}

if (only === "all") {
  test("join and a signed move: no WebCrypto (LAN address) against WebCrypto (127.0.0.1)", async () => {
    // Warm the stack and the browser's caches of the app shell once per origin.
    await joinTimes(server.base).catch(() => []);
    const joinsSecure = await joinTimes(server.base);
    const joinsLan = await joinTimes(server.lan);
    figure("join, WebCrypto (127.0.0.1)", ms(joinsSecure));
    figure("join, noble (LAN address)", ms(joinsLan));
    figure("join, LAN ÷ WebCrypto", (median(joinsLan) / median(joinsSecure)).toFixed(2));
    const movesSecure = await moveTimes(server.base);
    const movesLan = await moveTimes(server.lan);
    figure("signed move, WebCrypto (127.0.0.1)", ms(movesSecure));
    figure("signed move, noble (LAN address)", ms(movesLan));
    figure("signed move, LAN ÷ WebCrypto", (median(movesLan) / median(movesSecure)).toFixed(2));
  });
}

test("first-load bytes of the app's files", async () => {
  for (const [where, base] of [
    ["127.0.0.1", server.base],
    ["LAN address", server.lan],
  ]) {
    const home = await firstLoadBytes(`${base}/#/`, (p) => p.getByRole("heading", { name: "Games" }).waitFor());
    const game = await gameWaitingForBlack();
    const gamePage = await firstLoadBytes(`${base}/#/game/${game.id}`, (p) => p.locator("svg.board").waitFor().catch(() => p.getByText("Waiting").first().waitFor()));
    // A build that cannot join at this origin (before noble, at a LAN address) has no figure.
    const join = await firstLoadBytes(`${base}/${game.link}`, async (p) => {
      await p.getByRole("button", { name: "Join" }).click();
      await p.waitForURL(/#\/game\//, { timeout: 10000 });
      await p.locator("svg.board").waitFor();
    }).catch(() => NaN);
    figure(`first load, home, ${where}`, `${(home / 1024).toFixed(1)} KiB`);
    figure(`first load, a game page, ${where}`, `${(gamePage / 1024).toFixed(1)} KiB`);
    figure(`first load, a join link through joining to the board, ${where}`, `${(join / 1024).toFixed(1)} KiB`);
  }
});

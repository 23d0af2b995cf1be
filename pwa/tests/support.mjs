// What every browser test file shares: the real gateway, referee and Redis started for the file,
// headless Chromium as a phone, taps counted, and the axe accessibility check.
// Needs: a built app (npm run build), REFEREE_BIN and GATEWAY_BIN (scripts/test sets them).
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const here = new URL(".", import.meta.url).pathname;
const root = join(here, "..", "..");
const target = process.env.CARGO_TARGET_DIR ?? join(root, "target");
const REFEREE_BIN = process.env.REFEREE_BIN ?? join(target, "debug", "referee");
const GATEWAY_BIN = process.env.GATEWAY_BIN ?? join(target, "debug", "gateway");
export const ARTIFACTS = join(here, "..", "test-results");
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

const children = [];
let browser;
/** The name a phone on the table's Wi-Fi opens: mapped onto the loopback stack in Chromium
 * (`--host-resolver-rules`), so every packet stays on this machine, while the page is an
 * insecure context exactly as at a LAN address (no WebCrypto, no service worker). */
export const LAN_NAME = "table.test";
/** The gateway's address, once `before` has run: `base` at 127.0.0.1 (a secure context), `lan`
 * the same gateway at `LAN_NAME` (an insecure one). */
export const server = { base: "", lan: "" };
export const consoleErrors = [];

/** Whether something listens on `port` at 127.0.0.1. */
function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether `setpriv --pdeathsig` (util-linux) is here to tie a process's life to this one. */
const SETPRIV = existsSync("/usr/bin/setpriv");

/** Starts a process for this file's tests, its output kept for when it fails. Under setpriv it
 * is sent SIGKILL when this test process dies, even by SIGKILL, so nothing outlives the tests. */
function start(command, args, env = {}) {
  const [file, argv] = SETPRIV ? ["/usr/bin/setpriv", ["--pdeathsig", "SIGKILL", "--", command, ...args]] : [command, args];
  const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.log = "";
  const keep = (d) => (child.log = (child.log + d).slice(-20000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.what = command.split("/").at(-1);
  children.push(child);
  return child;
}

/** Waits until `check` holds, at most `ms`; fails with the process's own words if `child`
 * exits first or the time runs out. */
async function waitFor(what, child, check, ms = 20000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited at start (${child.exitCode ?? child.signalCode}); its log:\n${child.log}`);
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${ms} ms; its log:\n${child.log}`);
}

/** Starts a server on a free port, as `launch(port)` does, and waits until `ready(port)`: a
 * port found free can be taken by another program's connection before the server binds it, so a
 * server that says its address is in use is started again on another port (five tries, as the
 * Rust tests' `start_on_free_ports`). */
async function listening(what, launch, ready) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = launch(port);
    try {
      await waitFor(what, child, () => ready(port));
      return port;
    } catch (e) {
      if (attempt >= 5 || !/in use/i.test(child.log)) throw e;
      child.kill("SIGKILL");
    }
  }
}

/** Starts Redis, the referee, the gateway and Chromium for this file's tests. */
export function harness() {
  before(async () => {
    const redisPort = await listening(
      "redis-server",
      (port) => start("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", mkdtempSync(join(tmpdir(), "redis-"))]),
      portOpen,
    );
    const refereePort = await listening(
      "the referee",
      (port) => start(REFEREE_BIN, ["serve"], { REFEREE_ADDR: `127.0.0.1:${port}`, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REFEREE_METRICS_ADDR: "off", RUST_LOG: "warn" }),
      portOpen,
    );
    const gatewayPort = await listening(
      "the gateway",
      (port) =>
        start(GATEWAY_BIN, [], {
          GATEWAY_ADDR: `127.0.0.1:${port}`,
          GATEWAY_METRICS_ADDR: "off",
          REFEREE_URL: `http://127.0.0.1:${refereePort}`,
          PWA_DIR: process.env.PWA_DIR ?? join(here, "..", "dist"),
          RUST_LOG: "warn",
          // The tests play fast, many games from one address.
          GATEWAY_ACTIONS_PER_SECOND: "100",
          GATEWAY_JOINS_PER_MINUTE: "1000",
          GATEWAY_RECORDS_PER_MINUTE: "1000",
          GATEWAY_STREAMS_PER_ADDRESS: "1000",
          GATEWAY_VIEWS_PER_MINUTE: "100000",
          GATEWAY_AUDITS_PER_MINUTE: "1000",
          GATEWAY_REVEALS_PER_MINUTE: "1000",
          GATEWAY_QUESTIONS_PER_SECOND: "1000",
        }),
      async (port) => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok,
    );
    server.base = `http://127.0.0.1:${gatewayPort}`;
    server.lan = `http://${LAN_NAME}:${gatewayPort}`;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
        "--disable-component-update",
        "--disable-sync",
        `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`,
      ],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    for (const c of children) c.kill("SIGKILL");
  });
}

/** Registers the check that no page of this file logged an error (call last in the file). */
export function noConsoleErrors() {
  test("no console errors on any page", () => assert.deepEqual(consoleErrors, []));
}

/** A new phone (its own storage), at 390×844 unless told otherwise. */
export async function phone(options = {}) {
  const context = await browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(`${page.url()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
  return { context, page };
}

/** Taps counted by the tests that measure a flow; reset with `taps.count = 0`. */
export const taps = { count: 0 };

/** Taps a square of the board. */
export async function tap(page, square) {
  taps.count++;
  await page.locator(`[data-square="${square}"]`).click();
}

/** Taps anything else (a button, a link, a radio), counted like a square. */
export async function press(locator) {
  taps.count++;
  await locator.click();
}

/** Prints a measured figure (not an assertion): "taps: start-to-board on a shared phone: 3". */
export function figure(what, value) {
  console.log(`# figure: ${what}: ${value}`);
}

export async function axe(page, where) {
  await page.addScriptTag({ content: readFileSync(join(here, "..", "node_modules", "axe-core", "axe.min.js"), "utf8") });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  assert.deepEqual(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`), [], `accessibility on ${where}`);
}

/** White creates a game of `rules` on one phone, Black joins on another; `base`: where the
 * phones open the app (`server.lan` for phones on the table's Wi-Fi). */
export async function twoPhones(rules, { whiteName, blackName, base = server.base } = {}) {
  const white = await phone();
  const black = await phone();
  await white.page.goto(`${base}/#/start/${rules}`);
  await white.page.getByRole("button", { name: "Create game" }).click();
  const link = await white.page.locator('[data-join-link="1"]').getAttribute("href");
  if (whiteName) await white.page.getByLabel("Your name").fill(whiteName);
  await white.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await black.page.goto(`${base}/${link}`);
  if (blackName) await black.page.getByLabel("Your name").fill(blackName);
  await black.page.getByRole("button", { name: "Join" }).click();
  await white.page.getByText("Your move").waitFor();
  await black.page.getByText("to move").first().waitFor();
  return { white, black };
}

/** Waits for the board on `page`; when it does not come, fails saying what the page showed
 * instead and where it was, so that a failure can be read from the log. */
async function boardOn(page, whose) {
  await page
    .locator("svg.board")
    .waitFor()
    .catch(async (e) => {
      const shown = await page.locator("body").innerText().catch(() => "");
      await page.screenshot({ path: join(ARTIFACTS, `no-board-${Date.now()}.png`) }).catch(() => {});
      throw new Error(`no board on ${whose} at ${page.url()}; the page showed ${JSON.stringify(shown.slice(0, 800))}; ${e.message}`);
    });
}

/** A table of `count` phones, one per seat: the first creates a game of `rules` (after `setup`
 * fills its options form) and plays `firstSeat` there; each other phone joins by its own link.
 * Also gives the link to the table display, where the game has one. */
export async function table(rules, count, firstSeat, setup = async () => {}) {
  const phones = [];
  for (let i = 0; i < count; i++) phones.push(await phone());
  const host = phones[0].page;
  await host.goto(`${server.base}/#/start/${rules}`);
  await setup(host);
  await host.getByRole("button", { name: "Create game", exact: true }).click();
  const links = [];
  for (let s = 1; s < count; s++) links.push(await host.locator(`[data-join-link="${s}"]`).getAttribute("href"));
  const tableLink = (await host.locator("[data-table-link]").count()) ? await host.locator("[data-table-link]").getAttribute("href") : null;
  // A game for one player starts on the phone that made it, with no join codes to hand out.
  if (count > 1) await host.getByRole("button", { name: `Play as ${firstSeat} on this phone`, exact: true }).click();
  await Promise.all(
    phones.slice(1).map(async ({ page }, i) => {
      await page.goto(`${server.base}/${links[i]}`);
      await page.getByRole("button", { name: "Join" }).click();
      await boardOn(page, `the phone of seat ${i + 2}, after Join`);
    }),
  );
  await boardOn(host, "the host's phone");
  return { phones, pages: phones.map((p) => p.page), tableLink };
}


/** The game as a spectator sees it, from the referee (the test's own eyes on the table). */
export async function spectate(gameId) {
  const r = await fetch(`${server.base}/api/v1/games/${gameId}`);
  return r.json();
}

/** Waits until the game has moved past `seq`, and returns its spectator view. */
export async function movedPast(gameId, seq) {
  for (let i = 0; i < 200; i++) {
    const v = await spectate(gameId);
    if (v.seq > seq) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the game did not move past ${seq}`);
}

/** Taps `from` then `to` on `side` and waits until every phone lists `seen`. */
export async function move(phones, side, from, to, seen) {
  await tap(side.page, from);
  await tap(side.page, to);
  for (const p of phones) await p.page.locator(".moves li").filter({ hasText: seen }).first().waitFor();
}

export async function resign(side) {
  side.page.once("dialog", (d) => d.accept());
  await side.page.getByRole("button", { name: "Resign" }).click();
}

/** What sticks out past the phone's width, as "tag.class (right edge)" — judged against the
 * width the phone was given, not the page's own: under mobile emulation, as on a real phone, a
 * page wider than the screen widens its layout viewport (innerWidth grows to fit, the page is
 * zoomed out), so comparing with innerWidth sees nothing. Elements inside a scroller of their
 * own (overflow-x auto or scroll, itself within the width) are reachable and not counted. */
export async function wideElements(page) {
  const { width } = page.viewportSize();
  return page.evaluate((width) => {
    const scrolls = (e) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === "auto" || o === "scroll") && p.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page (${document.documentElement.scrollWidth} px)`);
    for (const e of document.querySelectorAll("body *")) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1 || scrolls(e)) continue;
      out.push(`${e.tagName.toLowerCase()}${e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : ""} (right edge ${Math.round(r.right)} px)`);
    }
    return out.slice(0, 8);
  }, width);
}

/** Whether the page fits the phone's width: nothing scrolls sideways or is cut off. */
export async function fitsWidth(page) {
  return (await wideElements(page)).length === 0;
}

/** Whether `locator` lies wholly inside the viewport, without scrolling. */
export async function inViewport(page, locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return !!box && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

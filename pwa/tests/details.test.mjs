// The smaller things at a table: thumb-sized buttons and links, the board across a small phone,
// the fairness box only where something was drawn (and a fairness page that lists it), the
// opponent's move said to screen readers, Chess960 cards entered from the table with their
// piles, and a table clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { ARTIFACTS, fitsWidth, harness, noConsoleErrors, phone, server, tap, twoPhones } from "./support.mjs";

harness();

const button = (page, name) => page.getByRole("button", { name, exact: true });

/** The visible links and buttons shorter than 44 px, as "text (height)". */
async function shortTargets(page) {
  return page.locator("a, button, summary").evaluateAll((els) =>
    els
      .filter((e) => !e.classList.contains("skip") && e.getClientRects().length > 0)
      .map((e) => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect().height])
      .filter(([, h]) => h < 44)
      .map(([t, h]) => `${t} (${Math.round(h)})`),
  );
}

async function sharedGame(page, rules, setup = async () => {}) {
  await page.goto(`${server.base}/#/start/${rules}`);
  await setup();
  await page.getByLabel("One phone for everyone").check();
  await button(page, "Create game").click();
  await page.locator('[data-square="e2"]').waitFor();
}

test("every link and button is at least 44 px tall, on every page", async () => {
  const { context, page } = await phone();
  const pages = [];
  await page.goto(`${server.base}/`);
  await page.getByRole("link", { name: "Start Chess960" }).waitFor();
  pages.push(["home", await shortTargets(page)]);
  await page.goto(`${server.base}/#/start/chess960`);
  await button(page, "Create game").click();
  await page.locator('[data-join-link="1"]').waitFor();
  pages.push(["join codes", await shortTargets(page)]);
  await button(page, "Play as White on this phone").click();
  await page.getByText("Waiting for players").waitFor();
  pages.push(["game", await shortTargets(page)]);
  await page.goto(`${server.base}/#/adjudicate`);
  await button(page, "Ask the referee").waitFor();
  pages.push(["adjudicate", await shortTargets(page)]);
  await page.goto(`${server.base}/#/join`);
  await button(page, "Join").waitFor();
  pages.push(["join", await shortTargets(page)]);
  assert.deepEqual(pages.filter(([, short]) => short.length), [], "targets under 44 px");
  await context.close();
});

test("on a 320 px phone the board spans the width", async () => {
  const { context, page } = await phone({ viewport: { width: 320, height: 640 } });
  await sharedGame(page, "chess");
  const box = await page.locator("svg.board").boundingBox();
  assert.ok(box.width >= 316, `the board is ${box.width} px wide`);
  assert.ok(await fitsWidth(page), "nothing scrolls sideways");
  await page.screenshot({ path: join(ARTIFACTS, "board-320.png") });
  await context.close();
});

test("the fairness box shows only where something is drawn; on a shared phone each side is named and adds sealed randomness the fairness page checks", async () => {
  const { context, page } = await phone();
  await sharedGame(page, "chess");
  assert.equal(await page.getByText("Fairness commitment").count(), 0, "chess draws nothing");
  await sharedGame(page, "chess960", async () => {
    await page.getByLabel("One phone for everyone").check();
    await page.getByLabel("White's name").fill("Cy");
    await page.getByLabel("Black's name").fill("Di");
  });
  await page.getByText("you are Cy (White)").waitFor();
  // The fingerprints are folded away, under the link to the check.
  await page.getByRole("link", { name: "Check the draws" }).waitFor();
  await page.getByText("Fingerprints to note down").click();
  await page.getByText("Fairness commitment").waitFor();
  page.once("dialog", (d) => d.accept());
  await button(page, "Resign").click();
  await page.getByText("White resigned").first().waitFor();
  await page.getByRole("link", { name: "Check the draws" }).click();
  await page.getByText("Every draw matches the seed.").waitFor();
  await page.getByText("The game key mixes in the randomness of 2 seats, each sealed (SHA-256) when joining").waitFor();
  const shares = page.getByRole("list", { name: "each seat's share" }).locator("li");
  assert.equal(await shares.count(), 2);
  for (const [i, who] of ["Cy (White)", "Di (Black)"].entries()) {
    const line = await shares.nth(i).innerText();
    assert.match(line, new RegExp(`^${who.replace(/[()]/g, "\\$&")}: its phone's random digits [0-9a-f]{8}…\\. ✓ Sealed when joining; matches its seal\\.$`));
  }
  await page.getByText("It could not choose the draws: the seed was fixed and sealed before anyone joined").waitFor();
  await page.getByText("It cannot act in your name: your phone made a key when it joined").waitFor();
  const drawn = page.getByRole("list", { name: "what was drawn" }).locator("li");
  assert.ok((await drawn.count()) >= 1);
  assert.match(await drawn.first().innerText(), /The setup — \d+ draws/);
  await context.close();
});

test("the other side's move is said to screen readers", async () => {
  const { white, black } = await twoPhones("chess");
  await tap(white.page, "e2");
  await tap(white.page, "e4");
  const said = black.page.locator("[data-announce]");
  await said.getByText("White: e4").waitFor({ state: "attached" });
  assert.equal(await said.getAttribute("aria-live"), "polite");
  assert.equal(await white.page.locator("[data-announce]").innerText(), "", "one's own move is not read back");
  await white.context.close();
  await black.context.close();
});

test("Chess960 from cards turned over at the table: the piles are shown with their cards", async () => {
  const { context, page } = await phone();
  await sharedGame(page, "chess960", async () => {
    await page.getByLabel("Cards turned over at the table").check();
    for (const c of ["A", "6", "8", "10", "Q", "10", "8", "10"]) await button(page, c).click();
    await page.locator(".table-cards").getByText("A 6 8 10 Q 10 8 10").waitFor();
  });
  // The seed's example: cards 1 and 6, then N R Q R N R, give BNRQKBNR.
  for (const [sq, piece] of [["a1", "white bishop"], ["b1", "white knight"], ["d1", "white queen"], ["e1", "white king"], ["f1", "white bishop"]])
    await page.locator(`[data-square="${sq}"][aria-label*="${piece}"]`).waitFor();
  const piles = page.getByRole("list", { name: "cards turned over" });
  await piles.getByText("Pile A·3·5·7: A — a bishop on the a-file").waitFor();
  await piles.getByText("Pile 2·4·6·8: 6 — a bishop on the f-file").waitFor();
  await piles.getByText("Pile 8·8·10·10·10·Q: 8 10 Q 10 8 10").waitFor();
  await context.close();
});

test("a table clock: tap to switch, the increment added to the side that moved", async () => {
  const { context, page } = await phone();
  await sharedGame(page, "chess");
  await page.getByText("Table clock").click();
  await page.locator('input[name="clock-minutes"]').fill("1");
  await page.locator('input[name="clock-increment"]').fill("2");
  const face = (side) => page.getByRole("button", { name: new RegExp(`^${side}: `) });
  const time = async (side) => (await face(side).locator(".clock-time").innerText()).trim();
  assert.deepEqual([await time("White"), await time("Black")], ["1:00", "1:00"]);
  await face("White").click(); // White has moved: Black's time runs.
  await page.waitForTimeout(1300);
  assert.equal(await time("White"), "1:00");
  const blackBefore = await time("Black");
  assert.ok(blackBefore === "0:59" || blackBefore === "0:58", `Black's time runs (${blackBefore})`);
  await face("Black").click(); // Black has moved: +2 s for Black, White's time runs.
  assert.ok((await time("Black")) > blackBefore, "the increment is added");
  assert.match(await face("White").getAttribute("aria-label"), /running/);
  await context.close();
});

test("joining by typing: the game and join code as the host's phone shows them, or a join link pasted whole into the Game field", async () => {
  const host = await phone();
  await host.page.goto(`${server.base}/#/start/chess`);
  await button(host.page, "Create game").click();
  const game = await host.page.getByLabel("game", { exact: true }).locator("code").innerText();
  const code = await host.page.getByLabel("join code for Black").innerText();
  const link = await host.page.locator('[data-join-link="1"]').getAttribute("href");
  assert.ok(link.endsWith(`/${game}/${code}?seat=1`), "the link holds the same game and code, and the seat it is for");
  await button(host.page, "Play as White on this phone").click();

  // Typed: the game and the code.
  const typed = await phone();
  await typed.page.goto(`${server.base}/#/join`);
  await typed.page.getByLabel(/^Game/).fill(game);
  await typed.page.getByLabel("Join code").fill(code.toLowerCase());
  // Pasted: a whole link in the Game field fills both fields.
  const pasted = await phone();
  await pasted.page.goto(`${server.base}/#/join`);
  await pasted.page.getByLabel(/^Game/).fill(`${server.base}/${link}`);
  assert.equal(await pasted.page.getByLabel(/^Game/).inputValue(), game);
  assert.equal(await pasted.page.getByLabel("Join code").inputValue(), code);
  await pasted.context.close();
  await button(typed.page, "Join").click();
  await typed.page.getByText("you are Black").waitFor();
  await host.context.close();
  await typed.context.close();
});

noConsoleErrors();

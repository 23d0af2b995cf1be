// Issue 31, a table of new users with phones at 390×844 (and 320×568) and touch: what hurt a real
// table, each fixed and kept fixed here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, harness, inViewport, movedPast, noConsoleErrors, phone, resign, server, spectate, table, tap, twoPhones } from "./support.mjs";

harness();

const gameOf = (page) => new URL(page.url()).hash.split("/")[2];

test("join codes stay with the host: after 'Play as White on this phone' and a reload, the game page shows Black's code, QR and link, until Black joins", async () => {
  const host = await phone();
  const black = await phone();
  await host.page.goto(`${server.base}/#/start/chess`);
  await host.page.getByRole("button", { name: "Create game" }).click();
  const code = (await host.page.getByLabel("join code for Black").innerText()).trim();
  await host.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await host.page.getByText("Waiting for players").waitFor();
  await host.page.reload();
  // The seat nobody has taken, with its code, QR code and link; White's, taken, is not offered.
  const codes = host.page.getByRole("region", { name: "Join codes" });
  assert.equal((await codes.getByLabel("join code for Black").innerText()).trim(), code);
  await codes.getByRole("img", { name: "QR code to join as Black" }).waitFor();
  assert.equal(await codes.getByLabel("join code for White").count(), 0);
  await axe(host.page, "the host's game page with join codes");
  const link = await codes.locator('[data-join-link="1"]').getAttribute("href");
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByRole("button", { name: "Join" }).click();
  await host.page.getByText("Your move").waitFor();
  assert.equal(await host.page.getByRole("region", { name: "Join codes" }).count(), 0);
  await host.context.close();
  await black.context.close();
});

test("join codes stay with the host who took a seat through its 'Join link' on the same phone", async () => {
  const host = await phone();
  await host.page.goto(`${server.base}/#/start/chess`);
  await host.page.getByRole("button", { name: "Create game" }).click();
  await host.page.locator('[data-join-link="0"]').click();
  await host.page.getByRole("button", { name: "Join" }).click();
  await host.page.getByText("Waiting for players").waitFor();
  await host.page.getByRole("region", { name: "Join codes" }).getByLabel("join code for Black").waitFor();
  assert.ok(gameOf(host.page));
  await host.context.close();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 320, height: 568 }]) {
  test(`the dispute page's verdict appears on the screen where the move was tapped, at ${viewport.width}×${viewport.height}`, async () => {
    const { context, page } = await phone({ viewport });
    await page.goto(`${server.base}/#/adjudicate`);
    const editor = page.getByRole("grid", { name: "position to judge" });
    await editor.locator('[data-square="e2"]').click();
    await editor.locator('[data-square="e4"]').click();
    const verdict = page.locator(".verdict .ok");
    await verdict.waitFor();
    assert.ok(await inViewport(page, verdict), "the verdict is on screen without scrolling");
    // An illegal move, typed below the board, is answered on screen too.
    await page.getByRole("textbox", { name: "Move" }).fill("e2e5");
    await page.getByRole("button", { name: "Ask the referee" }).click();
    const refused = page.locator(".verdict .error");
    await refused.waitFor();
    assert.ok(await inViewport(page, refused), "the refusal is on screen without scrolling");
    await context.close();
  });
}

noConsoleErrors();

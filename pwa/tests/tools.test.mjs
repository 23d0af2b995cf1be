// Table tools on two phones, as in a dispute about who discarded what: the log names the right
// seat and shows cards as faces, rolls are numbered with the newest standing out, playing and
// discarding ask first, and dealing to one seat reaches that seat.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, harness, noConsoleErrors, phone, server } from "./support.mjs";

harness();

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const face = (code) => code.slice(0, -1) + SUITS[code.slice(-1)];

test("table tools: a discard is confirmed and logged as a face under the right seat; equal rolls stay two rolls; a deal to one seat", async () => {
  const alice = await phone();
  const bob = await phone();
  await alice.page.goto(`${server.base}/#/start/table-tools`);
  await alice.page.getByRole("button", { name: "Create game" }).click();
  const link = await alice.page.locator('[data-join-link="1"]').getAttribute("href");
  await alice.page.getByRole("button", { name: "Play as Seat 1 on this phone" }).click();
  await bob.page.goto(`${server.base}/${link}`);
  await bob.page.getByRole("button", { name: "Join" }).click();
  await alice.page.getByRole("button", { name: "Deal to everyone" }).click();
  await bob.page.locator(".hand .playing-card").nth(4).waitFor();

  // Bob discards his first card: the phone asks first.
  const code = await bob.page.locator(".hand .playing-card").first().getAttribute("data-card");
  await bob.page.locator(".hand li").first().getByRole("button", { name: /^discard/ }).click();
  assert.equal(await bob.page.locator(".hand .playing-card").count(), 5, "nothing is discarded before the player confirms");
  await bob.page.getByRole("button", { name: "Discard it" }).click();
  // Signed and sent, then the hand comes back one card shorter.
  await bob.page.locator(".hand .playing-card").nth(4).waitFor({ state: "detached" });
  assert.equal(await bob.page.locator(".hand .playing-card").count(), 4);
  const log = alice.page.locator(".log li").first();
  await log.getByText(`Seat 2 discarded ${face(code)}`).waitFor();
  assert.ok(!(await alice.page.locator(".log").innerText()).includes(` ${code}`), "no card codes in the log");

  // Two rolls of one two-sided die: two numbered lines, the newest bigger than the one before.
  await alice.page.locator('input[name="count"]').fill("1");
  await alice.page.locator('input[name="sides"]').fill("2");
  await alice.page.getByRole("button", { name: "Roll" }).click();
  await alice.page.locator(".rolls li").getByText("#1").waitFor();
  await alice.page.getByRole("button", { name: "Roll" }).click();
  await alice.page.locator(".rolls li.newest").getByText("#2").waitFor();
  const sizes = await alice.page.locator(".rolls li").evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
  assert.equal(sizes.length, 2);
  assert.ok(sizes[0] > sizes[1] * 1.2, `the newest roll stands out (${sizes})`);

  // Dealing two cards to Seat 2 reaches Bob, not Alice.
  await alice.page.locator('select[name="deal-to"]').selectOption({ label: "Seat 2" });
  await alice.page.locator('input[name="deal"]').fill("2");
  await alice.page.getByRole("button", { name: "Deal to Seat 2" }).click();
  await bob.page.locator(".hand .playing-card").nth(5).waitFor();
  assert.equal(await alice.page.locator(".hand .playing-card").count(), 5);
  await axe(alice.page, "table tools");
  await alice.context.close();
  await bob.context.close();
});

noConsoleErrors();

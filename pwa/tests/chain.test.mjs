// The record's chain as the phones see it: every view shows the chain so far, each phone keeps
// some of those links, and the fairness page checks that the final record passes through every
// link this phone kept; a kept link changed afterwards is reported as a mismatch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, harness, move, noConsoleErrors, resign, server, twoPhones } from "./support.mjs";

harness();

const gameOf = (page) => new URL(page.url()).hash.split("/")[2];
const kept = (page, id) => page.evaluate((id) => JSON.parse(localStorage.getItem(`referee.chain.${id}`) ?? "[]"), id);

test("each phone keeps links of the record's chain; the fairness page checks the record extends them and reports a changed one", async () => {
  const { white, black } = await twoPhones("chess");
  const phones = [white, black];
  await move(phones, white, "e2", "e4", "e4");
  await move(phones, black, "e7", "e5", "e5");
  await move(phones, white, "g1", "f3", "Nf3");
  // The game page shows the chain so far.
  await black.page.getByText("Fingerprints to note down").click();
  const head = black.page.locator(".fairness .chain");
  await head.getByText("Record after 4 events").waitFor();
  assert.match(await head.locator("code").innerText(), /^[0-9a-f]{64}$/);
  await resign(black);
  for (const p of phones) await p.page.getByText("Black resigned, White wins").waitFor();

  const id = gameOf(black.page);
  const record = await (await fetch(`${server.base}/api/v1/games/${id}/audit`)).json();
  const links = [null, ...record.events.map((e) => e.chain)];
  for (const p of phones) {
    const list = await kept(p.page, id);
    assert.ok(list.length >= 2, `each phone kept links: ${JSON.stringify(list)}`);
    // What the phone kept is what the referee's record says, link by link.
    for (const k of list) if (k.seq > 0) assert.equal(k.chain, links[k.seq], `the link after ${k.seq} events`);
    assert.equal(list.at(-1).seq, record.events.length, "the latest link is the end of the game");
  }

  // Each phone made a key when it joined and signed every action with it.
  assert.equal(record.chain, 2);
  const keys = record.events[0].seats.map((s) => s.key);
  assert.ok(keys.every((k) => /^(ed25519:[0-9a-f]{64}|p256:04[0-9a-f]{128})$/.test(k)), JSON.stringify(keys));
  const actions = record.events.filter((e) => e.type === "action");
  assert.ok(actions.length === 4 && actions.every((e) => e.signed && /^[0-9a-f]{128}$/.test(e.signed.signature)), JSON.stringify(actions));

  const n = (await kept(black.page, id)).length;
  await black.page.getByRole("link", { name: "Check the record" }).click();
  await black.page.getByText(`✓ The record extends the ${n} links this phone saw during the game, and all ${record.events.length} event links hold.`).waitFor();
  await black.page.getByText("✓ Every seat joined with a key made on its phone, and all 4 of their actions carry its signature: nobody acted in another's name.").waitFor();
  await axe(black.page, "fairness with the chain checked");

  // One hex digit of a kept link changed: the record no longer passes through it.
  const list = await kept(black.page, id);
  const last = list.at(-1);
  const digit = last.chain[10] === "0" ? "1" : "0";
  last.chain = last.chain.slice(0, 10) + digit + last.chain.slice(11);
  await black.page.evaluate(([id, list]) => localStorage.setItem(`referee.chain.${id}`, JSON.stringify(list)), [id, list]);
  await black.page.reload();
  const failure = black.page.locator('[data-chain="broken"]');
  await failure.waitFor();
  assert.match(await failure.innerText(), new RegExp(`^✗ The record does not pass through the link this phone saw after ${last.seq} events \\(the phone kept ${last.chain.slice(0, 12)}…, the record gives ${links[last.seq].slice(0, 12)}…\\): `));
  // The draws themselves still match the seed: the failure is the chain's alone.
  await black.page.getByText("✓ Every draw matches the seed.").waitFor();
  for (const p of phones) await p.context.close();
});

noConsoleErrors();

// A mis-tap taken back, as over-the-board chess apps allow: the side that just moved asks (after
// the reply: for both moves), the other side lets it (or not), and the board, the move list and
// the PGN forget the moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, harness, inViewport, move, noConsoleErrors, server, spectate, twoPhones } from "./support.mjs";

harness();

const movesOf = (page) => page.locator(".moves li").allTextContents();

test("a move taken back with the opponent's consent leaves the board, the move list and the PGN as before it", async () => {
  const { white, black } = await twoPhones("chess", { whiteName: "Ann", blackName: "Bob" });
  const phones = [white, black];
  await move(phones, white, "e2", "e4", "e4");
  // Ann meant d4: she asks, from the first screen.
  const ask = white.page.getByRole("button", { name: "Take back my move" });
  await ask.waitFor();
  assert.ok(await inViewport(white.page, ask), "the button is on the first screen after a move");
  assert.equal(await black.page.getByRole("button", { name: "Take back my move" }).count(), 0, "only the side that just moved may ask");
  await ask.click();
  await white.page.getByText("You asked to take back your last move.").waitFor();
  const banner = black.page.getByRole("region", { name: "takeback request" });
  await banner.getByText("Ann (White) asks to take back their last move.").waitFor();
  assert.ok(await inViewport(black.page, banner), "the request is on the opponent's first screen");
  await axe(black.page, "takeback request");
  await banner.getByRole("button", { name: "Let them take it back" }).click();

  // Back to the start: White to move, no e4 anywhere, and Ann is told in words.
  await white.page.getByText("Your move").waitFor();
  await white.page.getByRole("status").filter({ hasText: "Black lets White take back their last move." }).waitFor();
  for (const p of phones) {
    await p.page.getByRole("region", { name: "takeback request" }).waitFor({ state: "detached" });
    assert.deepEqual(await movesOf(p.page), []);
  }
  const id = new URL(white.page.url()).hash.split("/")[2];
  assert.match((await spectate(id)).game.position, /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w /);
  await move(phones, white, "d2", "d4", "d4");
  assert.deepEqual(await movesOf(black.page), ["d4"]);
  // A move taken back cannot be asked about twice, and the other side may refuse.
  await move(phones, black, "d7", "d5", "d5");
  await black.page.getByRole("button", { name: "Take back my move" }).click();
  await white.page.getByRole("region", { name: "takeback request" }).getByRole("button", { name: "Decline" }).click();
  await black.page.getByRole("region", { name: "takeback request" }).waitFor({ state: "detached" });
  await black.page.getByRole("status").filter({ hasText: "White declines the takeback." }).waitFor();
  assert.equal(await black.page.getByRole("button", { name: "Take back my move" }).count(), 0, "asked once: the move stands");
  assert.deepEqual(await movesOf(white.page), ["d4 d5"]);
  await white.page.getByRole("button", { name: "PGN", exact: true }).click();
  const pgn = await white.page.locator('textarea[name="pgn"]').inputValue();
  assert.match(pgn, /1\. d4 d5/);
  assert.doesNotMatch(pgn, /e4/, "the PGN forgets the move taken back");
  // Asked, and the other side plays on instead: the request lapses, and Ann is told so.
  await move(phones, white, "g1", "f3", "Nf3");
  await white.page.getByRole("button", { name: "Take back my move" }).click();
  await black.page.getByRole("region", { name: "takeback request" }).waitFor();
  await move(phones, black, "c7", "c6", "c6");
  await white.page.getByRole("status").filter({ hasText: "Bob (Black) played on: your request to take back your move lapsed, and it stands." }).waitFor();
  await white.page.getByRole("region", { name: "takeback request" }).waitFor({ state: "detached" });
});

test("after the reply, a move and the reply to it are taken back together, both sides agreeing, on phones at the table's Wi-Fi address", async () => {
  // An insecure context, as at a real table: the moves are signed without WebCrypto.
  const { white, black } = await twoPhones("chess", { whiteName: "Ann", blackName: "Bob", base: server.lan });
  assert.equal(await white.page.evaluate(() => window.isSecureContext), false, "the table's Wi-Fi address is an insecure context");
  const phones = [white, black];
  await move(phones, white, "e2", "e4", "e4");
  await move(phones, black, "e7", "e5", "e5");
  // Ann sees her blunder only after Bob's reply: she asks for both moves, from the first screen.
  const ask = white.page.getByRole("button", { name: "Take back my move and the reply" });
  await ask.waitFor();
  assert.ok(await inViewport(white.page, ask), "the button is on the first screen after the reply");
  await black.page.getByRole("button", { name: "Take back my move", exact: true }).waitFor();
  await ask.click();
  await white.page.getByText("You asked to take back your last move and the reply to it.").waitFor();
  const banner = black.page.getByRole("region", { name: "takeback request" });
  await banner.getByText("Ann (White) asks to take back their last move and your reply.").waitFor();
  assert.ok(await inViewport(black.page, banner), "the request is on Bob's first screen");
  assert.equal(await black.page.getByRole("button", { name: /^Take back my move/ }).count(), 0, "one request at a time");
  await banner.getByRole("button", { name: "Let them take it back" }).click();

  // Both moves gone: the start position, White to move, Ann told in words.
  await white.page.getByText("Your move").waitFor();
  await white.page.getByRole("status").filter({ hasText: /take back their last move and the reply to it\.$/ }).waitFor();
  for (const p of phones) {
    await p.page.getByRole("region", { name: "takeback request" }).waitFor({ state: "detached" });
    assert.deepEqual(await movesOf(p.page), []);
  }
  const id = new URL(white.page.url()).hash.split("/")[2];
  assert.match((await spectate(id)).game.position, /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w /);
  assert.equal(await white.page.getByRole("button", { name: /^Take back my move/ }).count(), 0, "taken back once");
  await move(phones, white, "d2", "d4", "d4");
  assert.deepEqual(await movesOf(black.page), ["d4"]);
});

noConsoleErrors();

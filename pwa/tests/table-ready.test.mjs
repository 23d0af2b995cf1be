// Issue 31, a table of new users with phones at 390×844 (and 320×568) and touch: what hurt a real
// table, each fixed and kept fixed here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { axe, fitsWidth, harness, inViewport, movedPast, noConsoleErrors, phone, resign, server, spectate, table, tap, twoPhones } from "./support.mjs";

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

/** The cells a phone marks as places its piece can go. */
const targets = (page) => page.locator("svg.board [data-square]:has(circle.dot), svg.board [data-square]:has(circle.capture)").evaluateAll((els) => els.map((e) => e.dataset.square));

/** Whether `locator` is on the first screen: in the viewport with the page scrolled to the top. */
async function onFirstScreen(page, locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await locator.waitFor();
  return inViewport(page, locator);
}

test("Chess Battle: the round's reveal (who moved where, who is out) is on the first screen of every phone, at 390×844 and 320×568", async () => {
  const { phones, pages } = await table("chess-battle", 6, "Seat 1", async (host) => {
    await host.getByLabel("Players (4 to 12)").fill("6");
    await host.getByLabel("Safe rounds before the first zone").fill("3");
  });
  const gameId = gameOf(pages[0]);
  let view = await spectate(gameId);
  while (view.game.stage !== "rounds") {
    const page = pages[view.turn.turn_of];
    if (view.game.stage === "pick-piece") await page.getByRole("region", { name: "pieces to pick" }).locator("button:enabled").first().click();
    else await tap(page, (await targets(page))[0]);
    view = await movedPast(gameId, view.seq);
  }
  for (const a of view.turn.seats) await pages[a.seat].getByRole("button", { name: "Stay", exact: true }).click();
  for (const page of pages) {
    const reveal = page.getByRole("region", { name: "last round" });
    assert.ok(await onFirstScreen(page, reveal.getByText("Round 1, revealed")), "the reveal's heading is on the first screen");
    assert.ok(await onFirstScreen(page, reveal.locator("li").last()), "every revealed move is on the first screen");
  }
  await pages[0].setViewportSize({ width: 320, height: 568 });
  const reveal = pages[0].getByRole("region", { name: "last round" });
  assert.ok(await onFirstScreen(pages[0], reveal.locator("li").last()), "at 320×568 too");
  assert.ok(await onFirstScreen(pages[0], pages[0].getByText("Round 2: tap where your")), "and what to do next");
  for (const p of phones) await p.context.close();
});

test("Chess Golf: the count keypad is on the first screen every hole, at 390×844 and 320×568", async () => {
  const { phones, pages } = await table("chess-golf", 2, "Seat 1", async (host) => {
    await host.getByLabel("Players (1 to 8)").fill("2");
    await host.getByLabel("Holes (1 to 18)").fill("1");
  });
  for (const page of pages) {
    assert.ok(await onFirstScreen(page, page.getByRole("button", { name: "Seal my count" })), "the seal button is on the first screen");
    assert.ok(await onFirstScreen(page, page.getByRole("button", { name: "Impossible", exact: true })), "and the keypad");
  }
  await pages[1].setViewportSize({ width: 320, height: 568 });
  // A small phone shows the count and its Seal on the first screen, the rest of the keypad below.
  assert.ok(await onFirstScreen(pages[1], pages[1].getByRole("button", { name: "Seal my count" })), "at 320×568 too");
  for (const p of phones) await p.context.close();
});

test("each phone is told its own result at the end, on its first screen: 'You win' on the winner's, 'You lose' on the loser's", async () => {
  const { white, black } = await twoPhones("chess", { whiteName: "Ann", blackName: "Bob" });
  await resign(white);
  const lost = white.page.locator(".own-result").getByText("You lose", { exact: true });
  const won = black.page.locator(".own-result").getByText("You win", { exact: true });
  assert.ok(await onFirstScreen(white.page, lost), "the loser's phone says so on its first screen");
  assert.ok(await onFirstScreen(black.page, won), "the winner's phone says so on its first screen");
  await axe(black.page, "the end of a game, won");
  await white.context.close();
  await black.context.close();
});

test("numbered seats are said by the players' names: the record says 'Ann' where the referee says 'Seat 1'", async () => {
  const ann = await phone();
  const bob = await phone();
  await ann.page.goto(`${server.base}/#/start/table-tools`);
  await ann.page.getByRole("button", { name: "Create game" }).click();
  const link = await ann.page.locator('[data-join-link="1"]').getAttribute("href");
  await ann.page.getByLabel("Your name").fill("Ann");
  await ann.page.getByRole("button", { name: "Play as Seat 1 on this phone" }).click();
  await bob.page.goto(`${server.base}/${link}`);
  await bob.page.getByLabel("Your name").fill("Bob");
  await bob.page.getByRole("button", { name: "Join" }).click();
  await ann.page.getByRole("button", { name: "Roll" }).click();
  const log = bob.page.locator(".log li").first();
  await log.getByText("Ann", { exact: false }).waitFor();
  assert.ok(!(await bob.page.locator(".log").innerText()).includes("Seat 1"), "no seat numbers where a name was given");
  await ann.context.close();
  await bob.context.close();
});

/** The view of the seat this phone holds in game `id`, as the referee gives it to that seat. */
async function ownView(page, id) {
  const token = await page.evaluate((id) => Object.values(JSON.parse(localStorage.getItem(`referee.game.${id}`)).seats)[0], id);
  return (await fetch(`${server.base}/api/v1/games/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
}

/** The question the phone asks before a costly action is sent. */
const asking = (page) => page.getByRole("alertdialog", { name: "before it is sent" });

test("a mis-tap in Parade spends no card: the move is asked about first, on screen, and Undo sends nothing", async () => {
  const { phones, pages } = await table("parade-solitaire", 1, "Player");
  const page = pages[0];
  const id = gameOf(page);
  let view = await ownView(page, id);
  // Adds until a move is there to make (an add draws the next card: not asked about).
  for (let i = 0; i < 10 && !view.legal_actions.some((a) => /^[a-h][1-8][a-h][1-8]$/.test(a)); i++) {
    await page.getByRole("button", { name: /^Add the next piece/ }).click();
    view = await movedPast(id, view.seq).then(() => ownView(page, id));
  }
  const move = view.legal_actions.find((a) => /^[a-h][1-8][a-h][1-8]$/.test(a));
  assert.ok(move, "a move to make");
  await tap(page, move.slice(0, 2));
  await tap(page, move.slice(2, 4));
  await asking(page).getByText(`Spend a card: ${move.slice(0, 2)}→${move.slice(2, 4)}?`).waitFor();
  assert.ok(await inViewport(page, asking(page)), "the question is on screen where the thumb is");
  await axe(page, "parade, asking before a card is spent");
  await asking(page).getByRole("button", { name: "Undo" }).click();
  await page.getByText("Taken back: nothing was sent.").waitFor();
  assert.equal((await ownView(page, id)).seq, view.seq, "nothing reached the referee");
  await tap(page, move.slice(0, 2));
  await tap(page, move.slice(2, 4));
  await asking(page).getByRole("button", { name: "Play it" }).click();
  await movedPast(id, view.seq);
  assert.equal(await asking(page).count(), 0);
  for (const p of phones) await p.context.close();
});

test("a tap on a Whack picture changes no board until the player says so: Undo sends nothing, Play it lays the section", async () => {
  const { phones, pages } = await table("whack", 2, "Fire");
  const id = gameOf(pages[0]);
  const view = await spectate(id);
  const page = pages[view.turn.seats[0].seat];
  const picture = page.locator("button.preview").first();
  const said = await picture.locator(".said").innerText();
  await picture.click();
  await asking(page).getByText(`${said}?`).waitFor();
  assert.ok(await inViewport(page, asking(page)), "the question is on screen");
  await asking(page).getByRole("button", { name: "Undo" }).click();
  await page.getByText("Taken back: nothing was sent.").waitFor();
  assert.equal((await spectate(id)).seq, view.seq, "nothing reached the referee");
  await picture.click();
  await asking(page).getByRole("button", { name: "Play it" }).click();
  await movedPast(id, view.seq);
  for (const p of phones) await p.context.close();
});

test("the home catalogue is searched, and 'Start a game' chooses no game for the player", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/`);
  await page.getByRole("link", { name: "Start Chess Golf" }).waitFor();
  const all = await page.locator(".catalogue .card").count();
  await page.getByLabel("Find a game").fill("golf");
  await page.getByText("1 game found").waitFor();
  assert.ok(await inViewport(page, page.getByRole("heading", { name: "Chess Golf" })), "what was found is on the first screen");
  assert.ok(all > 10, `the whole catalogue was ${all} games`);
  await page.getByLabel("Find a game").fill("solitaire");
  await page.getByText("1 player ·").first().waitFor();
  assert.equal(await page.getByText("1 players").count(), 0, "one player is 'player'");
  await page.getByLabel("Find a game").fill("cards 2 players");
  assert.ok((await page.locator(".catalogue .card").count()) < all, "a search by equipment and players narrows it");
  await page.getByRole("link", { name: "Start a game" }).click();
  await page.getByRole("heading", { name: "Start a game" }).waitFor();
  assert.equal(await page.getByLabel("Game").inputValue(), "", "no game chosen yet");
  assert.ok(await page.getByRole("button", { name: "Create game" }).isDisabled(), "nothing to create before a game is chosen");
  assert.equal(await page.getByText("Starting position").count(), 0, "no game's options before a game is chosen");
  await page.getByLabel("Game").selectOption("chess960");
  await page.getByText("Starting position").waitFor();
  assert.ok(await fitsWidth(page));
  await context.close();
});

test("the join page says which game and seat its code is for; the draws' fingerprints and one's own randomness are folded under 'Check the draws'", async () => {
  const host = await phone();
  const black = await phone();
  await host.page.goto(`${server.base}/#/start/chess960`);
  await host.page.getByRole("button", { name: "Create game" }).click();
  assert.equal(await host.page.getByText("Fairness commitment").isVisible(), false, "no hex on the codes page");
  const link = await host.page.locator('[data-join-link="1"]').getAttribute("href");
  await host.page.getByRole("button", { name: "Play as White on this phone" }).click();
  await black.page.goto(`${server.base}/${link}`);
  await black.page.getByText("This code is for Chess960, as Black.").waitFor();
  // Typed by hand instead of followed: the game is said once its id is read (the seat is the
  // referee's to say at joining).
  const typing = await phone();
  await typing.page.goto(`${server.base}/#/join`);
  await typing.page.getByLabel("Game (as the host's phone shows it, or paste a join link)").fill(link.split("/")[2]);
  await typing.page.getByText("This code is for a game of Chess960.").waitFor();
  assert.equal(await black.page.getByLabel("Your own randomness (optional)").isVisible(), false, "randomness of one's own is folded away");
  await black.page.getByText("Check the draws: add randomness of your own").click();
  await black.page.getByLabel("Your own randomness (optional)").waitFor();
  await axe(black.page, "the join page");
  await black.page.getByRole("button", { name: "Join" }).click();
  await black.page.getByText("to move").first().waitFor();
  await black.page.getByRole("link", { name: "Check the draws" }).waitFor();
  assert.equal(await black.page.getByText("Fairness commitment").isVisible(), false, "no hex on the game page");
  assert.equal(await black.page.getByText(/Record after \d+ events/).isVisible(), false);
  await host.context.close();
  await black.context.close();
});

test("the dispute page offers every game whose positions are written on a board, Crowded House and Cooperative among them, each with its own state: the seed's Winnie may not move the bishop to e2", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByLabel("Rules").waitFor();
  const offered = await page.getByLabel("Rules").locator("option").evaluateAll((options) => options.map((o) => o.value));
  for (const id of ["chess", "chess960", "adrenaline", "booster", "half-alice", "crowded-house", "cooperative", "zombie", "masquerade", "cloak-and-dagger", "blakes-chess"]) {
    assert.ok(offered.includes(id), `${id} is offered`);
  }
  const editor = page.getByRole("grid", { name: "position to judge" });
  // Crowded House after 1 e4 e5: Winnie plays queen-side White.
  await page.getByLabel("Rules").selectOption("crowded-house");
  await page.getByText("Position as text").click();
  await page.getByLabel("Position (FEN").fill("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 king");
  await page.getByLabel("The half that moves").selectOption("queen");
  await editor.locator('[data-square="f1"]').click();
  await editor.locator('[data-square="e2"]').click();
  const refused = page.locator(".verdict .error");
  await refused.getByText("king side").waitFor();
  assert.ok(await inViewport(page, refused), "the verdict is on screen");
  await editor.locator('[data-square="f1"]').click();
  await editor.locator('[data-square="c4"]').click();
  await page.locator(".verdict .ok").waitFor();
  // Cooperative: the hand of the player to move is part of the position.
  await page.getByLabel("Rules").selectOption("cooperative");
  await page.getByRole("button", { name: "Start position" }).click();
  await page.getByLabel("The hand of the player to move").fill("2H,3H,8S");
  await page.getByLabel("The hand of the player to move").press("Tab");
  assert.match(await page.getByLabel("Position (FEN").inputValue(), / - - - 2H,3H,8S move$/);
  await editor.locator('[data-square="e2"]').click();
  await editor.locator('[data-square="e4"]').click();
  await page.locator(".verdict .ok").getByText("White's pawn e2→e4 is legal.").waitFor();
  await axe(page, "the dispute page with a game's own state");
  await context.close();
});

test("the dispute page settles Chess Golf and Parade too, written from the board and their own fields, and tells a hole's par", async () => {
  const { context, page } = await phone();
  await page.goto(`${server.base}/#/adjudicate`);
  await page.getByLabel("Rules").waitFor();
  const editor = page.getByRole("grid", { name: "position to judge" });
  // The seed's first hole: the white king and a black bishop; no side to move, castling or en passant.
  await page.getByLabel("Rules").selectOption("chess-golf");
  assert.equal(await page.getByRole("group", { name: "side to move" }).count(), 0, "Chess Golf has no side to move");
  await page.getByText("Position as text").click();
  await page.getByLabel("Position (the board").fill("2B3R1/5k2/1r1n1N2/1r2b3/R5q1/1B1n1N2/b6K/5Q2 Kb");
  await editor.locator('[data-square="a4"]').click();
  await editor.locator('[data-square="a5"]').click();
  await page.locator(".verdict .error").getByText("it moves only as a bishop").waitFor();
  await editor.locator('[data-square="b3"]').click();
  await editor.locator('[data-square="b1"]').click();
  await page.locator(".verdict .ok").waitFor();
  assert.match(await page.getByRole("region", { name: "after the move" }).locator("code").innerText(), / Kb b3b1$/);
  // What is par here? The referee proves it for the hole on the board (issue 30).
  await page.getByRole("button", { name: "What is par here?" }).click();
  await page.getByRole("region", { name: "par" }).getByText(/^Par 3: /).waitFor();
  // Parade: the cards in hand and counted are the game's own fields.
  await page.getByLabel("Rules").selectOption("parade-solitaire");
  await page.getByLabel("Position (the board").fill("8/8/8/8/1r2b3/1r1n1N2/5k2/2B3R1 8 0");
  assert.equal(await page.getByLabel("Cards in hand").inputValue(), "8");
  await editor.locator('[data-square="f3"]').click();
  await editor.locator('[data-square="d4"]').click();
  await page.locator(".verdict .error").getByText("No black piece that attacks f3 also attacks d4").waitFor();
  await axe(page, "the dispute page for Parade");
  await context.close();
});

noConsoleErrors();

// Blake's Chess at the table: kings and pawns, dice for every capture, poker hands and trumps.
// A move or a capture is tapped on the board (the referee rolls at once); the attack's reaction
// window shows both rolls as big dice with both totals on both phones, each from its own side
// ("Black attacks your rook: your 7 against their 9 — play a card or pass"); the hand shows the
// groups its cards make as buttons in players' words, their targets tapped on the board; the
// trump suit, the waste's top card and the building order are always in sight; the opponent's
// hand only by its size.
import type { AttackView, Holding, ReportView, TotalView } from "../../generated/blakes-chess";
import { useEffect, useMemo, useState } from "preact/hooks";
import { type GameView, gameActions, mayAct, stageOf } from "../../api";
import {
  type BlakesView,
  SIDES,
  attackSentence,
  boardActions,
  buildingOrder,
  buildingWords,
  capital,
  highlighted,
  holdingWords,
  leadWords,
  parsePlay,
  partnerOf,
  playsOf,
  strengthName,
  suitWords,
  targetPrompt,
  targetSquares,
  targetWords,
  totalWords,
  legendCard,
  twoSquares,
} from "./blakes";
import { cardFace, cardName, isRed } from "../../cards";
import { colourOf } from "../../components/ChessControls";
import { Board } from "../../components/Board";
import { Record } from "../../components/Record";
import { TableActions } from "../../components/TableActions";
import { TapChess, lastMoveOf } from "../../components/TapChess";
import { stageWords } from "../stages";
import type { ScreenProps } from "../types";
import { plural, turnSentence } from "../../words";
import "../../components/variants.css";
import "./blakes.css";

export type { BlakesView };

/** Where the pips of each face sit on a 3×3 grid (0, 1, 2 across and down). */
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** One die, drawn with its pips, named for screen readers: "die showing 5". */
export function Die({ value }: { value: number }) {
  return (
    <svg class="die" viewBox="0 0 60 60" role="img" aria-label={`die showing ${value}`} data-die={value}>
      <rect x="3" y="3" width="54" height="54" rx="10" />
      {(PIPS[value] ?? []).map(([x, y]) => (
        <circle key={`${x}${y}`} cx={15 + x * 15} cy={15 + y * 15} r="5.5" />
      ))}
    </svg>
  );
}

/** One side of an attack: its dice, its total big, the sum in full, whether it has passed. */
function Side({ title, total, piece, side, passed }: { title: string; total: TotalView; piece: string; side: "attack" | "defence"; passed: boolean | null }) {
  return (
    <div class={`attack-side ${side}`} data-side={side}>
      <h3>{title}</h3>
      <div class="dice">
        <Die value={total.dice[0]} />
        <Die value={total.dice[1]} />
      </div>
      <p class="total" data-total={side} aria-label={`${title}: ${total.total}`}>
        {total.total}
      </p>
      <p class="sum">{totalWords(total, piece)}</p>
      {passed !== null && <p class="passed">{passed ? "passed" : "not passed yet"}</p>}
    </div>
  );
}

/** Both rolls side by side, the viewer's own first. */
function Rolls({ attack, seat, open }: { attack: AttackView; seat: number | null; open: boolean }) {
  const att = attack.attack.seat;
  const def = attack.defence.seat;
  const name = (s: number, what: string) => (seat === s ? `Your ${what}` : `${SIDES[s]}'s ${what}`);
  const sides = [
    <Side key="a" title={name(att, "attack")} total={attack.attack} piece={strengthName(attack, "attack")} side="attack" passed={open ? attack.passed.includes(att) : null} />,
    <Side key="d" title={name(def, "defence")} total={attack.defence} piece={strengthName(attack, "defence")} side="defence" passed={open ? attack.passed.includes(def) : null} />,
  ];
  return <div class="bk-rolls">{seat === def ? sides.reverse() : sides}</div>;
}

/** The trumps and guard that shape an attack, in words. */
function Shaping({ attack }: { attack: AttackView }) {
  if (!attack.trumps.length && !attack.bodyguard) return null;
  return (
    <p class="facts">
      {attack.trumps.length > 0 && <>Trumps on this attack: {attack.trumps.join(", ")}. </>}
      {attack.bodyguard && <>Bodyguard named: the piece on {attack.bodyguard} dies in the defender's place if the attack wins.</>}
    </p>
  );
}

/** The attack waiting in its reaction window, as the viewer reads it. */
function AttackPanel({ view }: { view: BlakesView }) {
  const attack = view.game.attack!;
  return (
    <section class="attack-window" aria-label="the attack">
      <Rolls attack={attack} seat={view.seat} open />
      <p class="attack-lead">{leadWords(attack, view.seat)}</p>
      <Shaping attack={attack} />
    </section>
  );
}

/** The last attack, once its window closed: the dice, both totals and what happened; open
 * just after it (while the last thing played is the pass that closed its window), folded once
 * the game moves on. */
function LastAttack({ view, report, seat }: { view: BlakesView; report: ReportView; seat: number | null }) {
  const a = report.attack;
  const fresh = view.played.at(-1)?.action === "pass";
  return (
    <details class="last-attack" open={fresh} key={fresh ? "fresh" : "folded"}>
      <summary>
        Last attack: {SIDES[a.attack.seat]}'s {a.attacker_piece} on {a.from} attacked {a.victim}, {a.attack.total} against {a.defence.total}: {report.said}
      </summary>
      <Rolls attack={a} seat={seat} open={false} />
    </details>
  );
}

/** The trump suit, the waste's top card and the stock: always in sight. */
function TableCards({ view }: { view: BlakesView }) {
  const g = view.game;
  const top = g.waste[g.waste.length - 1];
  return (
    <p class="bk-piles" aria-label="trumps and piles">
      <span class="trump">
        Trumps <strong>{suitWords(g.trump)}</strong>
        {g.cut_card && <span class="facts"> (cut {cardFace(g.cut_card)})</span>}
      </span>
      <span>
        Waste{" "}
        {top ? (
          <span class={`playing-card small ${isRed(top) ? "red" : ""}`} data-waste={top} aria-label={`${cardName(top)} on top, ${plural(g.waste.length, "card")}`}>
            {cardFace(top)}
          </span>
        ) : (
          "empty"
        )}
      </span>
      <span>Stock {g.stock ?? "?"}</span>
    </p>
  );
}

/** The viewer's hand: the cards, the groups they make (the playable ones as buttons), and the
 * discard when over the limit. */
function Hand({ view, act, choose }: { view: BlakesView; act: (a: string) => Promise<void>; choose: (h: Holding, plays: string[]) => void }) {
  const hand = view.private!;
  const legal = gameActions(view);
  const lit = highlighted(hand);
  const discarding = stageOf(view, view.seat) === "discard";
  const ready = hand.combinations.map((h) => ({ h, plays: h.playable_now ? playsOf(h, legal) : [] }));
  const now = ready.filter((r) => r.plays.length > 0);
  const later = ready.filter((r) => r.plays.length === 0);
  // In an attack's window the plays come first, next to the attack, and what cannot be played
  // now folds away: the window's buttons stay in sight.
  const reacting = stageOf(view, view.seat) === "react";
  const playNow = now.length > 0 && (
    <>
      <h3>Play now</h3>
      <ul class="combos">
        {now.map(({ h, plays }) => (
          <li key={`${h.kind} ${h.cards.join()}`}>
            <button class="combo" data-kind={h.kind} data-cards={h.cards.join(",")} onClick={() => choose(h, plays)}>
              {holdingWords(h)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
  const notNow = later.length > 0 && (
    <>
      {!reacting && <h3>{now.length ? "Not now" : "What your cards make (not now)"}</h3>}
      <ul class="combos later">
        {later.map(({ h }) => (
          <li key={`${h.kind} ${h.cards.join()}`} data-kind={h.kind}>
            {holdingWords(h)}
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <section class="blakes-hand" aria-label="your hand">
      <h2>
        Your hand <span class="facts">({hand.cards.length} of {view.game.hand_limit})</span>
      </h2>
      {hand.cards.length === 0 && <p class="facts">No cards.{view.game.may_draw ? " Draw one instead of moving." : ""}</p>}
      {discarding && <p class="status">Too many cards: tap one to discard it.</p>}
      {reacting && playNow}
      <ul class="bk-cards">
        {hand.cards.map((c) => {
          const names = lit.get(c);
          const face = (
            <>
              <span aria-hidden="true">{cardFace(c)}</span>
              {names && (
                <small class="makes" aria-hidden="true">
                  {names.join(", ")}
                </small>
              )}
              <span class="sr-only">
                {cardName(c)}
                {names ? `, makes ${names.join(", ")}` : ""}
              </span>
            </>
          );
          return (
            <li key={c}>
              {discarding ? (
                <button class={`playing-card ${isRed(c) ? "red" : ""}`} data-card={c} onClick={() => act(`discard ${c}`)}>
                  <span class="sr-only">Discard </span>
                  {face}
                </button>
              ) : (
                <span class={`playing-card ${isRed(c) ? "red" : ""} ${names ? "lit" : ""}`} data-card={c}>
                  {face}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {!reacting && playNow}
      {reacting && later.length > 0 ? (
        <details class="bk-later">
          <summary>What your cards make, not playable now ({later.length})</summary>
          {notNow}
        </details>
      ) : (
        notNow
      )}
      {hand.cards.length > 0 && hand.combinations.length === 0 && <p class="facts">These cards make no hand yet.</p>}
    </section>
  );
}

/** Draw, pass and end-of-turn buttons, where the referee allows them now. */
function TurnButtons({ view, act }: { view: BlakesView; act: (a: string) => Promise<void> }) {
  const legal = gameActions(view);
  const top = view.game.waste[view.game.waste.length - 1];
  const buttons: [string, string, string][] = [];
  if (legal.includes("draw stock")) buttons.push(["draw stock", `Draw from the stock (${view.game.stock ?? "?"})`, ""]);
  if (legal.includes("draw waste") && top) buttons.push(["draw waste", `Take ${cardFace(top)} from the waste`, ""]);
  if (legal.includes("pass")) buttons.push(["pass", "Pass", "primary"]);
  if (legal.includes("done")) buttons.push(["done", "Done: end my turn", "primary"]);
  if (!buttons.length) return null;
  return (
    <div class="actions turn-buttons">
      {buttons.map(([action, label, cls]) => (
        <button key={action} class={cls} data-action={action} onClick={() => act(action)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/** What each side has built, still builds (in the seed's order) and has lost. */
function Building({ view }: { view: BlakesView }) {
  return (
    <section class="building" aria-label="building order">
      <h2>Building</h2>
      <dl class="facts-list">
        {view.game.sides.map((side, i) => {
          const order = buildingOrder(side);
          return (
            <div key={i} data-building={SIDES[i].toLowerCase()}>
              <dt>{SIDES[i]}</dt>
              <dd>
                built {order.built.length ? order.built.join(", ") : "nothing yet"}; to build: {buildingWords(order)}
                {side.lost.length > 0 && <>; lost {side.lost.join(", ")}</>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** This turn's extras: agility's second action, trumps in force and their cards waiting beside
 * the waste, a brainwashed pawn. */
function TurnFacts({ view }: { view: BlakesView }) {
  const t = view.game.turn;
  const mover = SIDES[view.game.to_move === "white" ? 0 : 1];
  const parts: string[] = [];
  if (t.actions_left > 1) parts.push(`${t.actions_left} moves, captures or draws left this turn`);
  if (t.trumps.length) parts.push(`in force: ${t.trumps.join(", ")}`);
  if (t.pending.length) parts.push(`${t.pending.map(cardFace).join(" ")} face up beside the waste until ${t.pending.length > 1 ? "they take" : "it takes"} effect`);
  if (t.brainwashed) parts.push(`the pawn on ${t.brainwashed} is ${mover}'s for this turn`);
  if (!parts.length) return null;
  return <p class="facts turn-facts">{capital(`${mover}'s turn: ${parts.join("; ")}.`)}</p>;
}

/** What every group and trump does, from the view's legend. */
function Legend({ view }: { view: BlakesView }) {
  return (
    <details class="blakes-legend">
      <summary>What the cards do</summary>
      <ul>
        {view.game.legend.map((l) => {
          const card = legendCard(l, view.game.trump);
          return (
            <li key={l.kind}>
              <strong>{card ? `${card} ${l.name}` : capital(l.name)}</strong>: {l.effect}
            </li>
          );
        })}
      </ul>
      <p class="facts">
        Cards are played in your own turn before you move or capture, except roll modifiers, blocks and the bodyguard, played in an attack's window after the
        dice. From your fourth turn you may draw a card instead of moving; a hand keeps {view.game.hand_limit} cards.
      </p>
    </details>
  );
}

/** A play being aimed: its group, the actions it may be, and the board's targets. */
interface Aiming {
  holding: Holding;
  plays: string[];
}

/** What the viewer is asked to do now, or whose turn it is. */
function prompt(view: BlakesView): string {
  if (view.outcome) return view.outcome.reason;
  const seat = view.seat;
  const attack = view.game.attack;
  if (attack) return attackSentence(attack, seat, gameActions(view).some((a) => a.startsWith("play ")));
  const base = turnSentence(view, seat, stageWords(view.rules));
  if (seat === null || !mayAct(view, seat)) return base;
  const stage = stageOf(view, seat);
  if (stage === "discard") return "Your turn: discard a card";
  const legal = gameActions(view);
  const t = view.game.turn;
  const moves = boardActions(legal).size > 0;
  if (stage === "move" && !moves && !legal.some((a) => a.startsWith("draw "))) {
    return t.cards_open && legal.some((a) => a.startsWith("play ")) ? "Your turn: play cards, or Done to end it" : "Your turn: Done to end it";
  }
  return legal.includes("draw stock") || legal.includes("draw waste") ? `${base} — or draw a card instead` : base;
}

/** The piece on a square, in words ("black knight"), from the board data. */
function pieceOn(view: BlakesView, square: string): string | null {
  const piece = view.board?.cells.find((c) => c.id === square)?.piece;
  return piece ? `${piece.side} ${piece.kind}` : null;
}

export function BlakesChessGame({ view, act, message, setMessage }: ScreenProps<BlakesView>) {
  const seat = view.seat;
  const g = view.game;
  const colour = colourOf(view, seat);
  const stage = stageOf(view, seat);
  const legal = gameActions(view);
  const [aiming, setAiming] = useState<Aiming | null>(null);
  // Several actions behind one tap: promotions are asked by the board; a tag-team partner or a
  // target's choice of piece here.
  const [options, setOptions] = useState<string[] | null>(null);
  useEffect(() => {
    setAiming(null);
    setOptions(null);
  }, [view.seq, seat]);

  // What a tap on the board enters: a move key, or a square of the play being aimed.
  const keyed = useMemo(() => {
    if (!aiming) return boardActions(stage === "move" ? legal : []);
    const out = new Map<string, string[]>();
    for (const play of aiming.plays) {
      const squares = targetSquares(parsePlay(play)?.target ?? "");
      const key = twoSquares(play) ? squares[0] + squares[1] : squares[0];
      if (key) out.set(key, [...(out.get(key) ?? []), play]);
    }
    return out;
  }, [view.seq, aiming, stage]);
  const moves = [...keyed.keys()].filter((k) => k.length >= 4);
  const cells = aiming && !moves.length ? new Map([...keyed.keys()].map((k) => [k, k])) : undefined;
  const starts = new Set(moves.map((m) => m.slice(0, 2)));

  const pick = async (key: string) => {
    const list = keyed.get(key) ?? [key];
    if (list.length === 1) {
      setAiming(null);
      return act(list[0]);
    }
    setOptions(list);
  };

  const choose = (holding: Holding, plays: string[]) => {
    setMessage("");
    setOptions(null);
    const aimed = plays.filter((p) => targetSquares(parsePlay(p)?.target ?? "").length > 0);
    if (!aimed.length) {
      if (plays.length === 1) return void act(plays[0]);
      return setOptions(plays);
    }
    setAiming({ holding, plays });
  };

  const optionWords = (action: string): string => {
    const play = parsePlay(action);
    if (play) return targetWords(aiming?.holding.kind ?? "", play.target, (sq) => pieceOn(view, sq));
    const partner = partnerOf(action);
    return partner ? `Attack together with the ${pieceOn(view, partner) ?? "piece"} on ${partner}` : "Attack alone";
  };

  const reacting = stage === "react";
  const hand = view.private && <Hand view={view} act={act} choose={choose} />;
  const said = message && (
    <p class="error" role="alert">
      {message}
    </p>
  );
  return (
    <section class="game chess blakes">
      <p class={`status ${g.attack ? "attack-sentence" : ""}`} role="status" aria-live="polite">
        {prompt(view)}
      </p>
      {seat !== null && <p class="facts">You play {SIDES[seat]}.</p>}
      <TableCards view={view} />
      {/* In an attack's window the sentence above says the totals; Pass and the board come
          first, the dice in full and the cards to react with under the board. */}
      {reacting && <TurnButtons view={view} act={act} />}
      {reacting && said}
      {!g.attack && g.last_attack && <LastAttack view={view} report={g.last_attack} seat={seat} />}
      {aiming && (
        <div class="aiming banner" role="group" aria-label="aiming a play">
          <p>
            {holdingWords(aiming.holding)}. {targetPrompt(aiming.holding.kind, aiming.plays)}
          </p>
          <button onClick={() => setAiming(null)}>Cancel</button>
        </div>
      )}
      <TapChess
        view={view}
        moves={moves}
        colour={colour}
        act={pick}
        setMessage={setMessage}
        explain={(move) => (aiming ? setMessage(targetPrompt(aiming.holding.kind, aiming.plays) || "Tap one of the marked squares.") : act(move))}
        cellActions={cells}
        cellPrompt={aiming ? targetPrompt(aiming.holding.kind, aiming.plays) : undefined}
        own={aiming ? (sq) => starts.has(sq) : (sq) => starts.has(sq) || pieceOn(view, sq)?.startsWith(colour) === true}
        label={seat === null ? "board" : `board, you play ${colour}`}
      />
      {g.attack && <AttackPanel view={view} />}
      {options && (
        <div class="actions options" role="group" aria-label="which one">
          {options.map((o) => (
            <button
              key={o}
              onClick={() => {
                setOptions(null);
                setAiming(null);
                void act(o);
              }}
            >
              {optionWords(o)}
            </button>
          ))}
          <button onClick={() => setOptions(null)}>Cancel</button>
        </div>
      )}
      {aiming && aiming.plays.length <= 12 && !options && (
        <div class="actions options" role="group" aria-label="targets">
          {aiming.plays.map((p) => (
            <button key={p} data-play={p} onClick={() => void pick(p)}>
              {optionWords(p)}
            </button>
          ))}
        </div>
      )}
      {!reacting && said}
      {!reacting && <TurnButtons view={view} act={act} />}
      {hand}
      {seat !== null && (
        <p class="facts">
          {SIDES[1 - seat]} holds {plural(g.hand_sizes[1 - seat], "card")}.
        </p>
      )}
      {seat === null && <p class="facts">Hands: White {plural(g.hand_sizes[0], "card")}, Black {plural(g.hand_sizes[1], "card")}.</p>}
      <TurnFacts view={view} />
      <Building view={view} />
      <Legend view={view} />
      <Record view={view} faces />
      <TableActions view={view} act={act} />
    </section>
  );
}

/** The table display (a screen in the middle of the table, the spectator's view): the board,
 * the trump suit and the piles, the attack's dice and totals big, the hands' sizes, the
 * building order and the record. */
export function BlakesChessTable({ view }: { view: GameView }) {
  const v = view as BlakesView;
  const g = v.game;
  return (
    <section class="table-display blakes">
      <div class="table-board">{v.board && <Board board={v.board} lastMove={lastMoveOf(v.played)} label="board" />}</div>
      <div class="table-side">
        <p class={`status ${g.attack ? "attack-sentence" : ""}`} role="status" aria-live="polite">
          {prompt(v)}
        </p>
        <TableCards view={v} />
        {g.attack && <AttackPanel view={v} />}
        {!g.attack && g.last_attack && <LastAttack view={v} report={g.last_attack} seat={null} />}
        <p class="facts">
          Hands: White {plural(g.hand_sizes[0], "card")}, Black {plural(g.hand_sizes[1], "card")}.
        </p>
        <TurnFacts view={v} />
        <Building view={v} />
        <Record view={v} faces latest />
      </div>
    </section>
  );
}

// Dice and cards for any game: each seat's hand is shown only on its own screen.
import type { TableToolsFields, TableToolsPrivate } from "../../generated/table-tools";
import { useState } from "preact/hooks";
import { type GameView, mayAct, sideName } from "../../api";
import { cardFace, cardName, isRed, withFaces } from "../../cards";
import type { ScreenProps } from "../types";
import { seatNamer } from "../../words";
import { DECKS, deckWords } from "./decks";

/** Table tools' own fields and a seat's hand, generated from the referee's schemas. */
export type { TableToolsFields as TableFields, TableToolsPrivate as TableHand };

export type TableView = GameView<TableToolsFields, TableToolsPrivate>;


/** How "deal … to SEAT" names a seat: counted from 1, as the seat names say ("Seat 1"). */
const DEAL_SEAT = (seat: number) => seat + 1;

function Card({ code }: { code: string }) {
  return (
    <span class={`playing-card ${isRed(code) ? "red" : ""}`} data-card={code} aria-label={cardName(code)} title={cardName(code)}>
      {cardFace(code)}
    </span>
  );
}

/** Dice, decks and hands for any game at the table. */
export function TableTools({ view, act, message }: ScreenProps<TableView>) {
  const [count, setCount] = useState(2);
  const [sides, setSides] = useState(6);
  const [deal, setDeal] = useState(5);
  const [deckName, setDeckName] = useState("");
  const [deckKind, setDeckKind] = useState("standard-52");
  // A card about to be played or discarded, waiting for the player's yes.
  const [pending, setPending] = useState<{ verb: "play" | "discard"; entry: string } | null>(null);
  // Whom "Deal" deals to: "all", or a seat number.
  const [dealTo, setDealTo] = useState("all");
  const { decks, hands, rolls, log } = view.game;
  const say = seatNamer(view);
  const mine = view.seat;
  const myHand = view.private?.cards ?? [];
  const active = mayAct(view, mine);

  return (
    <section class="game tools">
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      {view.outcome && <p class="status">{view.outcome.reason}</p>}
      <h2>Dice</h2>
      {active && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void act(`roll ${count}d${sides}`);
          }}
        >
          <label>
            Dice <input type="number" name="count" min={1} max={100} value={count} onInput={(e) => setCount(Number((e.target as HTMLInputElement).value))} />
          </label>
          <label>
            Sides <input type="number" name="sides" min={2} max={1000000} value={sides} onInput={(e) => setSides(Number((e.target as HTMLInputElement).value))} />
          </label>
          <button class="primary" type="submit">
            Roll
          </button>
        </form>
      )}
      <ol class="rolls" aria-label="rolls, newest first" aria-live="polite">
        {rolls
          // Games saved before rolls were numbered count from the first roll kept.
          .map((r, i) => ({ r, n: r.number || i + 1 }))
          .reverse()
          .map(({ r, n }, i) => (
            <li key={n} class={i === 0 ? "newest" : ""}>
              <span class="roll-no">#{n}</span> <strong>{r.dice.join(" ")}</strong>{" "}
              <span class="facts">
                ({r.dice.length}d{r.sides}, {sideName(view, r.seat)}
                {r.dice.length > 1 ? `, total ${r.dice.reduce((a, b) => a + b, 0)}` : ""})
              </span>
            </li>
          ))}
      </ol>

      <h2>Your hand</h2>
      {mine === null ? (
        <p class="facts">Spectators see no hands.</p>
      ) : (
        <ul class="hand" aria-label="your hand">
          {myHand.length === 0 && <li class="facts">No cards.</li>}
          {myHand.map((entry) => {
            const code = entry.split(":")[1];
            return (
              <li key={entry}>
                <Card code={code} />
                {active && pending?.entry !== entry && (
                  <>
                    <button onClick={() => setPending({ verb: "play", entry })} aria-label={`play ${cardName(code)}`}>
                      Play
                    </button>
                    <button onClick={() => setPending({ verb: "discard", entry })} aria-label={`discard ${cardName(code)}`}>
                      Discard
                    </button>
                  </>
                )}
                {active && pending?.entry === entry && (
                  <span class="confirm" role="group" aria-label={`${pending.verb} ${cardName(code)}?`}>
                    <button
                      class="primary"
                      onClick={() => {
                        setPending(null);
                        void act(`${pending.verb} ${entry}`);
                      }}
                    >
                      {pending.verb === "play" ? "Play it face up" : "Discard it"}
                    </button>
                    <button onClick={() => setPending(null)}>Cancel</button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p class="facts">
        {hands
          .filter((h) => h.seat !== mine)
          .map((h) => `${sideName(view, h.seat)}: ${h.count} card${h.count === 1 ? "" : "s"}`)
          .join(" · ")}
      </p>

      <h2>Decks</h2>
      {Object.entries(decks).map(([name, d]) => (
        <div class="card deck" key={name}>
          <h3>
            {name} <span class="facts">({deckWords(d.kind)}, {d.draw_pile} to draw)</span>
          </h3>
          {d.face_up.length > 0 && (
            <p>
              Face up: {d.face_up.map((c, i) => <Card key={i} code={c} />)}
            </p>
          )}
          {d.discard.length > 0 && (
            <p>
              Discard pile: <Card code={d.discard[d.discard.length - 1]} /> <span class="facts">({d.discard.length})</span>
            </p>
          )}
          {active && (
            <div class="actions">
              <label>
                Deal <input type="number" name="deal" min={1} max={52} value={deal} onInput={(e) => setDeal(Number((e.target as HTMLInputElement).value))} />
              </label>
              <label>
                to{" "}
                <select name="deal-to" value={dealTo} onChange={(e) => setDealTo((e.target as HTMLSelectElement).value)}>
                  <option value="all">everyone</option>
                  {view.seats.map((s) => (
                    <option key={s.seat} value={String(s.seat)}>
                      {sideName(view, s.seat)}
                    </option>
                  ))}
                </select>
              </label>
              <button onClick={() => act(`deal ${name} ${deal} to ${dealTo === "all" ? "all" : DEAL_SEAT(Number(dealTo))}`)}>
                {dealTo === "all" ? "Deal to everyone" : `Deal to ${sideName(view, Number(dealTo))}`}
              </button>
              <button onClick={() => act(`draw ${name} 1`)}>Draw</button>
              <button onClick={() => act(`flip ${name}`)}>Turn over</button>
              <button onClick={() => act(`shuffle ${name}`)}>Shuffle</button>
              {d.discard.length > 0 && <button onClick={() => act(`reshuffle ${name}`)}>Shuffle the discards back</button>}
            </div>
          )}
        </div>
      ))}
      {active && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void act(`deck ${deckName || "deck" + (Object.keys(decks).length + 1)} ${deckKind}`);
            setDeckName("");
          }}
        >
          <label>
            New deck <input name="deck-name" value={deckName} placeholder="name" pattern="[A-Za-z0-9_-]{1,24}" onInput={(e) => setDeckName((e.target as HTMLInputElement).value)} />
          </label>
          <select aria-label="deck kind" value={deckKind} onChange={(e) => setDeckKind((e.target as HTMLSelectElement).value)}>
            {DECKS.map(([kind, words]) => (
              <option key={kind} value={kind}>
                {words}
              </option>
            ))}
          </select>
          <button type="submit">Open</button>
        </form>
      )}
      <h2>What happened</h2>
      <ol class="log">
        {log.slice(-12).reverse().map((line, i) => (
          <li key={i}>{withFaces(say(line))}</li>
        ))}
      </ol>
      {active && (
        <button class="danger" onClick={() => confirm("Close the table for everyone?") && act("end")}>
          Close the table
        </button>
      )}
    </section>
  );
}

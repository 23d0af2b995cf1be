// The seats' join codes as the host hands them out: each seat's code, its QR code and its link,
// and optionally a button to take the seat on this phone. Shown when the game is made and again
// on the host's game page, for the seats nobody has taken yet, so a reload loses nothing.
import { Qr } from "./Qr";

/** One seat's code, as the referee gave it when the game was made. */
export interface SeatCode {
  seat: number;
  join_code: string;
}

interface Props {
  gameId: string;
  codes: SeatCode[];
  /** A seat's name as the table says it ("White", "Ann (White)"). */
  nameOf: (seat: number) => string;
  /** Takes the seat on this phone; without it, no such button. */
  playHere?: (code: SeatCode) => void;
  /** Whether taking a seat is under way (the buttons wait). */
  busy?: boolean;
  /** Why taking a seat here failed, said under its button. */
  errorOf?: (seat: number) => string | null;
}

/** The link that opens the join page for one seat's code; the seat rides along so the join
 * page can say which seat the code is for (the code alone decides the seat taken). */
export const joinHash = (gameId: string, code: SeatCode) => `#/join/${gameId}/${code.join_code}?seat=${code.seat}`;

/** Whether this page was opened at a name only this machine reaches (127.0.0.1, localhost):
 * links and QR codes made here then open nothing on another phone. */
export const onlyThisMachine = (hostname: string) => /^(localhost|127(\.\d+){3}|\[::1\])$/.test(hostname);

export function JoinCodes({ gameId, codes, nameOf, playHere, busy = false, errorOf }: Props) {
  const base = `${location.origin}${location.pathname}`;
  return (
    <>
      {onlyThisMachine(location.hostname) && (
        <p class="banner" role="note" data-loopback-note>
          These links and codes lead to {location.host}, which only this computer can open. For phones on the same Wi-Fi, start the referee with{" "}
          <code>deploy/local/run --table</code> and open the address it prints.
        </p>
      )}
      <ul class="seats">
      {codes.map((s) => (
        <li key={s.seat} class="card">
          <h2>{nameOf(s.seat)}</h2>
          <p class="code" aria-label={`join code for ${nameOf(s.seat)}`}>
            {s.join_code}
          </p>
          <Qr text={base + joinHash(gameId, s)} label={`QR code to join as ${nameOf(s.seat)}`} />
          <a class="button" href={joinHash(gameId, s)} data-join-link={s.seat}>
            Join link
          </a>
          {playHere && (
            <button type="button" onClick={() => playHere(s)} disabled={busy}>
              Play as {nameOf(s.seat)} on this phone
            </button>
          )}
          {errorOf?.(s.seat) && (
            <p class="error" role="alert" data-seat-error={s.seat}>
              {errorOf(s.seat)}
            </p>
          )}
        </li>
      ))}
      </ul>
    </>
  );
}

// What the app knows about one game: the shapes of a registry entry, its screen and its
// options form.
import type { ComponentType } from "preact";
import type { GameView, Par } from "../api";

/** What every game screen gets from the page around it. */
export interface ScreenProps<V extends GameView = GameView> {
  view: V;
  /** Submits an action; a refusal arrives as `message`, in the referee's words. */
  act: (action: string) => Promise<void>;
  /** The referee's (or the screen's) last word to the player, "" for none. */
  message: string;
  setMessage: (message: string) => void;
}

/** A game screen, taking any view: the registry only hands it views of its own game. */
export type Screen = ComponentType<ScreenProps>;

/** A controlled options form: it shows `value` and reports every change. */
export interface OptionsFormProps<O> {
  value: O;
  onChange: (value: O) => void;
}

/** A game's options at creation: the form's starting value, the form, and how its value
 * becomes the options sent to the referee (the value itself when absent). `toOptions` may
 * throw an Error whose message is shown to the player. */
export interface OptionsSpec<O> {
  defaults: O;
  Form: ComponentType<OptionsFormProps<O>>;
  toOptions?: (value: O) => unknown;
}

/** Everything per game in the app. Adding a game to the app is adding one of these. */
export interface GameEntry {
  /** The rules id, as the referee's catalogue lists it. */
  id: string;
  /** The screen that plays it. */
  screen: Screen;
  /** Its options form, or null when it has no options. */
  options: OptionsSpec<unknown> | null;
  /** Seat names before any view has arrived (the join codes page, the privacy screen);
   * seats beyond the list are "Seat n". Once a view is there, its `seats` say it. */
  sides?: string[];
  /** For "Is that legal?": what follows the six FEN fields in this game's positions ("" for
   * none). Games without it are not offered there. */
  positionSuffix?: string;
  /** For "Is that legal?": what the board editor can put on squares besides pieces (stacks of
   * checkers, coloured ones, the mirror side of Half Alice), whether castling rights follow
   * Chess960's rule, and an example of the moves the game accepts, for the move field. */
  editor?: EditorSpec;
  /** How many seats a game created with these options has (the names on a shared phone), for
   * games whose seats are an option. */
  seatCount?: (options: unknown) => number;
  /** The question asked before an action is sent, for actions a mis-tap would cost and nothing
   * random has answered yet (a card spent, a board changed); null sends it at once. The player
   * then plays it or takes it back, before anything reaches the referee. */
  confirm?: (action: string, view: GameView) => string | null;
  /** The table display (`#/table/<game>`): what a screen in the middle of the table shows to
   * everyone, from the spectator's view. Games without one get the board and the record. */
  table?: ComponentType<{ view: GameView }>;
}

export interface EditorSpec {
  marks?: "checkers" | "coloured-checkers" | "mirror";
  chess960?: boolean;
  placeholder: string;
  /** Whether the game writes its positions from FEN's placement alone, then its own fields
   * (no side to move, castling or en passant): Chess Golf, Parade. */
  placement?: boolean;
  /** The game's own fields after FEN's six that the editor sets as words (a hand of cards,
   * burials, the half that moves); the marks' field, where there are marks, is drawn instead. */
  fields?: ExtraField[];
  /** For a game whose positions have a par (Chess Golf's holes): the par in words. The dispute
   * page then offers "What is par here?" (`POST /api/v1/par`). */
  par?: (par: Par) => string;
}

/** One of a game's own position fields, as the board editor offers it. */
export interface ExtraField {
  /** Its place among the position's fields, counted from 0 (FEN's six are 0 to 5). */
  index: number;
  /** What it is, in the players' words: "Your hand". */
  label: string;
  /** The values to choose from, each with its words; a field to type when absent. */
  choices?: [string, string][];
  /** What to type, for a typed field: "8H,QS or -". */
  placeholder?: string;
  /** Whether the field may be left out (the last ones only): empty, it is not written at all
   * rather than written "-". */
  optional?: boolean;
}

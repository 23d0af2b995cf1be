// What the app knows about one game: the shapes of a registry entry, its screen and its
// options form.
import type { ComponentChildren, ComponentType } from "preact";
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
  /** For "Is that legal?"'s board editor: what follows the six FEN fields in this game's
   * positions ("" for none), put after the board kept from the game chosen before. */
  positionSuffix?: string;
  /** For "Is that legal?": how a position of this game is set up. Games without it are not
   * offered there. */
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

/** How "Is that legal?" sets up a position of one game: by default on the board editor, FEN's
 * pieces on 8×8 squares with what the game adds (stacks of checkers, coloured ones, the mirror
 * side of Half Alice, its own fields in words); or on the game's own editor. */
export interface EditorSpec {
  /** An example of the moves the game accepts, for the move field. */
  placeholder: string;
  /** A whole position in the game's notation, set when the game is chosen and by the editor's
   * "Example position", so that a move can be asked about at once; without it the board is
   * kept and `positionSuffix` follows it. */
  example?: string;
  /** For the board editor's text field, what the position's text is, in words: "the game's
   * saved state as JSON". By default FEN (or FEN's placement) then the game's own fields. */
  notationWords?: string;
  /** What the board editor puts on squares besides pieces (the field after FEN's six). */
  marks?: "checkers" | "coloured-checkers" | "mirror";
  /** Whether castling rights follow Chess960's rule (any rook on the home rank). */
  chess960?: boolean;
  /** Whether the game writes its positions from FEN's placement alone, then its own fields
   * (no side to move, castling or en passant): Chess Golf, Parade, Neighbour, Gravity. */
  placement?: boolean;
  /** For a game whose positions are not the editor's fields joined by spaces (Gravity's saved
   * state as JSON): how they are read into the fields and written back. */
  notation?: Notation;
  /** The game's own fields after FEN's six that the editor sets as words (a hand of cards,
   * burials, the half that moves); the marks' field, where there are marks, is drawn instead. */
  fields?: ExtraField[];
  /** For a game whose positions have a par (Chess Golf's holes): the par in words. The dispute
   * page then offers "What is par here?" (`POST /api/v1/par`); `position` is the position asked
   * about, whose pieces the line names. */
  par?: (par: Par, position: string) => string;
  /** For a game whose board FEN cannot write (Whack's sections, Chess Battle's seats on an N×N
   * board): its own editor, in place of the board editor. */
  own?: OwnEditor;
}

/** How a game writes its positions, for the board editor, which keeps them as FEN's six fields
 * then the game's own, separated by spaces. `read` never throws: text it cannot read gives an
 * empty board (the referee then says what is wrong with the text). */
export interface Notation {
  read: (position: string) => string;
  write: (fields: string) => string;
}

/** A game's own position editor for "Is that legal?". */
export interface OwnEditor {
  /** The board to set up and to tap moves on, the verdict right under it, then the game's
   * state in words and the position as text. */
  Form: ComponentType<PositionFormProps>;
  /** A position drawn, not to be edited: the board after a legal move. */
  Preview: ComponentType<{ position: string; flipped: boolean }>;
}

/** What an editor of "Is that legal?" gets from the page (the board editor and a game's own). */
export interface PositionFormProps {
  /** The position, in the game's notation: what is sent to the referee. */
  position: string;
  /** Reports an edit. */
  setPosition: (position: string) => void;
  /** Asks the referee about a move tapped on the board. */
  ask: (move: string) => void;
  /** The seat asking, where several act at once (Chess Battle); null for the one to act. */
  seat: number | null;
  setSeat: (seat: number | null) => void;
  /** Whether the board is turned round (the second side at the bottom), here and after the
   * move. */
  flipped: boolean;
  setFlipped: (flipped: boolean) => void;
  /** The referee's answer, to be drawn right under the board. */
  verdict: ComponentChildren;
}

/** One of a game's own position fields, as the board editor offers it. */
export interface ExtraField {
  /** Its place among the position's fields, counted from 0 (FEN's six are 0 to 5); for a named
   * field, the first place it may stand. */
  index: number;
  /** For a field written with its name, `pieces:9H,KS`, in any order after the others
   * (Neighbour's piles): the name. Left empty, it is not written at all. */
  name?: string;
  /** What it is, in the players' words: "Your hand". */
  label: string;
  /** What its values mean, where the label cannot say it all, shown under the field. */
  hint?: string;
  /** The values to choose from, each with its words; a field to type when absent. */
  choices?: [string, string][];
  /** What to type, for a typed field: "8H,QS or -". */
  placeholder?: string;
  /** Whether the field may be left out (the last ones only): empty, it is not written at all
   * rather than written "-". */
  optional?: boolean;
}

//! Cloak and Dagger Chess (`cloak-and-dagger`, seed 000 "Cloak and Dagger Chess"): the pieces
//! behind the pawns are numbered checkers whose identities each player chooses in secret (a
//! Chess960 arrangement). Players guess each other's checkers for bonus moves, uncloak their
//! own when they like, and win by capturing a cloaked king or checkmating an uncloaked one.
//! Rules page: `docs/games/cloak-and-dagger.md`.

use super::two_colours::{FreePosition, color_of, free_fen, read_free_position, seat_of};
use crate::chess::{Board, FenFields, Move, Position, find_move, parse_squares};
use crate::game::{
    BoardShape, BoardView, CellView, ErrorCode, Game, GameError, Outcome, PieceView, RulesInfo, Said, Seat, Seating,
    Stage, Turn, Viewer,
};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Piece, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The game, for the registry.
pub struct CloakAndDagger;

/// Cloak and Dagger has no options.
#[derive(Clone, Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CloakOptions {}

/// Where a turn is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Both players arrange their checkers (sealed).
    Arrange,
    /// The bonus move the opponent's wrong guess gave, before the turn's move.
    BonusBefore,
    /// The turn's move, after an optional guess.
    Move,
    /// The bonus move a right guess earned, after the turn's move.
    BonusAfter,
    /// Uncloaking one's checkers, or `done`.
    Uncloak,
}

/// Everything the referee knows.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CloakState {
    /// The pieces, every checker as what it truly is.
    pub board: FreePosition,
    /// Squares of checkers still cloaked.
    pub cloaked: Bitboard,
    /// Each checker's number, by its square (uncloaked pieces keep theirs).
    pub labels: BTreeMap<Square, u8>,
    /// The arrangement each colour chose, White's first, once both have.
    pub arranged: [Option<[Role; 8]>; 2],
    /// Pawns of each colour the opponent has captured, which may be dropped back.
    pub captured_pawns: [u8; 2],
    /// Whether the side to move has guessed this turn, and whether it was right.
    pub guess: Option<bool>,
    /// The side that gets a bonus move before its next turn (after a wrong guess).
    pub bonus_before: Option<Color>,
    /// Where the turn is.
    pub step: Step,
    /// Checker identities everyone knows (uncloaked, captured or guessed), by colour and number.
    pub known: BTreeMap<String, Role>,
    /// Wrong guesses: (colour, number, the identity it is not).
    pub wrong: Vec<(Color, u8, Role)>,
    /// The square a double step of the turn's last move passed, open to the opponent's en
    /// passant once the turn ends (never to the mover's own later moves of the turn).
    #[serde(default)]
    pub pending_ep: Option<Square>,
    /// How the game ended.
    pub ended: Option<Outcome>,
}

/// One action.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum CloakAction {
    /// The identities of one's checkers 1–8 (files a–h), sealed at the start.
    Arrange([Role; 8]),
    /// Guess that the opponent's checker `n` is `role`.
    Guess(u8, Role),
    /// A move (the turn's, or a pawn's bonus move).
    Move(Move),
    /// Bonus: a captured pawn dropped back on one's second rank.
    Drop(Square),
    /// Bonus: none.
    Skip,
    /// Uncloak one's checker `n`.
    Uncloak(u8),
    /// End the turn.
    Done,
}

/// A piece as every viewer may know it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CheckerView {
    /// Its square.
    pub square: Square,
    /// `white` or `black`.
    pub colour: String,
    /// Its checker number.
    pub number: u8,
    /// What it is, where everyone knows.
    pub identity: Option<String>,
    /// Whether it is still a checker.
    pub cloaked: bool,
}

/// A wrong guess, known to both.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct WrongGuess {
    /// Whose checker.
    pub colour: String,
    /// Its number.
    pub number: u8,
    /// What it is not.
    pub not: String,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CloakPublic {
    /// The side to move.
    pub to_move: Color,
    /// The stage.
    pub stage: Stage,
    /// Every numbered piece as everyone knows it.
    pub checkers: Vec<CheckerView>,
    /// Wrong guesses so far.
    pub wrong_guesses: Vec<WrongGuess>,
    /// Captured pawns each side may drop back, White's first.
    pub pawns_to_drop: [u8; 2],
    /// Whether the side to move has a bonus move now.
    pub bonus: bool,
    /// Whether the side to move has its king uncloaked and in check by a piece it knows (a
    /// cloaked king's check is not told, nor a check by a cloaked, unknown checker).
    pub check: bool,
}

/// What one seat alone knows: its own checkers.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CloakPrivate {
    /// Its checkers, with what each is.
    pub checkers: Vec<CheckerView>,
}

fn key(color: Color, n: u8) -> String {
    format!("{}{n}", color.fen_char())
}

fn parse_role_word(word: &str) -> Option<Role> {
    let w = word.to_ascii_lowercase();
    [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|r| r.name() == w || (w.len() == 1 && r.letter().eq_ignore_ascii_case(&w.chars().next().unwrap_or(' '))))
}

fn read_arrangement(text: &str) -> Result<[Role; 8], String> {
    let letters: Vec<char> = text.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let roles: Option<Vec<Role>> = letters.iter().map(|c| Role::from_letter(c.to_ascii_uppercase())).collect();
    let roles = roles
        .filter(|r| r.len() == 8)
        .ok_or("Write your eight checkers' pieces in file order, as arrange RNBQKBNR.")?;
    let back: [Role; 8] = roles.try_into().expect("eight");
    if crate::chess960::number_of(back).is_none() {
        return Err("That is not a standard set arranged as Chess960 allows: two rooks with the king between them, bishops on a light and a dark square, a queen and two knights.".into());
    }
    Ok(back)
}

impl CloakState {
    fn pos(&self) -> &Position {
        &self.board.0
    }

    fn mover(&self) -> Color {
        self.pos().turn()
    }

    fn label_of(&self, sq: Square) -> Option<u8> {
        self.labels.get(&sq).copied()
    }

    fn square_of(&self, color: Color, n: u8) -> Option<Square> {
        self.labels.iter().find(|(s, l)| **l == n && self.pos().board().color_at(**s) == Some(color)).map(|(s, _)| *s)
    }

    fn king_cloaked(&self, color: Color) -> bool {
        self.pos().board().king_of(color).is_some_and(|k| self.cloaked.contains(k))
    }

    /// `color`'s pieces whose identity its opponent does not know: cloaked checkers not known
    /// to both (neither guessed right nor shown). They still stand in the way.
    fn unknown(&self, color: Color) -> Bitboard {
        (self.cloaked & self.pos().board().by_color(color))
            .into_iter()
            .filter(|s| !self.label_of(*s).is_some_and(|n| self.known.contains_key(&key(color, n))))
            .collect()
    }

    /// The pieces of `color`'s opponent on `board` that attack `sq` as far as `color` knows:
    /// pawns, uncloaked pieces and checkers known to both. An opponent's cloaked, unknown
    /// checker attacks nothing in `color`'s judgement of its own king's safety.
    fn known_attackers(&self, board: &Board, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let them = color.other();
        board.attackers_among(sq, board.by_color(them) & !self.unknown(them), occupied)
    }

    /// Whether `color`'s king is in check by the pieces `color` knows (see
    /// [`CloakState::known_attackers`]); what the cloaked checkers truly attack is not asked.
    fn in_known_check(&self, color: Color) -> bool {
        let b = self.pos().board();
        b.king_of(color).is_some_and(|k| self.known_attackers(b, k, color, b.occupied()).nonempty())
    }

    /// Whether the mover's uncloaked king is safe after `m` as far as the mover knows: no
    /// known attacker reaches it, and castling's king path is unattacked by known attackers.
    /// Taking the opponent's king ends the game and is always allowed.
    fn safe_as_known(&self, m: Move) -> bool {
        let (pos, us) = (self.pos(), self.mover());
        let board = pos.board();
        if board.piece_at(m.to()) == Some(Piece::new(us.other(), Role::King)) {
            return true;
        }
        if let Move::Castle { king, rook } = m {
            let occupied = board.occupied().without(king).without(rook);
            let path = crate::chess::castling_squares(king, rook).1;
            return path.into_iter().all(|sq| self.known_attackers(board, sq, us, occupied).is_empty());
        }
        let mut next = *pos;
        next.play_unchecked(m);
        let after = next.board();
        after.king_of(us).is_none_or(|k| self.known_attackers(after, k, us, after.occupied()).is_empty())
    }

    /// The mover's moves: with its king uncloaked, the moves that leave it out of check by
    /// the pieces it knows (Chess960 castling, its path unattacked by them); with it cloaked,
    /// every move by the pieces' movement (no check rules).
    fn moves(&self) -> Vec<Move> {
        let pos = self.pos();
        let pseudo = pos.pseudo_legal_moves().to_vec();
        let all: Vec<Move> = if self.king_cloaked(self.mover()) {
            pseudo
        } else {
            pseudo.into_iter().filter(|m| self.safe_as_known(*m)).collect()
        };
        match self.step {
            Step::BonusBefore | Step::BonusAfter => {
                all.into_iter().filter(|m| pos.board().role_at(m.from()) == Some(Role::Pawn)).collect()
            }
            Step::Move => all,
            _ => Vec::new(),
        }
    }

    fn drops(&self) -> Vec<Square> {
        let us = self.mover();
        if self.captured_pawns[us.index()] == 0 || !matches!(self.step, Step::BonusBefore | Step::BonusAfter) {
            return Vec::new();
        }
        let rank = if us == Color::White { 1 } else { 6 };
        (Bitboard::rank(rank) & !self.pos().board().occupied())
            .into_iter()
            .filter(|s| self.king_cloaked(us) || !self.leaves_check_after_drop(*s))
            .collect()
    }

    fn leaves_check_after_drop(&self, s: Square) -> bool {
        let mut b = *self.pos().board();
        b.put(s, Piece::new(self.mover(), Role::Pawn));
        let us = self.mover();
        b.king_of(us).is_some_and(|k| self.known_attackers(&b, k, us, b.occupied()).nonempty())
    }

    /// The words for a piece of `color` on `sq` as `viewer_knows` allows.
    fn piece_words(&self, sq: Square, viewer_knows: bool) -> String {
        let b = self.pos().board();
        let role = b.role_at(sq).unwrap_or(Role::Pawn);
        match self.label_of(sq) {
            Some(n) if self.cloaked.contains(sq) && !viewer_knows => format!("checker {n}"),
            Some(n) if self.cloaked.contains(sq) => format!("{role} ({n})"),
            _ => role.to_string(),
        }
    }

    fn move_words(&self, m: Move, knows: bool) -> String {
        if let Move::Castle { king, rook } = m {
            let side = if rook.file() > king.file() { "king" } else { "queen" };
            return format!("castles on the {side} side");
        }
        let mut text = format!("{} {}→{}", self.piece_words(m.from(), knows), m.from(), m.to());
        let taken_at = match m {
            Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
            _ => self.pos().board().color_at(m.to()).filter(|c| *c != self.mover()).map(|_| m.to()),
        };
        if let Some(t) = taken_at {
            let role = self.pos().board().role_at(t).unwrap_or(Role::Pawn);
            match self.label_of(t) {
                Some(n) if self.cloaked.contains(t) => text.push_str(&format!(", taking checker {n}, the {role}")),
                _ => text.push_str(&format!(", taking the {role}")),
            }
        }
        if let Some(p) = m.promotion() {
            text.push_str(&format!(", promoting to a {p}"));
        }
        text
    }

    /// Plays a move of the mover: labels and cloaks travel with their pieces, a captured
    /// checker's identity becomes known, castling uncloaks king and rook.
    fn play(&mut self, m: Move) -> Option<Outcome> {
        let us = self.mover();
        let board = *self.pos().board();
        let taken_at = match m {
            Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
            Move::Normal { to, .. } if board.color_at(to) == Some(us.other()) => Some(to),
            _ => None,
        };
        let mut ended = None;
        if let Some(t) = taken_at {
            let role = board.role_at(t).expect("a piece is taken");
            if let Some(n) = self.labels.remove(&t) {
                self.known.insert(key(us.other(), n), role);
            }
            self.cloaked = self.cloaked.without(t);
            if role == Role::Pawn {
                self.captured_pawns[us.other().index()] += 1;
            }
            if role == Role::King {
                ended = Some(super::two_colours::wins(us, format!("{us} captured the king")));
            }
        }
        let moves: Vec<(Square, Square)> = match m {
            Move::Castle { king, rook } => {
                let (k, r) = crate::chess::castling_destinations(king, rook);
                vec![(king, k), (rook, r)]
            }
            _ => vec![(m.from(), m.to())],
        };
        let carried: Vec<(Square, Option<u8>, bool)> =
            moves.iter().map(|(from, to)| (*to, self.labels.remove(from), self.cloaked.contains(*from))).collect();
        for (from, _) in &moves {
            self.cloaked = self.cloaked.without(*from);
        }
        for (to, label, cloaked) in carried {
            if let Some(n) = label {
                self.labels.insert(to, n);
            }
            if cloaked && !matches!(m, Move::Castle { .. }) && m.promotion().is_none() {
                self.cloaked = self.cloaked.with(to);
            }
        }
        if let Move::Castle { .. } = m {
            for (from, to) in &moves {
                let _ = from;
                if let Some(n) = self.label_of(*to) {
                    let role = self.pos().board().role_at(*from).unwrap_or(Role::Rook);
                    self.known.insert(key(us, n), role);
                }
            }
        }
        let fullmoves = self.board.0.fullmoves;
        self.board.0.play_unchecked(m);
        self.board.0.turn = us;
        self.board.0.fullmoves = fullmoves;
        // The turn goes on: a double step is open to en passant only if it is the turn's last
        // move, and only for the opponent.
        self.pending_ep = self.board.0.ep_square.take();
        ended
    }

    /// After a bonus move (or none): on to the turn's move, or to uncloaking.
    fn after_bonus(&mut self) {
        if self.step == Step::BonusBefore {
            self.step = Step::Move;
            self.settle();
        } else {
            self.step = Step::Uncloak;
            self.skip_empty_steps();
        }
    }

    fn after_move_step(&mut self) {
        self.step = if self.guess == Some(true) { Step::BonusAfter } else { Step::Uncloak };
        self.skip_empty_steps();
    }

    /// Skips a bonus with nothing to do and an uncloaking with nothing cloaked.
    fn skip_empty_steps(&mut self) {
        let us = self.mover();
        if matches!(self.step, Step::BonusBefore | Step::BonusAfter)
            && self.moves().is_empty()
            && self.drops().is_empty()
        {
            self.step = if self.step == Step::BonusBefore { Step::Move } else { Step::Uncloak };
        }
        if self.step == Step::Uncloak && (self.cloaked & self.pos().board().by_color(us)).is_empty() {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        let us = self.mover();
        if self.guess == Some(false) {
            self.bonus_before = Some(us.other());
        }
        self.guess = None;
        let pos = &mut self.board.0;
        pos.turn = us.other();
        pos.ep_square = self.pending_ep.take();
        if us == Color::Black {
            pos.fullmoves += 1;
        }
        self.step = if self.bonus_before == Some(us.other()) { Step::BonusBefore } else { Step::Move };
        if self.step == Step::BonusBefore {
            self.bonus_before = None;
        }
        self.skip_empty_steps();
        self.settle();
    }

    /// At the start of a turn's move: checkmate of an uncloaked king, or no move at all.
    fn settle(&mut self) {
        if self.ended.is_some() || self.step != Step::Move {
            return;
        }
        let us = self.mover();
        if self.moves().is_empty() {
            self.ended = Some(if !self.king_cloaked(us) && self.in_known_check(us) {
                super::two_colours::wins(us.other(), format!("checkmate, {} wins", us.other()))
            } else {
                super::two_colours::draw(format!("{us} has no move"))
            });
        }
    }

    fn checker_views(&self, color: Color, owner_sees: bool) -> Vec<CheckerView> {
        self.labels
            .iter()
            .filter(|(s, _)| self.pos().board().color_at(**s) == Some(color))
            .map(|(s, n)| {
                let cloaked = self.cloaked.contains(*s);
                let identity = (owner_sees || !cloaked || self.known.contains_key(&key(color, *n)))
                    .then(|| self.pos().board().role_at(*s).map(|r| r.name().to_string()))
                    .flatten();
                CheckerView { square: *s, colour: color.name().to_lowercase(), number: *n, identity, cloaked }
            })
            .collect()
    }

    fn start(&mut self) {
        let [Some(white), Some(black)] = self.arranged else { return };
        let rank = |back: [Role; 8], color: Color| -> String {
            back.iter().map(|r| Piece::new(color, *r).fen_char()).collect()
        };
        let rook_files = |back: [Role; 8]| -> Vec<char> {
            back.iter().enumerate().filter(|(_, r)| **r == Role::Rook).map(|(f, _)| (b'a' + f as u8) as char).collect()
        };
        let castling: String =
            rook_files(white).iter().map(|c| c.to_ascii_uppercase()).chain(rook_files(black)).collect();
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {castling} - 0 1",
            rank(black, Color::Black),
            rank(white, Color::White)
        );
        let fields: Vec<&str> = fen.split_whitespace().collect();
        self.board = FreePosition(FenFields::parse(&fields).expect("a Chess960 arrangement").position());
        self.step = Step::Move;
    }
}

fn standard_labels() -> BTreeMap<Square, u8> {
    (0..8u8).flat_map(|f| [(Square::from_coords(f, 0), f + 1), (Square::from_coords(f, 7), f + 1)]).collect()
}

impl Game for CloakAndDagger {
    type Options = CloakOptions;
    type State = CloakState;
    type Action = CloakAction;
    type Public = CloakPublic;
    type Private = CloakPrivate;
    type Hidden = crate::game::NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "cloak-and-dagger",
            name: "Cloak and Dagger Chess",
            version: 3,
            summary: "The pieces behind the pawns are numbered checkers whose identities each player chose in secret (as in Chess960). Guess your opponent's checkers for bonus moves, uncloak yours when it pays, and capture a cloaked king or checkmate an uncloaked one.",
            min_seats: 2,
            max_seats: 2,
            equipment: &["chess set", "16 checkers numbered 1-8 per side", "paper and pencils"],
            random: &[],
            secret: &["the identity of each player's cloaked checkers"],
            source: "seed 000, \"Cloak and Dagger Chess\"",
            position_notation: "FEN with every piece as it truly is, then the cloaked checkers with their numbers (b1:2,c1:3 or -), the numbers of uncloaked pieces (g1:7 or -) and the step (move, bonus-before, bonus-after, uncloak)",
            action_notation: "at the start, sealed: arrange RNBQKBNR (files a-h); guess 5 queen; a move in UCI or O-O / O-O-O; drop e2; skip; uncloak 3; done; also resign, offer-draw, accept-draw, decline-draw",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &CloakOptions) -> Result<Seating, GameError> {
        Ok(Seating::two_colours())
    }

    fn setup(&self, _options: &CloakOptions, _rng: &mut dyn RandomSource) -> Result<CloakState, GameError> {
        let labels = standard_labels();
        Ok(CloakState {
            board: FreePosition(Position::standard()),
            cloaked: labels.keys().copied().collect(),
            labels,
            arranged: [None, None],
            captured_pawns: [0, 0],
            guess: None,
            bonus_before: None,
            step: Step::Arrange,
            known: BTreeMap::new(),
            wrong: Vec::new(),
            pending_ep: None,
            ended: None,
        })
    }

    fn turn(&self, state: &CloakState) -> Turn {
        let stage = match state.step {
            _ if state.ended.is_some() => return Turn::Over,
            Step::Arrange => return Turn::round([0, 1], Stage::Choose, true),
            Step::BonusBefore | Step::BonusAfter => Stage::Bonus,
            Step::Move => Stage::Move,
            Step::Uncloak => Stage::Uncloak,
        };
        Turn::seat(seat_of(state.mover()), stage)
    }

    fn legal_actions(&self, state: &CloakState, _seat: Seat) -> Vec<CloakAction> {
        let us = state.mover();
        match state.step {
            Step::Arrange => vec![CloakAction::Arrange(crate::chess::Position::STANDARD_BACK_RANK)],
            Step::Move => {
                let mut out: Vec<CloakAction> = state.moves().into_iter().map(CloakAction::Move).collect();
                if state.guess.is_none() {
                    for (sq, n) in &state.labels {
                        let theirs = state.pos().board().color_at(*sq) == Some(us.other());
                        if theirs && state.cloaked.contains(*sq) && !state.known.contains_key(&key(us.other(), *n)) {
                            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                out.push(CloakAction::Guess(*n, role));
                            }
                        }
                    }
                }
                out
            }
            Step::BonusBefore | Step::BonusAfter => state
                .moves()
                .into_iter()
                .map(CloakAction::Move)
                .chain(state.drops().into_iter().map(CloakAction::Drop))
                .chain([CloakAction::Skip])
                .collect(),
            Step::Uncloak => state
                .labels
                .iter()
                .filter(|(s, _)| state.cloaked.contains(**s) && state.pos().board().color_at(**s) == Some(us))
                .map(|(_, n)| CloakAction::Uncloak(*n))
                .chain([CloakAction::Done])
                .collect(),
        }
    }

    fn parse_action(&self, state: &CloakState, _seat: Seat, text: &str) -> Result<CloakAction, GameError> {
        let t = text.trim();
        let words: Vec<&str> = t.split_whitespace().collect();
        let bad = |m: &str| GameError::new(ErrorCode::BadNotation, m.to_string());
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        let us = state.mover();
        match (state.step, words.first().map(|w| w.to_ascii_lowercase()).as_deref()) {
            (Step::Arrange, Some("arrange")) => {
                return read_arrangement(&words[1..].join("")).map(CloakAction::Arrange).map_err(|m| bad(&m));
            }
            (Step::Arrange, _) => return Err(bad("First arrange your checkers in secret: arrange RNBQKBNR")),
            (Step::Move, Some("guess")) => {
                let (Some(n), Some(role)) =
                    (words.get(1).and_then(|w| w.parse::<u8>().ok()), words.get(2).and_then(|w| parse_role_word(w)))
                else {
                    return Err(bad("Guess a checker by its number and a piece: guess 5 queen"));
                };
                if state.guess.is_some() {
                    return Err(illegal("You have already guessed this turn.".into()));
                }
                let Some(sq) = state.square_of(us.other(), n) else {
                    return Err(illegal(format!("Your opponent has no checker {n} on the board.")));
                };
                if !state.cloaked.contains(sq) || state.known.contains_key(&key(us.other(), n)) {
                    return Err(illegal(format!("Checker {n} is already known: guess a cloaked one.")));
                }
                return Ok(CloakAction::Guess(n, role));
            }
            (Step::BonusBefore | Step::BonusAfter, Some("skip")) => return Ok(CloakAction::Skip),
            (Step::BonusBefore | Step::BonusAfter, Some("drop")) => {
                let sq: Square = words
                    .get(1)
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| bad("Drop a pawn on a square of your second rank: drop e2"))?;
                if state.captured_pawns[us.index()] == 0 {
                    return Err(illegal("You have no captured pawn to drop back.".into()));
                }
                if !state.drops().contains(&sq) {
                    return Err(illegal(format!(
                        "A pawn may be dropped only on an empty square of your second rank, leaving your king safe; {sq} is not one."
                    )));
                }
                return Ok(CloakAction::Drop(sq));
            }
            (Step::Uncloak, Some("done")) => return Ok(CloakAction::Done),
            (Step::Uncloak, Some("uncloak")) => {
                let n: u8 = words
                    .get(1)
                    .and_then(|w| w.parse().ok())
                    .ok_or_else(|| bad("Uncloak a checker by its number: uncloak 3"))?;
                return match state.square_of(us, n) {
                    Some(sq) if state.cloaked.contains(sq) => Ok(CloakAction::Uncloak(n)),
                    _ => Err(illegal(format!("You have no cloaked checker {n}."))),
                };
            }
            (Step::Uncloak, _) => return Err(bad("Uncloak your checkers (uncloak 3) or end your turn with done.")),
            _ => {}
        }
        let king = state.pos().board().king_of(us).unwrap_or(Square::new(4));
        let (from, to, promotion) =
            parse_squares(king, t).map_err(|e| GameError::new(ErrorCode::BadNotation, e.to_string()))?;
        if let Some(m) = find_move(&state.moves(), from, to, promotion) {
            return Ok(CloakAction::Move(m));
        }
        // Explained from the mover's knowledge only: its own pieces, never what an opposing
        // checker is.
        let board = state.pos().board();
        let why = match board.piece_at(from) {
            Some(p) if p.color == us => {
                let bonus = matches!(state.step, Step::BonusBefore | Step::BonusAfter);
                let pseudo = state.pos().pseudo_legal_moves();
                if bonus && p.role != Role::Pawn {
                    "A bonus move is a pawn's move or a pawn dropped back.".to_string()
                } else if let Some(Move::Castle { .. }) = find_move(&pseudo, from, to, promotion) {
                    "Your uncloaked king may not castle out of, through or into check.".to_string()
                } else if find_move(&pseudo, from, to, promotion).is_some() {
                    "That would leave your uncloaked king in check.".to_string()
                } else {
                    format!("Your {} cannot go from {from} to {to}.", state.piece_words(from, true))
                }
            }
            _ => format!("There is no piece of yours on {from}."),
        };
        Err(illegal(why))
    }

    fn format_action(&self, _state: &CloakState, action: &CloakAction) -> String {
        match action {
            CloakAction::Arrange(back) => format!("arrange {}", crate::chess960::back_rank_letters(*back)),
            CloakAction::Guess(n, role) => format!("guess {n} {role}"),
            CloakAction::Move(m) => crate::chess::uci(*m, crate::chess::CastlingMode::Chess960),
            CloakAction::Drop(s) => format!("drop {s}"),
            CloakAction::Skip => "skip".into(),
            CloakAction::Uncloak(n) => format!("uncloak {n}"),
            CloakAction::Done => "done".into(),
        }
    }

    fn describe_action(&self, state: &CloakState, seat: Seat, action: &CloakAction) -> Said {
        let me = color_of(seat);
        match action {
            CloakAction::Arrange(back) => Said::discreet(
                format!("you arranged your checkers: {}", crate::chess960::back_rank_letters(*back)),
                format!("{me} arranged its checkers"),
            ),
            CloakAction::Guess(n, role) => Said::public(format!("{me} guesses that checker {n} is the {role}")),
            CloakAction::Move(m) => {
                let mine = state.move_words(*m, true);
                let theirs = state.move_words(*m, false);
                if mine == theirs { Said::public(mine) } else { Said::discreet(mine, theirs) }
            }
            CloakAction::Drop(s) => Said::public(format!("{me} drops a pawn on {s}")),
            CloakAction::Skip => Said::public(format!("{me} makes no bonus move")),
            CloakAction::Uncloak(n) => {
                let role = state.square_of(me, *n).and_then(|s| state.pos().board().role_at(s)).unwrap_or(Role::Pawn);
                Said::public(format!("{me} uncloaks checker {n}: the {role}"))
            }
            CloakAction::Done => Said::public(format!("{me} ends the turn")),
        }
    }

    /// A dispute names each action by the side and what it is: "White's guess that checker 3
    /// is the queen", "Black's queen (5) d8→d4, taking the pawn", "White's castling on the king
    /// side".
    fn describe_in_full(&self, state: &CloakState, seat: Seat, action: &CloakAction) -> Option<String> {
        let me = color_of(seat);
        Some(match action {
            CloakAction::Arrange(back) => {
                format!("{me}'s arrangement of its checkers ({})", crate::chess960::back_rank_letters(*back))
            }
            CloakAction::Guess(n, role) => format!("{me}'s guess that checker {n} is the {role}"),
            CloakAction::Move(Move::Castle { king, rook }) => {
                let side = if rook.file() > king.file() { "king" } else { "queen" };
                format!("{me}'s castling on the {side} side")
            }
            CloakAction::Move(m) => format!("{me}'s {}", state.move_words(*m, true)),
            CloakAction::Drop(s) => format!("{me}'s pawn dropped on {s}"),
            CloakAction::Skip => format!("{me}'s skip of the bonus move"),
            CloakAction::Uncloak(n) => {
                let role = state.square_of(me, *n).and_then(|s| state.pos().board().role_at(s)).unwrap_or(Role::Pawn);
                format!("{me}'s uncloaking of checker {n}, the {role}")
            }
            CloakAction::Done => format!("{me}'s end of the turn"),
        })
    }

    fn describe_result(&self, state: &CloakState, seat: Seat, action: &CloakAction, before: &Said) -> Option<Said> {
        match action {
            CloakAction::Guess(..) => {
                // The seed: "If you guess correctly, you may make a bonus move after your regular
                // move ... If you guess incorrectly, your opponent may make the same kind of bonus
                // move before their next turn."
                let me = color_of(seat);
                let answer = if state.guess == Some(true) {
                    format!("right, so {me} may make a bonus move after its regular move")
                } else {
                    format!("wrong, so {} may make a bonus move before its next turn", me.other())
                };
                Some(Said::public(format!("{}: {answer}", before.to_actor)))
            }
            _ => None,
        }
    }

    fn apply(
        &self,
        state: &mut CloakState,
        seat: Seat,
        action: &CloakAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let us = state.mover();
        match *action {
            CloakAction::Arrange(back) => {
                state.arranged[color_of(seat).index()] = Some(back);
                state.start();
            }
            CloakAction::Guess(n, role) => {
                let sq = state.square_of(us.other(), n).expect("checked when read");
                let right = state.pos().board().role_at(sq) == Some(role);
                state.guess = Some(right);
                if right {
                    state.known.insert(key(us.other(), n), role);
                } else {
                    state.wrong.push((us.other(), n, role));
                }
            }
            CloakAction::Move(m) => {
                let step = state.step;
                if let Some(ended) = state.play(m) {
                    state.ended = Some(ended);
                    return Ok(());
                }
                match step {
                    Step::BonusBefore | Step::BonusAfter => state.after_bonus(),
                    _ => state.after_move_step(),
                }
            }
            CloakAction::Drop(s) => {
                state.captured_pawns[us.index()] -= 1;
                state.board.0.board.put(s, Piece::new(us, Role::Pawn));
                state.after_bonus();
            }
            CloakAction::Skip => state.after_bonus(),
            CloakAction::Uncloak(n) => {
                let sq = state.square_of(us, n).expect("checked when read");
                state.cloaked = state.cloaked.without(sq);
                let role = state.pos().board().role_at(sq).expect("a checker stands there");
                state.known.insert(key(us, n), role);
                state.skip_empty_steps();
            }
            CloakAction::Done => state.end_turn(),
        }
        Ok(())
    }

    fn resolve_round(
        &self,
        state: &mut CloakState,
        actions: &[(Seat, CloakAction)],
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        actions.iter().try_for_each(|(seat, action)| self.apply(state, *seat, action, rng))
    }

    fn public(&self, state: &CloakState) -> CloakPublic {
        let checkers = Color::ALL.into_iter().flat_map(|c| state.checker_views(c, false)).collect();
        CloakPublic {
            to_move: state.mover(),
            stage: self.turn(state).single().map_or(Stage::Choose, |a| a.stage),
            checkers,
            wrong_guesses: state
                .wrong
                .iter()
                .map(|(c, n, r)| WrongGuess { colour: c.name().to_lowercase(), number: *n, not: r.name().into() })
                .collect(),
            pawns_to_drop: state.captured_pawns,
            bonus: matches!(state.step, Step::BonusBefore | Step::BonusAfter),
            check: state.ended.is_none() && !state.king_cloaked(state.mover()) && state.in_known_check(state.mover()),
        }
    }

    fn private(&self, state: &CloakState, seat: Seat) -> Option<CloakPrivate> {
        let me = color_of(seat);
        state.arranged[me.index()]?;
        Some(CloakPrivate { checkers: state.checker_views(me, true) })
    }

    fn board(&self, state: &CloakState, viewer: Viewer, legal: &[CloakAction]) -> Option<BoardView> {
        let selectable = legal.iter().fold(Bitboard::EMPTY, |b, a| match a {
            CloakAction::Move(m) => b.with(m.from()),
            CloakAction::Drop(s) => b.with(*s),
            CloakAction::Uncloak(n) => state.square_of(state.mover(), *n).map_or(b, |s| b.with(s)),
            _ => b,
        });
        let pos = state.pos();
        let cells = Square::all()
            .map(|sq| {
                let piece = pos.board().piece_at(sq).map(|p| {
                    let owner_sees = match viewer {
                        Viewer::Seat(s) => color_of(s) == p.color && state.arranged[p.color.index()].is_some(),
                        Viewer::Everyone => true,
                        Viewer::Spectator => false,
                    };
                    let label = state.label_of(sq);
                    let hidden = state.cloaked.contains(sq)
                        && !owner_sees
                        && !label.is_some_and(|n| state.known.contains_key(&key(p.color, n)));
                    let hidden = hidden || (state.step == Step::Arrange && label.is_some() && !owner_sees);
                    PieceView {
                        kind: if hidden || (state.step == Step::Arrange && label.is_some()) {
                            "unknown".into()
                        } else {
                            p.role.name().into()
                        },
                        side: p.color.name().to_lowercase(),
                        label: label.map(|n| n.to_string()),
                    }
                });
                let mut markers = Vec::new();
                if state.cloaked.contains(sq) {
                    markers.push("cloaked".to_string());
                }
                CellView {
                    id: sq.to_string(),
                    at: [sq.file(), sq.rank()],
                    polygon: None,
                    dark: sq.is_dark(),
                    piece,
                    stacks: Vec::new(),
                    markers,
                    selectable: selectable.contains(sq),
                }
            })
            .collect();
        Some(BoardView { shape: BoardShape::Grid { files: 8, ranks: 8 }, cells })
    }

    fn outcome(&self, state: &CloakState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn parse_position(&self, text: &str) -> Result<CloakState, GameError> {
        let bad = |m: String| GameError::new(ErrorCode::BadPosition, m);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 9 {
            return Err(bad(format!(
                "a Cloak and Dagger position is six FEN fields (every piece as it truly is), the cloaked checkers (b1:2,c1:3 or -), the numbers of uncloaked pieces (g1:7 or -) and the step; found {} fields",
                fields.len()
            )));
        }
        let position = read_free_position(&fields[..6]).map_err(bad)?;
        let pairs = |f: &str| -> Result<Vec<(Square, u8)>, GameError> {
            if f == "-" {
                return Ok(Vec::new());
            }
            f.split(',')
                .map(|p| {
                    let (s, n) = p.split_once(':').ok_or_else(|| bad(format!("{p}: write square:number, as b1:2")))?;
                    Ok((
                        s.parse().map_err(|e| bad(format!("{p}: {e}")))?,
                        n.parse().map_err(|_| bad(format!("{p}: bad number")))?,
                    ))
                })
                .collect()
        };
        let cloaked = pairs(fields[6])?;
        let open = pairs(fields[7])?;
        let step = match fields[8] {
            "move" => Step::Move,
            "bonus-before" => Step::BonusBefore,
            "bonus-after" => Step::BonusAfter,
            "uncloak" => Step::Uncloak,
            other => {
                return Err(bad(format!("step must be move, bonus-before, bonus-after or uncloak; found {other}")));
            }
        };
        let labels: BTreeMap<Square, u8> = cloaked.iter().chain(&open).copied().collect();
        let mut known = BTreeMap::new();
        for (s, n) in &open {
            let p = position.board().piece_at(*s).ok_or_else(|| bad(format!("no piece on {s}")))?;
            known.insert(key(p.color, *n), p.role);
        }
        // After the mover's own move the en passant square is the mover's double step, open to
        // the opponent once the turn ends.
        let mut position = position;
        let pending_ep = match step {
            Step::BonusAfter | Step::Uncloak => position.ep_square.take(),
            _ => None,
        };
        let mut state = CloakState {
            board: FreePosition(position),
            cloaked: cloaked.iter().map(|(s, _)| *s).collect(),
            labels,
            arranged: [Some(Position::STANDARD_BACK_RANK); 2],
            captured_pawns: [0, 0],
            guess: None,
            bonus_before: None,
            step,
            known,
            wrong: Vec::new(),
            pending_ep,
            ended: None,
        };
        state.settle();
        Ok(state)
    }

    fn format_position(&self, state: &CloakState) -> String {
        let list = |cloaked: bool| {
            let items: Vec<String> = state
                .labels
                .iter()
                .filter(|(s, _)| state.cloaked.contains(**s) == cloaked)
                .map(|(s, n)| format!("{s}:{n}"))
                .collect();
            if items.is_empty() { "-".to_string() } else { items.join(",") }
        };
        let step = match state.step {
            Step::Arrange | Step::Move => "move",
            Step::BonusBefore => "bonus-before",
            Step::BonusAfter => "bonus-after",
            Step::Uncloak => "uncloak",
        };
        let mut position = *state.pos();
        if matches!(state.step, Step::BonusAfter | Step::Uncloak) {
            position.ep_square = state.pending_ep;
        }
        format!("{} {} {} {step}", free_fen(&position), list(true), list(false))
    }
}

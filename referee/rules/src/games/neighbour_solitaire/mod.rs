//! Neighbour Chess Solitaire (`neighbour-solitaire`, seed 000 "Neighbour Chess Solitaire"):
//! pieces are added where a piece card and a position card send them; after any add the player
//! may stop and move instead, each piece moving only as a neighbour of its own colour does
//! (Chess Golf's borrowed moves, [`crate::golf::Course::borrowed_reach`]), each move paid with a
//! card. One connected group wins the cards left in both piles. Rules page:
//! `docs/games/neighbour-solitaire.md`.

pub mod notation;
pub mod par;
pub mod state;

pub use notation::NeighbourAction;
pub use state::{Flip, NeighbourState, Phase};

use super::two_colours::{SquareMarks, board_view};
use crate::cards::{Card, NamedDeck};
use crate::chess::Board;
use crate::chess::attacks::piece_attacks;
use crate::game::{
    BoardView, Courtesies, ErrorCode, Game, GameError, NoSecret, Outcome, Par, ParAnswer, RulesInfo, Said, Seat,
    Seating, Stage, Turn, Viewer,
};
use crate::games::groups::{Touch, groups};
use crate::geometry::{Bitboard, Square};
use crate::random::{RandomSource, shuffle};
use serde::{Deserialize, Serialize};
use state::piece_words;

/// The game, for the registry.
pub struct NeighbourSolitaire;

/// Positions the par search may count (see [`par`]): part of the rules, so that every referee
/// proves the same par.
pub const PAR_BUDGET: u64 = 200_000;

/// Neighbour's options.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct NeighbourOptions {
    /// Which neighbours join pieces into a group: `sides-and-corners` (the eight squares
    /// around, as the seed's other rules count neighbours; the default) or `sides` (as Parade
    /// counts them).
    pub groups: Touch,
}

impl Default for NeighbourOptions {
    fn default() -> NeighbourOptions {
        NeighbourOptions { groups: Touch::SidesAndCorners }
    }
}

/// A piece waiting to be placed, as everyone sees it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Waiting {
    /// The piece ("white knight").
    pub piece: String,
    /// The taken square the cards sent it to.
    pub landed: Square,
    /// The free squares nearest it, where it may go.
    pub choices: Vec<Square>,
}

/// What every viewer sees.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct NeighbourPublic {
    /// The pieces (FEN placement).
    pub board: String,
    /// Cards left in the piece pile.
    pub pieces_left: u8,
    /// Cards left in the position pile.
    pub positions_left: u8,
    /// The piece cards flipped, in order.
    pub flipped_pieces: Vec<Card>,
    /// The position cards flipped, in order.
    pub flipped_positions: Vec<Card>,
    /// The last add: its cards, where the piece was held and where it was sent.
    pub last_flip: Option<Flip>,
    /// Where the last added piece was set: the next piece is held above it.
    pub last_added: Option<Square>,
    /// Cards spent on moves.
    pub spent: u8,
    /// Whether a piece may still be added.
    pub adding: bool,
    /// The flipped piece waiting to be placed, when its square was taken.
    pub waiting: Option<Waiting>,
    /// The score if the pieces formed one group now: the cards left in both piles.
    pub score_now: u8,
    /// How many groups the pieces form (one wins).
    pub groups: usize,
    /// Which neighbours join pieces into a group.
    pub touch: Touch,
}

/// What only the referee knows: the piles' order.
#[derive(Clone, Debug, Serialize)]
pub struct NeighbourHidden {
    /// The piece pile, top first.
    pub pieces: Vec<Card>,
    /// The position pile, top first.
    pub positions: Vec<Card>,
}

impl Game for NeighbourSolitaire {
    type Options = NeighbourOptions;
    type State = NeighbourState;
    type Action = NeighbourAction;
    type Public = NeighbourPublic;
    type Private = NoSecret;
    type Hidden = NeighbourHidden;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "neighbour-solitaire",
            name: "Neighbour Chess Solitaire",
            version: 1,
            summary: "Add pieces where a piece card and a position card send them, then move them into one connected group: each piece moves only as a neighbour of its own colour does, and each move costs a card. The cards left are your points.",
            min_seats: 1,
            max_seats: 1,
            equipment: &[
                "chess set without pawns",
                "the 16 piece cards of Appendix A",
                "the 2 to 6 of every suit (20 position cards)",
            ],
            random: &["the shuffle of the piece pile", "the shuffle of the position pile"],
            secret: &["the order of both piles (nobody knows it; the referee keeps it)"],
            source: "seed 000, \"Neighbour Chess Solitaire\"",
            position_notation: "FEN's placement, the phase (add, move, place:N@d4), the piece and position cards left, the last square added (or -), then optionally pieces:<cards>, positions:<cards>, groups:sides",
            action_notation: "add; place e5 (the flipped piece, its square taken); a move as two squares (e4e6)",
            lists_all_actions: true,
        }
    }

    fn seating(&self, _options: &NeighbourOptions) -> Result<Seating, GameError> {
        Ok(state::seating())
    }

    fn setup(&self, options: &NeighbourOptions, rng: &mut dyn RandomSource) -> Result<NeighbourState, GameError> {
        let mut pieces = NamedDeck::Pieces16.cards();
        shuffle(rng, &mut pieces);
        let mut positions = state::position_deck();
        shuffle(rng, &mut positions);
        Ok(NeighbourState::deal(pieces, positions, options.groups))
    }

    fn turn(&self, state: &NeighbourState) -> Turn {
        let stage = match state.phase {
            _ if state.ended.is_some() => return Turn::Over,
            Phase::Placing { .. } => Stage::Place,
            Phase::Adding if state.may_add() => Stage::Add,
            _ => Stage::Move,
        };
        Turn::seat(0, stage)
    }

    fn legal_actions(&self, state: &NeighbourState, _seat: Seat) -> Vec<NeighbourAction> {
        let places = state.choices().map(NeighbourAction::Place);
        let add = state.may_add().then_some(NeighbourAction::Add);
        let moves = state.moves().into_iter().map(|(from, to)| NeighbourAction::Move(from, to));
        places.chain(add).chain(moves).collect()
    }

    fn parse_action(&self, state: &NeighbourState, _seat: Seat, text: &str) -> Result<NeighbourAction, GameError> {
        notation::read_action(state, text)
    }

    fn format_action(&self, _state: &NeighbourState, action: &NeighbourAction) -> String {
        action.to_string()
    }

    fn describe_action(&self, state: &NeighbourState, _seat: Seat, action: &NeighbourAction) -> Said {
        Said::public(match *action {
            NeighbourAction::Add => "flips a piece card and a position card".to_string(),
            NeighbourAction::Place(sq) => match state.phase {
                Phase::Placing { piece, .. } => format!("places the {} on {sq}", piece_words(piece)),
                _ => format!("places the piece on {sq}"),
            },
            NeighbourAction::Move(from, to) => describe_move(state, from, to),
        })
    }

    fn describe_in_full(&self, state: &NeighbourState, _seat: Seat, action: &NeighbourAction) -> Option<String> {
        Some(match *action {
            NeighbourAction::Add => "Flipping a piece card and a position card".to_string(),
            NeighbourAction::Place(sq) => match state.phase {
                Phase::Placing { piece, .. } => format!("Placing the {} on {sq}", piece_words(piece)),
                _ => format!("Placing the piece on {sq}"),
            },
            NeighbourAction::Move(from, to) => format!("Moving {}", describe_move(state, from, to)),
        })
    }

    fn describe_result(
        &self,
        state: &NeighbourState,
        _seat: Seat,
        action: &NeighbourAction,
        _before: &Said,
    ) -> Option<Said> {
        match (action, state.last_flip) {
            (NeighbourAction::Add, Some(flip)) => Some(Said::public(describe_flip(state, &flip))),
            _ => None,
        }
    }

    fn apply(
        &self,
        state: &mut NeighbourState,
        _seat: Seat,
        action: &NeighbourAction,
        _rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let illegal = |m: String| GameError::new(ErrorCode::IllegalAction, m);
        match *action {
            NeighbourAction::Add if !state.may_add() => {
                return Err(illegal("No piece can be added now.".into()));
            }
            NeighbourAction::Add if state.piece_pile.is_none() || state.position_pile.is_none() => {
                return Err(GameError::new(
                    ErrorCode::NeedsGame,
                    "Adding flips the top cards of both piles, which only a refereed game knows.",
                ));
            }
            NeighbourAction::Add => state.add(),
            NeighbourAction::Place(sq) => match state.phase {
                Phase::Placing { piece, .. } if state.choices().contains(sq) => state.place(piece, sq),
                _ => return Err(illegal(format!("The piece cannot be placed on {sq}."))),
            },
            NeighbourAction::Move(from, to) => {
                notation::check_move(state, from, to).map_err(illegal)?;
                state.play_move(from, to);
            }
        }
        Ok(())
    }

    fn public(&self, state: &NeighbourState) -> NeighbourPublic {
        let waiting = match state.phase {
            Phase::Placing { piece, landed } => {
                Some(Waiting { piece: piece_words(piece), landed, choices: state.choices().collect() })
            }
            _ => None,
        };
        NeighbourPublic {
            board: state.board.fen_board(),
            pieces_left: state.pieces_left,
            positions_left: state.positions_left,
            flipped_pieces: state.flipped_pieces.clone(),
            flipped_positions: state.flipped_positions.clone(),
            last_flip: state.last_flip,
            last_added: state.last_added,
            spent: state.spent,
            adding: state.may_add(),
            waiting,
            score_now: state.cards_left(),
            groups: groups(state.board.occupied(), state.touch).len(),
            touch: state.touch,
        }
    }

    fn hidden(&self, state: &NeighbourState) -> Option<NeighbourHidden> {
        Some(NeighbourHidden {
            pieces: state.piece_pile.clone().unwrap_or_default(),
            positions: state.position_pile.clone().unwrap_or_default(),
        })
    }

    fn board(&self, state: &NeighbourState, _viewer: Viewer, legal: &[NeighbourAction]) -> Option<BoardView> {
        let mut board = Board::empty();
        for (sq, piece) in state.board.pieces() {
            board.put(sq, piece);
        }
        let selectable = legal.iter().fold(Bitboard::EMPTY, |acc, a| match a {
            NeighbourAction::Move(from, _) | NeighbourAction::Place(from) => acc.with(*from),
            NeighbourAction::Add => acc,
        });
        let landed = match state.phase {
            Phase::Placing { landed, .. } => Some(landed),
            _ => None,
        };
        let held = state.last_added.filter(|_| state.may_add());
        Some(board_view(&board, selectable, |sq| SquareMarks {
            markers: [(landed, "landed"), (held, "last-added")]
                .into_iter()
                .filter(|(at, _)| *at == Some(sq))
                .map(|(_, mark)| mark.to_string())
                .collect(),
            ..Default::default()
        }))
    }

    fn outcome(&self, state: &NeighbourState) -> Option<Outcome> {
        state.ended.clone()
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies { resign: true, draw_offers: false, takebacks: false }
    }

    fn puzzles(&self, state: &NeighbourState, over: bool) -> Vec<String> {
        if over && state.dealt.is_some() { vec!["deal".to_string()] } else { Vec::new() }
    }

    fn par(&self, state: &NeighbourState, puzzle: &str) -> Option<Par> {
        if puzzle != "deal" {
            return None;
        }
        let (pieces, positions) = state.dealt.as_ref()?;
        let deal = par::Deal { pieces, positions, touch: state.touch };
        let search = par::solve(&deal, par::Budget { positions: PAR_BUDGET });
        let answer = match search.par {
            par::Par::Proven { score, line } => ParAnswer::Score { score, line },
            par::Par::Impossible => ParAnswer::Impossible,
            par::Par::NoProof { at_most } => ParAnswer::Unproven { bound: at_most },
        };
        Some(Par { puzzle: puzzle.into(), title: "The deal".into(), answer, positions: search.positions })
    }

    fn parse_position(&self, text: &str) -> Result<NeighbourState, GameError> {
        notation::read_position(text)
    }

    fn format_position(&self, state: &NeighbourState) -> String {
        notation::write_position(state)
    }
}

/// "the white knight e4→e6, borrowing the rook's move".
fn describe_move(state: &NeighbourState, from: Square, to: Square) -> String {
    let board = &state.board;
    let Some(piece) = board.piece_at(from) else { return format!("{from}→{to}") };
    let occupied = board.occupied();
    let lent: Vec<&str> = board
        .lenders(from)
        .into_iter()
        .filter(|role| piece_attacks(*role, from, occupied).contains(to))
        .map(|role| role.name())
        .collect();
    format!("the {} {from}→{to}, borrowing the {}'s move", piece_words(piece), lent.join(" or the "))
}

/// "flips the white knight (8H) and 4H: from d4, 4 squares right, to h4, which is taken:
/// place it on g3, h3, g5 or h5".
fn describe_flip(state: &NeighbourState, flip: &Flip) -> String {
    let piece = flip.piece_card.piece().map_or_else(|| "piece".to_string(), piece_words);
    let way = if flip.position_card.suit.is_red() { "right" } else { "up" };
    let sent = format!(
        "flips the {piece} ({}) and {}: from {}, {} squares {way}, to {}",
        flip.piece_card, flip.position_card, flip.from, flip.position_card.rank, flip.landed
    );
    match (state.phase, state.last_added) {
        (Phase::Placing { .. }, _) => {
            format!("{sent}, which is taken: place it on {}", notation::list(state.choices().collect()))
        }
        (_, Some(at)) if at != flip.landed => {
            format!("{sent}, which is taken: it goes to {at}, the only free square nearest")
        }
        _ => sent,
    }
}

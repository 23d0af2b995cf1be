//! Blake's Chess actions as text, read and written: `e2e4`, `e4xd5` (declaring a capture),
//! `e4xd5+c3` (a tag-team capture with the piece on c3), `play 7H,7S,9C,9D`,
//! `play 2H,3S,4D Nb1`, `play AH b8 g8`, `draw stock`, `draw waste`, `discard QS`, `pass`,
//! `done`. Reading explains a refusal from the acting seat's own knowledge.

use super::hands::{Meaning, PokerHand, card_list};
use super::moves::last_rank;
use super::plays::{Play, Target};
use super::state::{BlakesState, Step};
use crate::cards::Card;
use crate::chess::parse_squares;
use crate::game::{ErrorCode, GameError, Seat};
use crate::geometry::Square;
use crate::pieces::Role;

/// Where a card is drawn from.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Source {
    /// The top of the face-down stock.
    Stock,
    /// The top of the face-up waste pile.
    Waste,
}

/// One action of Blake's Chess.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BlakesAction {
    /// A move that captures nothing (castling: the king's two squares, `e1g1`).
    Move {
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// The piece a pawn reaching the last rank becomes.
        promotion: Option<Role>,
    },
    /// Declaring a capture: the dice are rolled at once.
    Attack {
        /// The attacking piece.
        from: Square,
        /// Where it lands if it wins (for en passant, the square behind the pawn).
        to: Square,
        /// The piece a pawn landing on the last rank becomes.
        promotion: Option<Role>,
        /// The second attacker of a tag-team attack.
        partner: Option<Square>,
    },
    /// Cards from the hand.
    Play(Play),
    /// A card drawn instead of a move.
    Draw(Source),
    /// A card discarded after drawing beyond the hand limit.
    Discard(Card),
    /// No card to play in an attack's reaction window.
    Pass,
    /// The end of the turn.
    Done,
}

fn bad(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::BadNotation, message)
}

fn illegal(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::IllegalAction, message)
}

/// The target of a play as written after its cards: ` Nb1`, ` xd8`, ` b8 g8`, ` all`.
fn target_text(play: &Play) -> String {
    match play.target {
        Target::None => String::new(),
        Target::Square(sq) if play.meaning == Meaning::Poker(PokerHand::Flush(5)) => format!(" x{sq}"),
        Target::Square(sq) => format!(" {sq}"),
        Target::Squares(a, b) => format!(" {a} {b}"),
        Target::Piece(role, sq) => format!(" {}{sq}", role.letter()),
        Target::All => " all".into(),
    }
}

/// The action as the game writes it.
pub fn format_action(action: &BlakesAction) -> String {
    let promo = |p: &Option<Role>| p.map_or(String::new(), |r| r.letter().to_ascii_lowercase().to_string());
    match action {
        BlakesAction::Move { from, to, promotion } => format!("{from}{to}{}", promo(promotion)),
        BlakesAction::Attack { from, to, promotion, partner } => {
            let partner = partner.map_or(String::new(), |p| format!("+{p}"));
            format!("{from}x{to}{}{partner}", promo(promotion))
        }
        BlakesAction::Play(play) => format!("play {}{}", card_list(&play.cards), target_text(play)),
        BlakesAction::Draw(Source::Stock) => "draw stock".into(),
        BlakesAction::Draw(Source::Waste) => "draw waste".into(),
        BlakesAction::Discard(card) => format!("discard {card}"),
        BlakesAction::Pass => "pass".into(),
        BlakesAction::Done => "done".into(),
    }
}

/// `text` without its first word if that word is `keyword` (any case), or `None`.
fn after(text: &str, keyword: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    first.eq_ignore_ascii_case(keyword).then(|| words.collect::<Vec<_>>().join(" "))
}

impl BlakesState {
    /// An example card from `seat`'s own hand, for messages.
    fn example_card(&self, seat: Seat) -> String {
        self.hands[usize::from(seat)].first().map_or("QS".to_string(), Card::to_string)
    }

    /// Reads `text` as an action of `seat`, which may act now.
    pub fn read_action(&self, seat: Seat, text: &str) -> Result<BlakesAction, GameError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return match self.step {
                Step::React(_) => Ok(BlakesAction::Pass),
                _ => Err(illegal("You pass only while an attack waits for cards; to end your turn say done.")),
            };
        }
        if t.eq_ignore_ascii_case("done") {
            return self.read_done();
        }
        if let Some(rest) = after(t, "play") {
            return self.read_play(seat, &rest).map(BlakesAction::Play);
        }
        if let Some(rest) = after(t, "draw") {
            return self.read_draw(&rest).map(BlakesAction::Draw);
        }
        if let Some(rest) = after(t, "discard") {
            return self.read_discard(seat, &rest).map(BlakesAction::Discard);
        }
        self.read_move(t)
    }

    /// Whether the mover may make a move, capture or draw now.
    fn may_act_on_board(&self) -> Result<(), GameError> {
        match self.step {
            Step::React(_) => Err(illegal("An attack is under way: play a card or pass.")),
            Step::Discard => Err(illegal("You hold more than five cards: discard one first.")),
            Step::Move if self.play.left == 0 => Err(illegal(
                "You have used this turn's moves: play cards from your hand, or say done to end your turn.",
            )),
            Step::Move => Ok(()),
        }
    }

    /// Whether the mover has a move, capture or draw it could make now (none once the turn's
    /// moves are used up).
    pub fn has_board_action(&self) -> bool {
        self.play.left > 0
            && (!self.quiet_moves().is_empty() || !self.captures().is_empty() || !self.draws().is_empty())
    }

    /// Whether the mover may end the turn now with `done`: in the move step, once a move,
    /// capture or draw has been made, or when there is none to make.
    pub fn may_end_turn(&self) -> bool {
        self.step == Step::Move && (self.play.acted || !self.has_board_action())
    }

    fn read_done(&self) -> Result<BlakesAction, GameError> {
        match self.step {
            _ if self.may_end_turn() => Ok(BlakesAction::Done),
            Step::Move if self.may_draw_now() => Err(illegal("Your turn needs a move, a capture or a draw first.")),
            Step::Move => Err(illegal("Your turn needs a move or a capture first (draws come from your fourth turn).")),
            Step::Discard => Err(illegal("You hold more than five cards: discard one first.")),
            Step::React(_) => Err(illegal("An attack is under way: play a card or pass.")),
        }
    }

    /// The draws the mover may make now.
    pub fn draws(&self) -> Vec<Source> {
        if self.step != Step::Move || self.play.left == 0 || !self.may_draw_now() {
            return Vec::new();
        }
        let stock = self.stock.as_ref().is_none_or(|s| !s.is_empty()) || !self.waste.is_empty();
        let mut out = Vec::new();
        if stock {
            out.push(Source::Stock);
        }
        if !self.waste.is_empty() {
            out.push(Source::Waste);
        }
        out
    }

    fn read_draw(&self, rest: &str) -> Result<Source, GameError> {
        let source = match rest.trim().to_ascii_lowercase().as_str() {
            "stock" | "" => Source::Stock,
            "waste" => Source::Waste,
            other => {
                return Err(bad(format!("draw from the stock or the waste (draw stock, draw waste), not \"{other}\"")));
            }
        };
        self.may_act_on_board()?;
        if !self.may_draw_now() {
            return Err(illegal("You may not draw before your fourth turn: the first three are moves and captures."));
        }
        if !self.draws().contains(&source) {
            return Err(illegal(match source {
                Source::Waste => "The waste pile is empty.",
                Source::Stock => "The stock and the waste pile are both empty.",
            }));
        }
        Ok(source)
    }

    fn read_card(&self, seat: Seat, text: &str) -> Result<Card, GameError> {
        let text = text.trim();
        text.parse::<Card>().map_err(|_| {
            bad(format!("\"{text}\" is not a card: write its rank and suit, like {}.", self.example_card(seat)))
        })
    }

    fn read_discard(&self, seat: Seat, rest: &str) -> Result<Card, GameError> {
        if rest.trim().is_empty() {
            return Err(bad(format!("Name the card to discard, like discard {}.", self.example_card(seat))));
        }
        let card = self.read_card(seat, rest)?;
        if self.step != Step::Discard {
            return Err(illegal("You discard only after drawing a sixth card."));
        }
        if !self.hands[usize::from(seat)].contains(&card) {
            return Err(illegal(format!("You do not hold {card}.")));
        }
        Ok(card)
    }

    /// Reads a play: cards separated by commas, then its target.
    fn read_play(&self, seat: Seat, rest: &str) -> Result<Play, GameError> {
        let mut words = rest.split_whitespace();
        let ask =
            || bad(format!("Name the cards to play, separated by commas, like play {}.", self.example_card(seat)));
        let list = words.next().ok_or_else(ask)?;
        if list.split(',').any(|c| c.trim().is_empty()) {
            return Err(ask());
        }
        let typed = list.split(',').map(|c| self.read_card(seat, c)).collect::<Result<Vec<Card>, _>>()?;
        // Plays are matched on the cards in one order; they are spent in the order written.
        let mut cards = typed.clone();
        cards.sort_unstable();
        if cards.windows(2).any(|w| w[0] == w[1]) {
            return Err(bad("a card is named twice"));
        }
        let target = read_target(&words.collect::<Vec<_>>())?;
        if let Some(card) = cards.iter().find(|c| !self.hands[usize::from(seat)].contains(c)) {
            return Err(illegal(format!("You do not hold {card}.")));
        }
        let plays = self.plays(seat);
        if let Some(play) = plays.iter().find(|p| p.cards == cards && p.target == target) {
            return Ok(Play { cards: typed, ..play.clone() });
        }
        Err(illegal(self.why_not_playable(seat, &typed, target, &plays)))
    }

    /// Reads a move or the declaration of a capture.
    fn read_move(&self, text: &str) -> Result<BlakesAction, GameError> {
        let (main, partner) = match text.split_once(['+', ' ']) {
            Some((m, p)) => (m.trim(), Some(p.trim().trim_start_matches("with").trim())),
            None => (text, None),
        };
        let marked = main.len() >= 5 && main.as_bytes()[2].eq_ignore_ascii_case(&b'x');
        let plain = if marked { format!("{}{}", &main[..2], &main[3..]) } else { main.to_string() };
        let king = Square::from_coords(4, self.to_move.back_rank());
        let (from, to, promotion) = parse_squares(king, &plain).map_err(|_| {
            bad(format!(
                "\"{text}\" is not an action: write a move (e2e4), a capture (e4xd5), play <cards>, draw stock, draw waste, discard <card>, pass or done"
            ))
        })?;
        let partner = partner
            .map(|p| p.parse::<Square>().map_err(|_| bad(format!("\"{p}\" is not a square: name the partner like c3"))))
            .transpose()?;
        self.may_act_on_board()?;
        if let Some(capture) = self.captures().into_iter().find(|c| c.from == from && c.to == to) {
            self.check_promotion(self.promotes(&capture) && self.attacker_moves_in(), promotion)?;
            if let Some(p) = partner {
                self.check_partner(from, capture.victim, p)?;
            }
            return Ok(BlakesAction::Attack { from, to, promotion, partner });
        }
        if partner.is_some() {
            return Err(illegal("Only a capture has a partner."));
        }
        if marked && !self.board.occupied().contains(to) {
            return Err(illegal(format!("{to} is empty: there is nothing to capture there.")));
        }
        let quiet = self.quiet_moves();
        if let Some(found) = quiet.iter().find(|(f, t, p)| *f == from && *t == to && *p == promotion) {
            return Ok(BlakesAction::Move { from: found.0, to: found.1, promotion: found.2 });
        }
        if quiet.iter().any(|(f, t, _)| *f == from && *t == to) {
            return Err(illegal(promotion_hint()));
        }
        Err(illegal(self.why_no_move(from, to, promotion)))
    }

    /// Whether the turn's next attacker would move onto the square it wins (not a sniper, not
    /// a kamikaze): a pawn that would must name its promotion on the last rank.
    pub fn attacker_moves_in(&self) -> bool {
        !self.play.has(super::hands::Trump::Sniper) && !self.play.has(super::hands::Trump::Kamikaze)
    }

    fn check_promotion(&self, needed: bool, given: Option<Role>) -> Result<(), GameError> {
        match (needed, given) {
            (true, None) => Err(illegal(promotion_hint())),
            (false, Some(_)) => Err(illegal("Only a pawn that lands on its last rank is promoted.")),
            _ => Ok(()),
        }
    }

    fn check_partner(&self, lead: Square, victim: Square, partner: Square) -> Result<(), GameError> {
        if !self.play.has(super::hands::Trump::TagTeam) {
            return Err(illegal("Only a tag-team attack has a partner: play the 9 of trumps first."));
        }
        if !self.partners(lead, victim).contains(&partner) {
            let what = crate::chess::describe(&self.board, partner);
            return Err(illegal(format!("{} cannot capture on {victim} as well.", capitalised(&what))));
        }
        Ok(())
    }

    /// Why `from`→`to` is no move of the mover's, in the players' words.
    fn why_no_move(&self, from: Square, to: Square, promotion: Option<Role>) -> String {
        let us = self.to_move;
        let Some(piece) = self.board.piece_at(from) else { return format!("There is no piece on {from}.") };
        if piece.color != us {
            return format!("The {} on {from} is {}'s.", piece.role, piece.color);
        }
        if self.board.color_at(to) == Some(us) {
            return format!(
                "Your own {} stands on {to}.",
                self.board.role_at(to).map_or("piece".into(), |r| r.to_string())
            );
        }
        if promotion.is_some() && (piece.role != Role::Pawn || to.rank() != last_rank(us)) {
            return "Only a pawn that reaches its last rank is promoted.".into();
        }
        if self.play.brainwashed == Some(from) && to.rank() == last_rank(us) {
            return "A brainwashed pawn may not reach the last rank.".into();
        }
        if self.is_castling(from, to) {
            return self.why_no_castling(from, to);
        }
        format!("The {} on {from} cannot reach {to}.", piece.role)
    }
}

impl BlakesState {
    /// Why the king on `from` may not castle to `to`, naming the condition that fails: the
    /// king on its own square, a rook of the mover's on the corner (rooks come by building),
    /// the corner's right kept, the squares between empty.
    fn why_no_castling(&self, from: Square, to: Square) -> String {
        let rank = self.to_move.back_rank();
        let home = Square::from_coords(4, rank);
        if from != home {
            return format!(
                "Castling starts from the king's own square, {home}: a king that has left it may not castle."
            );
        }
        let (corner_file, between): (u8, &[u8]) = if to.file() > from.file() { (7, &[5, 6]) } else { (0, &[1, 2, 3]) };
        let corner = Square::from_coords(corner_file, rank);
        let rook = self.board.piece_at(corner).is_some_and(|p| p.color == self.to_move && p.role == Role::Rook);
        if !rook {
            return format!("There is no rook of yours on {corner} to castle with.");
        }
        if !self.castling.contains(corner) {
            return format!(
                "The rook on {corner} may no longer castle: the king has moved, or a piece has moved off, onto or been taken on {corner}."
            );
        }
        let blocked: Vec<String> = between
            .iter()
            .map(|f| Square::from_coords(*f, rank))
            .filter(|sq| self.board.occupied().contains(*sq))
            .map(|sq| sq.to_string())
            .collect();
        format!("Castling needs the squares between the king and the rook empty: {} is not.", blocked.join(" and "))
    }
}

fn promotion_hint() -> String {
    "A pawn reaching the last rank becomes a queen, rook, bishop or knight: add q, r, b or n (e7e8q).".into()
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Reads a play's target: nothing, `all`, `xd8`, `d7`, `Nb1`, or two squares `b8 g8`.
fn read_target(words: &[&str]) -> Result<Target, GameError> {
    let square = |w: &str| w.parse::<Square>().ok();
    let unreadable = || {
        bad(format!(
            "\"{}\" is no target: write nothing, all, a square (d7), x and a square (xd8), a piece and a square (Nb1) or two squares (b8 g8)",
            words.join(" ")
        ))
    };
    match words {
        [] => Ok(Target::None),
        [w] if w.eq_ignore_ascii_case("all") => Ok(Target::All),
        [w] if w.len() == 3 && w.starts_with(['x', 'X']) => square(&w[1..]).map(Target::Square).ok_or_else(unreadable),
        [w] if w.len() == 3 => {
            let role = Role::from_letter(w.chars().next().unwrap_or(' ')).ok_or_else(unreadable)?;
            square(&w[1..]).map(|sq| Target::Piece(role, sq)).ok_or_else(unreadable)
        }
        [w] => square(w).map(Target::Square).ok_or_else(unreadable),
        [a, b] => Ok(Target::Squares(square(a).ok_or_else(unreadable)?, square(b).ok_or_else(unreadable)?)),
        _ => Err(unreadable()),
    }
}

//! Blake's Chess positions as text, for adjudication without a game: FEN, then the game's own
//! fields. Documented in `docs/games/blakes-chess.md` ("Position notation").
//!
//! `<placement> <w|b> <corners> <en passant> <halfmoves> <turn> <trump> <hands> <waste>
//! <built> <lost> <step> <turn so far> [stock:<cards>]`

use super::attack::not_shaping;
use super::hands::{Trump, card_list};
use super::moves::Capture;
use super::state::{
    Attack, BlakesState, Ledger, MOST_ACTIONS, MOST_PLUS, Modifier, Step, TurnPlay, corners, placement, suit_letter,
};
use crate::cards::Card;
use crate::chess::parse_board;
use crate::game::{ErrorCode, GameError};
use crate::geometry::{Bitboard, Square};
use crate::pieces::{Color, Role};

fn bad(message: impl Into<String>) -> GameError {
    GameError::new(ErrorCode::BadPosition, message)
}

/// Cards as a field: `7H,7S` or `-`.
fn cards_field(cards: &[Card]) -> String {
    if cards.is_empty() { "-".into() } else { card_list(cards) }
}

fn read_cards(field: &str, what: &str) -> Result<Vec<Card>, GameError> {
    if field == "-" {
        return Ok(Vec::new());
    }
    field.split(',').map(|c| c.parse::<Card>().map_err(|e| bad(format!("{what}: {}", e.0)))).collect()
}

/// A pair of fields for White and Black: `a/b`.
fn pair<'a>(field: &'a str, what: &str) -> Result<(&'a str, &'a str), GameError> {
    field.split_once('/').ok_or_else(|| bad(format!("{what} are written White's/Black's, like -/-; found {field}")))
}

/// The corners with castling rights: `K` h1, `Q` a1, `k` h8, `q` a8.
const CORNER_LETTERS: [(char, u8); 4] = [('K', 7), ('Q', 0), ('k', 63), ('q', 56)];

fn corners_field(castling: Bitboard) -> String {
    let text: String =
        CORNER_LETTERS.iter().filter(|(_, i)| castling.contains(Square::new(*i))).map(|(c, _)| *c).collect();
    if text.is_empty() { "-".into() } else { text }
}

fn read_corners(field: &str) -> Result<Bitboard, GameError> {
    if field == "-" {
        return Ok(Bitboard::EMPTY);
    }
    field
        .chars()
        .map(|c| {
            CORNER_LETTERS
                .iter()
                .find(|(l, _)| *l == c)
                .map(|(_, i)| Square::new(*i))
                .ok_or_else(|| bad(format!("castling corners are K, Q, k and q, not {c}")))
        })
        .collect()
}

/// A ledger's built pieces: `RRNBQ` (each letter once per piece built) or `-`.
fn built_field(ledger: &Ledger) -> String {
    let text: String = super::state::BUILT_ROLES
        .iter()
        .flat_map(|r| std::iter::repeat_n(r.letter(), usize::from(ledger.built_of(*r))))
        .collect();
    if text.is_empty() { "-".into() } else { text }
}

fn dead_field(ledger: &Ledger) -> String {
    let text: String = ledger.dead.iter().map(|r| r.letter()).collect();
    if text.is_empty() { "-".into() } else { text }
}

fn read_ledger(built: &str, dead: &str) -> Result<Ledger, GameError> {
    let mut ledger = Ledger::default();
    let letters = |field: &str| -> Result<Vec<Role>, GameError> {
        if field == "-" {
            return Ok(Vec::new());
        }
        field.chars().map(|c| Role::from_letter(c).ok_or_else(|| bad(format!("{c} is not a piece letter")))).collect()
    };
    for role in letters(built)? {
        if !super::state::BUILT_ROLES.contains(&role) {
            return Err(bad("only rooks, knights, bishops and queens are built"));
        }
        ledger.add_built(role);
    }
    if ledger.built[..3].iter().any(|n| *n > 2) || ledger.built[3] > 1 {
        return Err(bad("a side builds at most two rooks, knights and bishops and one queen"));
    }
    ledger.dead = letters(dead)?;
    Ok(ledger)
}

/// The turn so far: `-` for a fresh turn, else
/// `left=2,acted,moved,invisibility,brainwashed=d7,played=3H+7H,pending=3H+7H`. The moves left
/// are written unless they are what reading leaves out: 1 in the move step, and always during
/// an attack (read without `left=` as none left).
fn turn_field(play: &TurnPlay, attacking: bool) -> String {
    let mut parts = Vec::new();
    if play.left != 1 || attacking {
        parts.push(format!("left={}", play.left));
    }
    if play.acted {
        parts.push("acted".into());
    }
    if play.moved {
        parts.push("moved".into());
    }
    parts.extend(play.effects.iter().map(|t| t.name().replace(' ', "-")));
    if let Some(sq) = play.brainwashed {
        parts.push(format!("brainwashed={sq}"));
    }
    if !play.cards_played.is_empty() {
        parts.push(format!("played={}", plus_list(&play.cards_played)));
    }
    if !play.pending.is_empty() {
        parts.push(format!("pending={}", plus_list(&play.pending)));
    }
    if parts.is_empty() { "-".into() } else { parts.join(",") }
}

/// Cards joined by `+`: `7H+4H`.
fn plus_list(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join("+")
}

fn read_trump(name: &str) -> Option<Trump> {
    Trump::ALL.into_iter().find(|t| read_name(*t) == name)
}

/// A trump as the notation writes it: `secret-passageway`.
fn read_name(trump: Trump) -> String {
    trump.name().replace(' ', "-")
}

fn read_turn(field: &str) -> Result<TurnPlay, GameError> {
    let mut play = TurnPlay::default();
    if field == "-" {
        return Ok(play);
    }
    for part in field.split(',') {
        match part.split_once('=') {
            Some(("left", n)) => {
                play.left = n
                    .parse()
                    .ok()
                    .filter(|left| *left <= MOST_ACTIONS)
                    .ok_or_else(|| bad(format!("left={n}: a turn has 0, 1 or 2 moves left")))?
            }
            Some(("played", cards)) => play.cards_played = read_cards(&cards.replace('+', ","), "cards played")?,
            Some(("pending", cards)) => play.pending = read_cards(&cards.replace('+', ","), "cards pending")?,
            Some(("brainwashed", sq)) => {
                play.brainwashed = Some(sq.parse().map_err(|_| bad(format!("brainwashed={sq}: a square")))?)
            }
            None if part == "acted" => play.acted = true,
            None if part == "moved" => play.moved = true,
            None => play.effects.push(
                read_trump(part)
                    .filter(|t| t.lasts_the_turn() || t.is_for_attack())
                    .ok_or_else(|| bad(format!("{part} is nothing a turn keeps")))?,
            ),
            Some(_) => return Err(bad(format!("{part} is nothing a turn keeps"))),
        }
    }
    Ok(play)
}

/// An attack in its window: `react:e4xd5+c3,dice=43/52,plus=1/0,passed=attacker,guard=c6,sniper`.
fn attack_field(attack: &Attack) -> String {
    let mut text = format!("react:{}x{}", attack.from, attack.to);
    if let Some(p) = attack.promotion {
        text.push(p.letter().to_ascii_lowercase());
    }
    if let Some(p) = attack.partner {
        text.push_str(&format!("+{p}"));
    }
    let [a, d] = attack.dice;
    text.push_str(&format!(",dice={}{}/{}{}", a[0], a[1], d[0], d[1]));
    if attack.plus(0) > 0 || attack.plus(1) > 0 {
        text.push_str(&format!(",plus={}/{}", attack.plus(0), attack.plus(1)));
    }
    match attack.passed {
        [true, false] => text.push_str(",passed=attacker"),
        [false, true] => text.push_str(",passed=defender"),
        _ => {}
    }
    if let Some(g) = attack.bodyguard {
        text.push_str(&format!(",guard={g}"));
    }
    for t in &attack.trumps {
        text.push_str(&format!(",{}", t.name().replace(' ', "-")));
    }
    text
}

impl BlakesState {
    /// The position in the game's notation.
    pub fn to_text(&self) -> String {
        let step = match &self.step {
            Step::Move => "move".to_string(),
            Step::Discard => "discard".to_string(),
            Step::React(attack) => attack_field(attack),
        };
        let mut text = format!(
            "{} {} {} {} {} {} {} {}/{} {} {}/{} {}/{} {step} {}",
            placement::write(&self.board),
            self.to_move.fen_char(),
            corners_field(self.castling),
            self.ep.map_or("-".to_string(), |s| s.to_string()),
            self.halfmoves,
            self.turn_number,
            self.trump.letter(),
            cards_field(&self.hands[0]),
            cards_field(&self.hands[1]),
            cards_field(&self.waste),
            built_field(&self.ledgers[0]),
            built_field(&self.ledgers[1]),
            dead_field(&self.ledgers[0]),
            dead_field(&self.ledgers[1]),
            turn_field(&self.play, matches!(self.step, Step::React(_))),
        );
        if let Some(stock) = &self.stock {
            text.push_str(&format!(" stock:{}", cards_field(stock)));
        }
        text
    }

    /// Reads a position written by [`BlakesState::to_text`].
    pub fn from_text(text: &str) -> Result<BlakesState, GameError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(13..=14).contains(&fields.len()) {
            return Err(bad(format!(
                "a Blake's Chess position has 13 fields (six of FEN, trump, hands, waste, built, lost, step, turn) and optionally stock:<cards>; found {}",
                fields.len()
            )));
        }
        let board = parse_board(fields[0]).map_err(|e| bad(e.0))?;
        let to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(bad(format!("the side to move is w or b, not {other}"))),
        };
        let number =
            |f: &str, what: &str| f.parse::<u32>().map_err(|_| bad(format!("{what} must be a number, not {f}")));
        let (white_hand, black_hand) = pair(fields[7], "hands")?;
        let (white_built, black_built) = pair(fields[9], "built pieces")?;
        let (white_dead, black_dead) = pair(fields[10], "lost pieces")?;
        let stock = match fields.get(13) {
            None => None,
            Some(f) => Some(read_cards(
                f.strip_prefix("stock:").ok_or_else(|| bad(format!("the last field is stock:<cards>, not {f}")))?,
                "stock",
            )?),
        };
        let mut state = BlakesState {
            board,
            to_move,
            castling: read_corners(fields[2])? & corners(),
            ep: match fields[3] {
                "-" => None,
                s => Some(s.parse().map_err(|_| bad(format!("the en passant square {s} is not a square")))?),
            },
            halfmoves: number(fields[4], "the halfmove clock")?,
            turn_number: number(fields[5], "the turn number")?.max(1),
            trump: suit_letter::read(fields[6])
                .ok_or_else(|| bad(format!("the trump suit is C, D, H or S, not {}", fields[6])))?,
            cut: None,
            hands: [read_cards(white_hand, "White's hand")?, read_cards(black_hand, "Black's hand")?],
            stock,
            waste: read_cards(fields[8], "waste")?,
            ledgers: [read_ledger(white_built, white_dead)?, read_ledger(black_built, black_dead)?],
            play: read_turn(fields[12])?,
            step: Step::Move,
            last_attack: None,
            ended: None,
        };
        state.step = state.read_step(fields[11])?;
        if matches!(state.step, Step::React(_)) {
            state.declared(fields[12].contains("left="))?;
        }
        state.validate()?;
        Ok(state)
    }

    fn read_step(&self, field: &str) -> Result<Step, GameError> {
        match field {
            "move" => Ok(Step::Move),
            "discard" => Ok(Step::Discard),
            _ => match field.strip_prefix("react:") {
                Some(attack) => self.read_attack(attack).map(|a| Step::React(Box::new(a))),
                None => Err(bad(format!("the step is move, discard or react:<attack>, not {field}"))),
            },
        }
    }

    /// The capture written `written` (`d4xd6+b4`), if the mover could have declared it, with
    /// its partner.
    fn declared_capture(&self, written: &str) -> Result<(Capture, Option<Role>, Option<Square>), GameError> {
        let (capture, partner) = match written.split_once('+') {
            Some((c, p)) => (c, Some(p.parse::<Square>().map_err(|_| bad(format!("partner {p}: a square")))?)),
            None => (written, None),
        };
        let squares = capture.replacen('x', "", 1);
        let (from, to, promotion) = crate::chess::parse_uci_form(&squares)
            .map_err(|_| bad(format!("{capture} is not a capture like e4xd5")))?;
        let refuse = |why: String| bad(format!("react:{written}: {why}"));
        let piece = self.board.piece_at(from).ok_or_else(|| refuse(format!("there is no piece on {from}")))?;
        if piece.color != self.to_move {
            return Err(refuse(format!("the {} on {from} is not {}'s", piece.role, self.to_move)));
        }
        let capture = self
            .captures()
            .into_iter()
            .find(|c| c.from == from && c.to == to)
            .ok_or_else(|| refuse(format!("the {} on {from} cannot capture on {to}", piece.role)))?;
        if let Some(p) = partner
            && !self.partners(from, capture.victim).contains(&p)
        {
            let what = self.board.role_at(p).map_or(format!("nothing on {p}"), |r| format!("the {r} on {p}"));
            return Err(refuse(format!("{what} cannot capture on {} as well", capture.victim)));
        }
        Ok((capture, promotion, partner))
    }

    /// An attack under way is the turn's move or capture: the turn has acted and moved (the
    /// field may leave that out), and the declaration used one of its moves, so without a
    /// `left=` written none is left, and two never are.
    fn declared(&mut self, left_written: bool) -> Result<(), GameError> {
        self.play.acted = true;
        self.play.moved = true;
        if !left_written {
            self.play.left = 0;
        }
        if self.play.left >= MOST_ACTIONS {
            return Err(bad(format!(
                "left={}: an attack under way has used one of the turn's moves, so at most one is left",
                self.play.left
            )));
        }
        Ok(())
    }

    /// Refuses an attack no declaration leads to: a partner without tag-team, a trump that
    /// does not shape this attack, a promotion that does not fit, a bodyguard that could not
    /// have been named.
    fn check_attack(&self, attack: &Attack, written: &str) -> Result<(), GameError> {
        let refuse = |why: &str| bad(format!("react:{written}: {why}"));
        if attack.partner.is_some() && !attack.has(Trump::TagTeam) {
            return Err(refuse("a partner attacks only with tag-team among the attack's trumps"));
        }
        for (i, trump) in attack.trumps.iter().enumerate() {
            if attack.trumps[..i].contains(trump) {
                return Err(refuse(&format!("{} is written twice", read_name(*trump))));
            }
            if let Some(why) = not_shaping(*trump, attack.attacker, attack.defender, attack.partner.is_some()) {
                let example = self.partners(attack.from, attack.victim).first().map(|p| format!(" ({}+{p})", written));
                let example = if *trump == Trump::TagTeam { example.unwrap_or_default() } else { String::new() };
                return Err(bad(format!("{why}{example}")));
            }
        }
        let capture = Capture { from: attack.from, to: attack.to, victim: attack.victim };
        let needed = self.promotes(&capture) && !attack.has(Trump::Sniper);
        match (needed, attack.promotion) {
            (true, None) => {
                return Err(refuse(&format!("a pawn landing on its last rank names its promotion ({written}q)")));
            }
            (false, Some(_)) => return Err(refuse("only a pawn that lands on its last rank is promoted")),
            _ => {}
        }
        if let Some(guard) = attack.bodyguard {
            self.check_guard(attack, guard)?;
        }
        Ok(())
    }

    /// A bodyguard the defender could have named: another of its pieces, not a king, in a
    /// swap that leaves pawns off the end ranks.
    fn check_guard(&self, attack: &Attack, guard: Square) -> Result<(), GameError> {
        let refuse = |why: &str| Err(bad(format!("guard={guard}: {why}")));
        if attack.defender == Role::King || self.board.role_at(guard) == Some(Role::King) {
            return refuse("a king is never a bodyguard, nor guarded");
        }
        if guard == attack.victim || self.board.color_at(guard) != Some(self.to_move.other()) {
            return refuse("the bodyguard is another of the defender's pieces");
        }
        if !self.pawns_stay_off_end_ranks(guard, attack.victim) {
            return refuse("that swap would put a pawn on an end rank");
        }
        Ok(())
    }

    /// Reads an attack in its window; strengths and bonus follow from the pieces and trumps.
    fn read_attack(&self, text: &str) -> Result<Attack, GameError> {
        let mut parts = text.split(',');
        let written = parts.next().unwrap_or("");
        let (capture, promotion, partner) = self.declared_capture(written)?;
        let Capture { from, to, victim } = capture;
        let role = |sq: Square| self.board.role_at(sq).ok_or_else(|| bad(format!("the attack needs a piece on {sq}")));
        let (attacker, defender) = (role(from)?, role(victim)?);
        let partner_role = partner.map(role).transpose()?;
        let mut attack = Attack {
            from,
            to,
            victim,
            partner,
            promotion,
            attacker,
            partner_role,
            defender,
            dice: [[1, 1], [1, 1]],
            strength: [0, 0],
            bonus: super::attack::ATTACK_BONUS,
            modifiers: [Vec::new(), Vec::new()],
            passed: [false, false],
            bodyguard: None,
            trumps: Vec::new(),
        };
        for part in parts {
            match part.split_once('=') {
                Some(("dice", d)) => attack.dice = read_dice(d)?,
                Some(("plus", p)) => {
                    let (a, d) = pair(p, "roll modifiers")?;
                    for (i, n) in [a, d].into_iter().enumerate() {
                        let plus: u8 = n.parse().map_err(|_| bad(format!("plus={p}: two numbers")))?;
                        if plus > MOST_PLUS {
                            return Err(bad(format!("plus={p}: roll modifiers add at most {MOST_PLUS} a side")));
                        }
                        attack.modifiers[i] = vec![Modifier { cards: Vec::new(), plus }];
                    }
                }
                Some(("passed", "attacker")) => attack.passed[0] = true,
                Some(("passed", "defender")) => attack.passed[1] = true,
                Some(("guard", g)) => attack.bodyguard = Some(g.parse().map_err(|_| bad(format!("guard={g}")))?),
                None => attack.trumps.push(
                    read_trump(part)
                        .filter(|t| t.is_for_attack())
                        .ok_or_else(|| bad(format!("{part} is no attack trump")))?,
                ),
                Some(_) => return Err(bad(format!("{part} is nothing an attack keeps"))),
            }
        }
        self.check_attack(&attack, written)?;
        for side in 0..2 {
            let seat = if (side == 0) == (self.to_move == Color::White) { 0 } else { 1 };
            attack.passed[side] |= self.hands[seat].is_empty();
        }
        if attack.passed == [true, true] {
            return Err(bad("an attack waits only while someone may still play a card"));
        }
        let s = super::attack::strength;
        attack.strength = [s(attacker) + partner_role.map_or(0, s), s(defender)];
        if attack.has(Trump::Uprising) {
            attack.strength.swap(0, 1);
        }
        if attack.has(Trump::Kamikaze) {
            attack.bonus += super::attack::KAMIKAZE_BONUS;
        }
        Ok(attack)
    }

    /// Refuses positions no game reaches: two kings a side, pawns on the end ranks, a card
    /// twice, more than five cards outside the discard step.
    fn validate(&mut self) -> Result<(), GameError> {
        for color in Color::ALL {
            if self.board.pieces(color, Role::King).count() > 1 {
                return Err(bad(format!("{color} has two kings")));
            }
        }
        if let Some(sq) = (self.board.by_role(Role::Pawn) & (Bitboard::rank(0) | Bitboard::rank(7))).first() {
            return Err(bad(format!("a pawn stands on {sq}: pawns never stand on the first or last rank")));
        }
        self.check_pending()?;
        self.check_corners()?;
        let mut all: Vec<Card> = self.hands.concat();
        all.extend(&self.waste);
        all.extend(&self.play.pending);
        all.extend(self.stock.iter().flatten());
        crate::cards::check_cards(&all, crate::cards::NamedDeck::Standard52).map_err(bad)?;
        let limit = |i: usize| if self.step == Step::Discard && i == self.to_move.index() { 6 } else { 5 };
        if (0..2).any(|i| self.hands[i].len() > limit(i)) {
            return Err(bad("a hand holds at most five cards (six while discarding)"));
        }
        if let Some(color) = Color::ALL.into_iter().find(|c| self.board.king_of(*c).is_none()) {
            let winner = color.other();
            self.ended = Some(super::super::two_colours::wins(winner, format!("{winner} captured the king")));
        }
        Ok(())
    }
}

impl BlakesState {
    /// A corner keeps its castling right only while its king stands on its own square and no
    /// enemy piece stands on the corner: a king that has moved has no right left to keep.
    fn check_corners(&self) -> Result<(), GameError> {
        for (letter, index) in CORNER_LETTERS {
            let corner = Square::new(index);
            if !self.castling.contains(corner) {
                continue;
            }
            let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
            let home = Square::from_coords(4, color.back_rank());
            let king = self.board.piece_at(home).is_some_and(|p| p.color == color && p.role == Role::King);
            if !king {
                return Err(bad(format!(
                    "castling corner {letter}: {color}'s king is not on {home}, and a king that has moved keeps no castling right"
                )));
            }
            if self.board.color_at(corner) == Some(color.other()) {
                return Err(bad(format!(
                    "castling corner {letter}: a {} piece stands on {corner}, and a corner a piece has landed on keeps no castling right",
                    color.other()
                )));
            }
        }
        Ok(())
    }

    /// Cards waiting beside the waste must be trumps played this turn whose effect is still
    /// to come.
    fn check_pending(&self) -> Result<(), GameError> {
        for card in &self.play.pending {
            let waiting = card.suit == self.trump && Trump::of_rank(card.rank).waits();
            if !waiting || !self.play.cards_played.contains(card) {
                return Err(bad(format!(
                    "pending={card}: only trumps played this turn whose effect is still to come wait beside the waste"
                )));
            }
        }
        Ok(())
    }
}

fn read_dice(text: &str) -> Result<[[u8; 2]; 2], GameError> {
    let (a, d) = pair(text, "dice")?;
    let die = |c: char| c.to_digit(10).filter(|n| (1..=6).contains(n)).map(|n| n as u8);
    let two = |s: &str| -> Option<[u8; 2]> {
        let mut chars = s.chars();
        let pair = [die(chars.next()?)?, die(chars.next()?)?];
        chars.next().is_none().then_some(pair)
    };
    match (two(a), two(d)) {
        (Some(a), Some(d)) => Ok([a, d]),
        _ => Err(bad(format!("dice={text}: two dice a side, 1 to 6, like dice=43/52"))),
    }
}

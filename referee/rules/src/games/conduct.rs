//! What every two-player chess game shares around its moves: resigning, offering and accepting
//! a draw, and the record of how the game ended. Written once so that each game's module only
//! holds its own rules.

use crate::game::{ErrorCode, GameError, Outcome, Seat};
use crate::pieces::Color;
use serde::{Deserialize, Serialize};

/// Seat 0 plays White, seat 1 Black.
pub fn seat_of(color: Color) -> Seat {
    color.index() as Seat
}

pub fn color_of(seat: Seat) -> Color {
    if seat == 0 { Color::White } else { Color::Black }
}

/// The actions any player may take at any time, whoever's move it is.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Courtesy {
    Resign,
    OfferDraw,
    AcceptDraw,
}

impl Courtesy {
    pub fn as_str(self) -> &'static str {
        match self {
            Courtesy::Resign => "resign",
            Courtesy::OfferDraw => "offer-draw",
            Courtesy::AcceptDraw => "accept-draw",
        }
    }

    /// Reads `resign`, `offer-draw` or `accept-draw`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Courtesy> {
        [Courtesy::Resign, Courtesy::OfferDraw, Courtesy::AcceptDraw]
            .into_iter()
            .find(|c| text.trim().eq_ignore_ascii_case(c.as_str()))
    }
}

/// The pending draw offer and how the game ended. Flattened into each game's state.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
pub struct Conduct {
    pub draw_offer: Option<Color>,
    pub ended: Option<Outcome>,
}

impl Conduct {
    /// Refuses any action once the game has ended.
    pub fn still_playing(&self) -> Result<(), GameError> {
        match &self.ended {
            Some(outcome) => Err(GameError::new(ErrorCode::GameOver, format!("The game is over: {}.", outcome.reason))),
            None => Ok(()),
        }
    }

    /// The courtesies `me` may use now.
    pub fn legal(&self, me: Color) -> Vec<Courtesy> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let mut out = vec![Courtesy::Resign];
        match self.draw_offer {
            Some(by) if by != me => out.push(Courtesy::AcceptDraw),
            Some(_) => {}
            None => out.push(Courtesy::OfferDraw),
        }
        out
    }

    /// Checks that `me` may use `courtesy` now, explaining why not.
    pub fn check(&self, me: Color, courtesy: Courtesy) -> Result<Courtesy, GameError> {
        self.still_playing()?;
        let illegal = |m: &str| Err(GameError::new(ErrorCode::IllegalAction, m));
        match (courtesy, self.draw_offer) {
            (Courtesy::OfferDraw, Some(by)) if by == me => illegal("You have already offered a draw."),
            (Courtesy::OfferDraw, Some(_)) => {
                illegal("Your opponent has offered a draw: answer it with accept-draw, or decline by moving.")
            }
            (Courtesy::AcceptDraw, Some(by)) if by != me => Ok(courtesy),
            (Courtesy::AcceptDraw, _) => illegal("There is no draw offer from your opponent to accept."),
            _ => Ok(courtesy),
        }
    }

    pub fn apply(&mut self, me: Color, courtesy: Courtesy) {
        match courtesy {
            Courtesy::Resign => {
                self.ended =
                    Some(Outcome::winners(2, &[seat_of(me.other())], format!("{me} resigned, {} wins", me.other())))
            }
            Courtesy::OfferDraw => self.draw_offer = Some(me),
            Courtesy::AcceptDraw => self.ended = Some(Outcome::draw(2, "draw by agreement")),
        }
    }

    /// Moving declines an offer the opponent made.
    pub fn moved(&mut self, me: Color) {
        if self.draw_offer == Some(me.other()) {
            self.draw_offer = None;
        }
    }
}

/// `text` without its first word if that word is `keyword` (any case): `play 8H c3` → `8H c3`.
pub fn after_keyword<'a>(text: &'a str, keyword: &str) -> Option<&'a str> {
    let (first, rest) = text.trim().split_once(char::is_whitespace)?;
    first.eq_ignore_ascii_case(keyword).then(|| rest.trim())
}

/// The repetition key of a position written as FEN plus a game's own fields: a stable 64-bit
/// FNV-1a hash of the text without the two move counters, so that replays on any machine
/// agree.
pub fn repetition_key(text: &str) -> u64 {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let kept = fields.iter().enumerate().filter(|(i, _)| !matches!(i, 4 | 5)).map(|(_, f)| *f);
    kept.flat_map(|f| f.bytes().chain([b' ']))
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// How a position at the start of a turn ends the game, if it does: checkmate, stalemate,
/// bare kings, the fifty-move rule, or (where `repeated` counts) threefold repetition.
pub fn judge(
    mover: Color,
    has_moves: bool,
    in_check: bool,
    bare_kings: bool,
    halfmoves: u32,
    repeated: usize,
) -> Option<Outcome> {
    if !has_moves {
        if in_check {
            Some(Outcome::winners(2, &[seat_of(mover.other())], format!("checkmate, {} wins", mover.other())))
        } else {
            Some(Outcome::draw(2, "stalemate"))
        }
    } else if bare_kings {
        Some(Outcome::draw(2, "only the kings are left"))
    } else if halfmoves >= 100 {
        Some(Outcome::draw(2, "fifty-move rule"))
    } else if repeated >= 3 {
        Some(Outcome::draw(2, "threefold repetition"))
    } else {
        None
    }
}

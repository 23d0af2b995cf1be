//! Chess Battle (`chess-battle`, seed 002): 4 to 12 players, one knight, bishop or rook each,
//! on an N×N board. Players pick pieces clockwise from a drawn first player, place them
//! counter-clockwise, then play rounds of sealed moves revealed and executed at once, while
//! danger zones close in from the edges. Rules page: `docs/games/chess-battle.md`.

use crate::game::{
    BoardShape, BoardView, CellView, Courtesies, ErrorCode, Game, GameError, NoSecret, Outcome, PieceView, RulesInfo,
    Said, Seat, SeatResult, Seating, Stage, Turn, Viewer,
};
use crate::geometry::grid::{
    Cell, DIAGONAL, Geometry, KING_STEPS, KNIGHT_STEPS, Movement, ORTHOGONAL, RectGrid, reachable,
};
use crate::pieces::{Color, Role};
use crate::random::RandomSource;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The game, for the registry.
pub struct ChessBattle;

/// How danger zones spread (the seed says only that they appear at the edges).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneRule {
    /// Each round the outermost ring of safe cells turns yellow, then red a round later.
    #[default]
    Ring,
    /// Each round half (rounded up) of the outermost ring of safe cells, drawn from the seed,
    /// turns yellow, then red a round later.
    Random,
    /// No danger zones.
    None,
}

/// The options of a Chess Battle table.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChessBattleOptions {
    /// Players, 4 to 12.
    pub players: u8,
    /// The board's side, 4 to 16; by default 8 for up to 8 players and 10 for more.
    pub size: Option<u8>,
    /// How danger zones spread.
    pub zones: ZoneRule,
    /// Rounds played before the first yellow zone appears.
    pub safe_rounds: u16,
    /// The medals variation: two medals per player, handed to others at any moment.
    pub medals: bool,
    /// The freezing variation: one freeze per player, spent during a round.
    pub freezing: bool,
    /// The round deadline, in seconds (3 to 86,400): the first call after it closes the
    /// round, and seats that sealed nothing stay where they are. None: a round waits for
    /// every living seat.
    pub round_seconds: Option<u32>,
}

impl Default for ChessBattleOptions {
    fn default() -> Self {
        ChessBattleOptions {
            players: 6,
            size: None,
            zones: ZoneRule::Ring,
            safe_rounds: 0,
            medals: false,
            freezing: false,
            round_seconds: None,
        }
    }
}

impl ChessBattleOptions {
    fn size(&self) -> u8 {
        self.size.unwrap_or(if self.players <= 8 { 8 } else { 10 })
    }
}

/// Pieces of each kind and colour in one chess set: the supply players pick from.
const IN_A_SET: u8 = 2;
/// The kinds a player may pick.
const KINDS: [Role; 3] = [Role::Knight, Role::Bishop, Role::Rook];
/// Medals each player starts with, in the medals variation.
const MEDALS: u8 = 2;

/// One player's piece and tokens.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    /// The piece picked, once picked.
    pub piece: Option<(Color, Role)>,
    /// Where it stands, once placed and while in the game.
    pub cell: Option<Cell>,
    /// How it left the game, in words, with the round.
    pub eliminated: Option<String>,
    /// Own medals not yet handed over.
    pub medals_left: u8,
    /// The seats whose medals this player holds.
    pub medals_from: Vec<Seat>,
    /// Whether the freeze token is still unspent.
    pub freeze_left: bool,
}

impl Fighter {
    fn alive(&self) -> bool {
        self.eliminated.is_none()
    }
}

/// One seat's move in the last round, as revealed.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Revealed {
    /// Who moved.
    pub seat: Seat,
    /// Where it stood.
    pub from: String,
    /// Where it went (the same cell if it stayed or was frozen).
    pub to: String,
    /// How it was eliminated this round, if it was.
    pub eliminated: Option<String>,
}

/// Everything the referee knows of a Chess Battle game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ChessBattleState {
    /// The options the table chose.
    pub options: ChessBattleOptions,
    /// The seat that picked first, drawn at random.
    pub first: Seat,
    /// Every player, by seat.
    pub fighters: Vec<Fighter>,
    /// Rounds played.
    pub round: u16,
    /// Cells that turn red at the end of this round.
    pub yellow: BTreeSet<Cell>,
    /// Cells that eliminate whoever stands on them.
    pub red: BTreeSet<Cell>,
    /// Seats frozen for this round.
    pub frozen: BTreeSet<Seat>,
    /// The last round's moves and eliminations.
    pub last_round: Vec<Revealed>,
}

/// One action of a seat.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum BattleAction {
    /// Take a piece from the supply.
    Pick(Color, Role),
    /// Set one's piece on a cell.
    Place(Cell),
    /// Move one's piece to a cell (sealed).
    Move(Cell),
    /// Leave one's piece where it stands (sealed).
    Stay,
    /// Freeze another seat for this round (open).
    Freeze(Seat),
    /// Hand one of one's medals to another seat (open).
    Medal(Seat),
}

/// A kind and colour of piece still in the supply.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct SupplyView {
    /// `white` or `black`.
    pub colour: String,
    /// `knight`, `bishop` or `rook`.
    pub kind: String,
    /// How many are left.
    pub left: u8,
}

/// A player as every viewer sees it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct FighterView {
    /// The seat.
    pub seat: Seat,
    /// `white knight`, once picked.
    pub piece: Option<String>,
    /// Its cell, while on the board.
    pub cell: Option<String>,
    /// Whether it is still in the game.
    pub alive: bool,
    /// How it left the game.
    pub eliminated: Option<String>,
    /// Own medals not yet handed over (medals variation).
    pub medals_left: u8,
    /// Seats whose medals it holds.
    pub medals_from: Vec<Seat>,
    /// Whether its freeze is unspent (freezing variation).
    pub freeze_left: bool,
    /// Whether it is frozen this round.
    pub frozen: bool,
}

/// What every viewer sees of a Chess Battle game. Sealed moves are not in it: the contract
/// shows each seat only its own until the round is revealed.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ChessBattlePublic {
    /// The board's side.
    pub size: u8,
    /// `pick-piece`, `place`, `rounds` or `over`.
    pub stage: String,
    /// Rounds played.
    pub round: u16,
    /// The seat that picked first.
    pub first: Seat,
    /// Every player.
    pub fighters: Vec<FighterView>,
    /// Pieces left to pick.
    pub supply: Vec<SupplyView>,
    /// Cells that turn red at the end of this round.
    pub yellow: Vec<String>,
    /// Cells that eliminate whoever stands there.
    pub red: Vec<String>,
    /// The last round's moves, revealed.
    pub last_round: Vec<Revealed>,
    /// The options in play.
    pub zones: ZoneRule,
    /// Whether the medals variation is on.
    pub medals: bool,
    /// Whether the freezing variation is on.
    pub freezing: bool,
}

/// "Seat 3" for seat 2.
fn seat_name(seat: Seat) -> String {
    format!("Seat {}", seat + 1)
}

fn colour_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn bad(code: ErrorCode, message: impl Into<String>) -> GameError {
    GameError::new(code, message)
}

impl ChessBattleState {
    fn grid(&self) -> RectGrid {
        let n = self.options.size();
        RectGrid::new(n, n)
    }

    fn players(&self) -> u8 {
        self.fighters.len() as u8
    }

    fn picked(&self) -> usize {
        self.fighters.iter().filter(|f| f.piece.is_some()).count()
    }

    fn placed(&self) -> usize {
        self.fighters.iter().filter(|f| f.cell.is_some() || !f.alive()).count()
    }

    /// The seat to pick next: clockwise (up the seat numbers) from the first.
    fn picker(&self) -> Option<Seat> {
        let done = self.picked() as u8;
        (done < self.players()).then(|| (self.first + done) % self.players())
    }

    /// The seat to place next: counter-clockwise from the last to pick.
    fn placer(&self) -> Option<Seat> {
        let n = self.players();
        let done = self.placed() as u8;
        let last = (self.first + n - 1) % n;
        (self.picker().is_none() && done < n).then(|| (last + n - done) % n)
    }

    fn living(&self) -> Vec<Seat> {
        (0..self.players()).filter(|s| self.fighters[usize::from(*s)].alive()).collect()
    }

    fn in_rounds(&self) -> bool {
        self.picker().is_none() && self.placer().is_none()
    }

    fn left_in_supply(&self, colour: Color, role: Role) -> u8 {
        let taken = self.fighters.iter().filter(|f| f.piece == Some((colour, role))).count() as u8;
        IN_A_SET - taken
    }

    fn occupant(&self, cell: Cell) -> Option<Seat> {
        (0..self.players()).find(|s| {
            let f = &self.fighters[usize::from(*s)];
            f.alive() && f.cell == Some(cell)
        })
    }

    fn cell_name(&self, cell: Cell) -> String {
        self.grid().cell_name(cell)
    }

    fn is_dark(&self, cell: Cell) -> bool {
        let (f, r) = self.grid().coords(cell);
        (f + r).is_multiple_of(2)
    }

    /// How `seat`'s piece moves now, with the seed's fallback: a knight with no knight's move
    /// on this board, and a bishop that can never meet any other piece (all others are
    /// bishops on the other colour), move one square in any direction instead.
    fn movement(&self, seat: Seat) -> &'static [Movement] {
        const KING: &[Movement] = &[Movement::Leaper(&KING_STEPS)];
        let f = &self.fighters[usize::from(seat)];
        let (Some((_, role)), Some(cell)) = (f.piece, f.cell) else { return &[] };
        match role {
            Role::Knight => {
                let knight: &'static [Movement] = &[Movement::Leaper(&KNIGHT_STEPS)];
                if reachable(&self.grid(), cell, knight, &|_| false).is_empty() { KING } else { knight }
            }
            Role::Bishop => {
                let others: Vec<&Fighter> =
                    self.living().into_iter().filter(|s| *s != seat).map(|s| &self.fighters[usize::from(s)]).collect();
                let apart = !others.is_empty()
                    && others.iter().all(|o| {
                        o.piece.map(|p| p.1) == Some(Role::Bishop)
                            && o.cell.is_some_and(|c| self.is_dark(c) != self.is_dark(cell))
                    });
                if apart { KING } else { &[Movement::Slider(&DIAGONAL)] }
            }
            _ => &[Movement::Slider(&ORTHOGONAL)],
        }
    }

    /// Cells `seat`'s piece may move to: its moves among the pieces as they stand.
    fn destinations(&self, seat: Seat) -> Vec<Cell> {
        let Some(from) = self.fighters[usize::from(seat)].cell else { return Vec::new() };
        reachable(&self.grid(), from, self.movement(seat), &|c| self.occupant(c).is_some())
    }

    /// Whether a piece of `role` on `cell` would attack `target`, among the placed pieces.
    fn attacks(&self, role: Role, cell: Cell, target: Cell) -> bool {
        let movement: &[Movement] = match role {
            Role::Knight => &[Movement::Leaper(&KNIGHT_STEPS)],
            Role::Bishop => &[Movement::Slider(&DIAGONAL)],
            _ => &[Movement::Slider(&ORTHOGONAL)],
        };
        reachable(&self.grid(), cell, movement, &|c| self.occupant(c).is_some()).contains(&target)
    }

    /// Where `seat` may set its piece: an empty cell from which it attacks no placed piece
    /// (the seed: "Choose a starting position on the board that do NOT place any other player
    /// under direct attack"); failing any, any empty cell, so a crowded board can be filled.
    fn placements(&self, seat: Seat) -> Vec<Cell> {
        let Some((_, role)) = self.fighters[usize::from(seat)].piece else { return Vec::new() };
        let placed: Vec<Cell> = self.fighters.iter().filter_map(|f| f.cell).collect();
        let empty: Vec<Cell> = (0..self.grid().cell_count() as Cell).filter(|c| self.occupant(*c).is_none()).collect();
        let harmless: Vec<Cell> =
            empty.iter().copied().filter(|c| placed.iter().all(|other| !self.attacks(role, *c, *other))).collect();
        if harmless.is_empty() { empty } else { harmless }
    }

    /// The ring a cell is in: 0 at the edge.
    fn ring(&self, cell: Cell) -> u8 {
        let (f, r) = self.grid().coords(cell);
        let n = self.options.size() - 1;
        f.min(r).min(n - f).min(n - r)
    }

    /// Ends the round's danger: yellow cells turn red, then new yellow cells appear at the
    /// edge of what is still safe.
    fn spread_zones(&mut self, rng: &mut dyn RandomSource) {
        self.red.append(&mut self.yellow);
        if self.round >= self.options.safe_rounds {
            self.new_yellow(rng);
        }
    }

    /// The rounds begin (the last piece is placed): with no safe rounds, the first yellow
    /// cells are there for round 1 ("Every round new Danger Zones will appear").
    fn open_rounds(&mut self, rng: &mut dyn RandomSource) {
        if self.options.safe_rounds == 0 {
            self.new_yellow(rng);
        }
    }

    /// The outermost ring of cells still safe turns yellow (half of it, drawn, for `random`).
    fn new_yellow(&mut self, rng: &mut dyn RandomSource) {
        if self.options.zones == ZoneRule::None {
            return;
        }
        let safe: Vec<Cell> = (0..self.grid().cell_count() as Cell).filter(|c| !self.red.contains(c)).collect();
        let Some(outer) = safe.iter().map(|c| self.ring(*c)).min() else { return };
        let mut ring: Vec<Cell> = safe.into_iter().filter(|c| self.ring(*c) == outer).collect();
        if self.options.zones == ZoneRule::Random {
            let take = ring.len().div_ceil(2);
            // A partial Fisher–Yates: the first `take` cells of a seeded shuffle.
            for i in 0..take {
                let j = i + rng.below((ring.len() - i) as u32) as usize;
                ring.swap(i, j);
            }
            ring.truncate(take);
        }
        self.yellow = ring.into_iter().collect();
    }

    fn eliminate(&mut self, seat: Seat, how: String) {
        let f = &mut self.fighters[usize::from(seat)];
        if f.alive() {
            f.eliminated = Some(format!("{how} (round {})", self.round));
        }
    }

    /// Executes one round's moves at once (`None`: the seat stays), then the zones.
    fn execute(&mut self, moves: &[(Seat, Option<Cell>)], rng: &mut dyn RandomSource) {
        self.round += 1;
        let living = self.living();
        let start: Vec<(Seat, Cell)> =
            living.iter().map(|s| (*s, self.fighters[usize::from(*s)].cell.expect("a living piece stands"))).collect();
        let dest = |seat: Seat| -> Cell {
            let from = start.iter().find(|(s, _)| *s == seat).expect("living").1;
            moves.iter().find(|(s, _)| *s == seat).and_then(|(_, to)| *to).unwrap_or(from)
        };
        let mut out: Vec<(Seat, String)> = Vec::new();
        for &(p, from) in &start {
            let to = dest(p);
            if to == from {
                continue;
            }
            // Whoever stood where p went is eliminated, wherever it moved.
            for &(q, q_from) in &start {
                if q != p && q_from == to {
                    out.push((q, format!("taken by {} on {}", seat_name(p), self.cell_name(to))));
                }
            }
            // Two or more pieces moving to one cell all fall there.
            let others: Vec<Seat> = start
                .iter()
                .filter(|(o, o_from)| *o != p && dest(*o) == to && dest(*o) != *o_from)
                .map(|(o, _)| *o)
                .collect();
            if !others.is_empty() {
                out.push((
                    p,
                    format!(
                        "collided with {} on {}",
                        others.iter().map(|o| seat_name(*o)).collect::<Vec<_>>().join(" and "),
                        self.cell_name(to)
                    ),
                ));
            }
        }
        let revealed_from: Vec<(Seat, Cell, Cell)> = start.iter().map(|(s, from)| (*s, *from, dest(*s))).collect();
        for (seat, how) in out {
            self.eliminate(seat, how);
        }
        for &(s, _, to) in &revealed_from {
            if self.fighters[usize::from(s)].alive() {
                self.fighters[usize::from(s)].cell = Some(to);
            }
        }
        self.fighters.iter_mut().filter(|f| !f.alive()).for_each(|f| f.cell = None);
        self.spread_zones(rng);
        for s in self.living() {
            let cell = self.fighters[usize::from(s)].cell.expect("a living piece stands");
            if self.red.contains(&cell) {
                let how = format!("caught in the red zone on {}", self.cell_name(cell));
                self.eliminate(s, how);
                self.fighters[usize::from(s)].cell = None;
            }
        }
        self.frozen.clear();
        self.last_round = revealed_from
            .into_iter()
            .map(|(seat, from, to)| Revealed {
                seat,
                from: self.cell_name(from),
                to: self.cell_name(to),
                eliminated: self.fighters[usize::from(seat)]
                    .eliminated
                    .clone()
                    .filter(|e| e.ends_with(&format!("(round {})", self.round))),
            })
            .collect();
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.in_rounds() {
            return None;
        }
        let seating = seating(self.players());
        match self.living().as_slice() {
            [] => Some(seating.draw("nobody survived: a tie")),
            [winner] => {
                let winner = *winner;
                let results = (0..self.players())
                    .map(|s| {
                        let holds = self.fighters[usize::from(s)].medals_from.contains(&winner);
                        if s == winner || holds { SeatResult::Win } else { SeatResult::Loss }
                    })
                    .collect();
                let medals = (0..self.players())
                    .filter(|s| *s != winner && self.fighters[usize::from(*s)].medals_from.contains(&winner))
                    .count();
                let reason = match medals {
                    0 => format!("{} is the last one standing", seat_name(winner)),
                    _ => {
                        format!("{} is the last one standing; the holders of its medals win with it", seat_name(winner))
                    }
                };
                Some(Outcome { results, scores: Vec::new(), reason })
            }
            _ => None,
        }
    }
}

/// Positions no game reaches, refused with what is wrong (for adjudication).
impl ChessBattleState {
    fn check(&self) -> Result<(), String> {
        if self.fighters.len() != usize::from(self.options.players) {
            return Err(format!(
                "the options say {} players, but {} are listed",
                self.options.players,
                self.fighters.len()
            ));
        }
        if usize::from(self.first) >= self.fighters.len() {
            return Err(format!("the first player, {}, is not at this table", seat_name(self.first)));
        }
        self.check_cells()?;
        self.check_pieces()?;
        self.check_order()?;
        self.check_tokens()
    }

    /// Every cell named is on the board, and no two living pieces share one.
    fn check_cells(&self) -> Result<(), String> {
        let (n, count) = (self.options.size(), self.grid().cell_count());
        let off = |c: &Cell| usize::from(*c) >= count;
        if let Some((seat, c)) = self.seated().find(|(_, c)| off(c)) {
            return Err(format!(
                "{}'s cell {c} is not on the {n}×{n} board (cells 0 to {})",
                seat_name(seat),
                count - 1
            ));
        }
        if let Some(c) = self.yellow.iter().chain(&self.red).find(|c| off(c)) {
            return Err(format!("the danger zone's cell {c} is not on the {n}×{n} board (cells 0 to {})", count - 1));
        }
        for (seat, cell) in self.seated() {
            if let Some((other, _)) = self.seated().find(|(o, c)| *o > seat && *c == cell) {
                let at = self.cell_name(cell);
                return Err(format!(
                    "{} and {} both stand on {at}: one piece a cell",
                    seat_name(seat),
                    seat_name(other)
                ));
            }
            if !self.fighters[usize::from(seat)].alive() {
                return Err(format!("{} is out of the game but still stands on a cell", seat_name(seat)));
            }
        }
        Ok(())
    }

    /// Each seat with a cell, and its cell.
    fn seated(&self) -> impl Iterator<Item = (Seat, Cell)> + '_ {
        self.fighters.iter().enumerate().filter_map(|(s, f)| Some((s as Seat, f.cell?)))
    }

    /// The pieces come from one chess set: knights, bishops and rooks, two of each colour.
    fn check_pieces(&self) -> Result<(), String> {
        for (seat, f) in self.fighters.iter().enumerate() {
            if let Some((_, role)) = f.piece.filter(|(_, r)| !KINDS.contains(r)) {
                return Err(format!(
                    "{} has a {role}: players pick a knight, a bishop or a rook",
                    seat_name(seat as Seat)
                ));
            }
        }
        for (colour, role) in Color::ALL.into_iter().flat_map(|c| KINDS.map(|r| (c, r))) {
            let taken = self.fighters.iter().filter(|f| f.piece == Some((colour, role))).count();
            if taken > usize::from(IN_A_SET) {
                return Err(format!("{taken} {} {role}s: one chess set has {IN_A_SET}", colour_word(colour)));
            }
        }
        Ok(())
    }

    /// Pieces are picked in turn from the first player, placed in turn once all are picked,
    /// and every living player stands on the board in the rounds.
    fn check_order(&self) -> Result<(), String> {
        let n = self.players();
        let picked = self.picked() as u8;
        if let Some(seat) =
            (0..picked).map(|k| (self.first + k) % n).find(|s| self.fighters[usize::from(*s)].piece.is_none())
        {
            return Err(format!("{} has no piece, though its turn to pick has passed", seat_name(seat)));
        }
        if picked < n && self.fighters.iter().any(|f| f.cell.is_some() || !f.alive()) {
            return Err("a piece stands on the board before every player has picked".into());
        }
        let placed = self.placed() as u8;
        let last = (self.first + n - 1) % n;
        let order = (0..placed).map(|k| (last + n - k) % n);
        if let Some(seat) = order
            .clone()
            .find(|s| self.fighters[usize::from(*s)].cell.is_none() && self.fighters[usize::from(*s)].alive())
        {
            return Err(format!("{} has not placed its piece, though its turn to place has passed", seat_name(seat)));
        }
        if picked == n && placed < n && (self.round > 0 || !self.fighters.iter().all(Fighter::alive)) {
            return Err("the rounds have begun before every piece is placed".into());
        }
        Ok(())
    }

    /// Frozen seats and medals name players at the table, as the variations allow.
    fn check_tokens(&self) -> Result<(), String> {
        let n = self.players();
        if let Some(s) = self.frozen.iter().find(|s| **s >= n || !self.fighters[usize::from(**s)].alive()) {
            return Err(format!("{} is frozen but is not a living player at this table", seat_name(*s)));
        }
        for (seat, f) in self.fighters.iter().enumerate() {
            let name = seat_name(seat as Seat);
            if f.medals_from.iter().any(|g| *g >= n || usize::from(*g) == seat) {
                return Err(format!("{name} holds a medal from a seat that cannot have given it"));
            }
            let given = self.fighters.iter().flat_map(|o| &o.medals_from).filter(|g| usize::from(**g) == seat).count();
            if usize::from(f.medals_left) + given > usize::from(MEDALS) {
                return Err(format!(
                    "{name} keeps {} medals and has handed over {given} more: a player has {MEDALS}",
                    f.medals_left
                ));
            }
        }
        Ok(())
    }
}

fn seating(players: u8) -> Seating {
    Seating::one_team_each((0..players).map(seat_name))
}

impl ChessBattle {
    fn validate(&self, options: &ChessBattleOptions) -> Result<(), GameError> {
        if !(4..=12).contains(&options.players) {
            return Err(bad(ErrorCode::BadOptions, "Chess Battle is for 4 to 12 players"));
        }
        if !(4..=16).contains(&options.size()) {
            return Err(bad(ErrorCode::BadOptions, "the board's side must be 4 to 16 cells"));
        }
        if options.round_seconds.is_some_and(|s| !(3..=86_400).contains(&s)) {
            return Err(bad(ErrorCode::BadOptions, "a round's deadline must be 3 seconds to a day (86400)"));
        }
        Ok(())
    }

    fn read_seat(&self, state: &ChessBattleState, word: &str) -> Result<Seat, GameError> {
        let n: u8 = word.trim_start_matches(['s', 'S']).trim_start_matches("eat").trim().parse().map_err(|_| {
            bad(ErrorCode::BadNotation, format!("\"{word}\" is not a seat: write its number, 1 to {}", state.players()))
        })?;
        if n == 0 || n > state.players() {
            return Err(bad(ErrorCode::UnknownSeat, format!("There is no seat {n} at this table.")));
        }
        Ok(n - 1)
    }

    fn read_cell(&self, state: &ChessBattleState, word: &str) -> Result<Cell, GameError> {
        let grid = state.grid();
        grid.parse_cell(&word.to_ascii_lowercase()).ok_or_else(|| {
            let last = grid.cell_name(grid.cell_count() as Cell - 1);
            bad(ErrorCode::BadNotation, format!("\"{word}\" is not a cell of this board (a1 to {last})"))
        })
    }

    fn read_pick(&self, state: &ChessBattleState, text: &str) -> Result<BattleAction, GameError> {
        let words: Vec<String> = text.split_whitespace().map(str::to_ascii_lowercase).collect();
        let colour = words.iter().find_map(|w| match w.as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        });
        let role = words.iter().find_map(|w| KINDS.into_iter().find(|r| r.name() == w.as_str()));
        let (Some(colour), Some(role)) = (colour, role) else {
            return Err(bad(
                ErrorCode::BadNotation,
                "Pick a piece by colour and kind, as `white knight` or `black rook`.",
            ));
        };
        if state.left_in_supply(colour, role) == 0 {
            return Err(bad(ErrorCode::IllegalAction, format!("Both {} {}s are taken.", colour_word(colour), role)));
        }
        Ok(BattleAction::Pick(colour, role))
    }

    fn read_round_action(&self, state: &ChessBattleState, seat: Seat, text: &str) -> Result<BattleAction, GameError> {
        let t = text.trim().to_ascii_lowercase();
        let me = &state.fighters[usize::from(seat)];
        let open = t.starts_with("freeze") || t.starts_with("medal");
        if state.frozen.contains(&seat) && !open {
            return Err(bad(
                ErrorCode::IllegalAction,
                "You are frozen this round: your piece cannot move until the round closes.",
            ));
        }
        if t == "stay" {
            return Ok(BattleAction::Stay);
        }
        if let Some(target) = t.strip_prefix("freeze") {
            if !state.options.freezing {
                return Err(bad(
                    ErrorCode::IllegalAction,
                    "Freezing is not part of this game (the freezing variation is off).",
                ));
            }
            let target = self.read_seat(state, target.trim())?;
            if !me.freeze_left {
                return Err(bad(ErrorCode::IllegalAction, "You have already spent your freeze."));
            }
            if target == seat || !state.fighters[usize::from(target)].alive() || state.frozen.contains(&target) {
                return Err(bad(
                    ErrorCode::IllegalAction,
                    format!(
                        "{} cannot be frozen: freeze another player still in the game and not frozen yet.",
                        seat_name(target)
                    ),
                ));
            }
            return Ok(BattleAction::Freeze(target));
        }
        if let Some(target) = t.strip_prefix("medal") {
            if !state.options.medals {
                return Err(bad(
                    ErrorCode::IllegalAction,
                    "Medals are not part of this game (the medals variation is off).",
                ));
            }
            let target = self.read_seat(state, target.trim())?;
            if me.medals_left == 0 {
                return Err(bad(ErrorCode::IllegalAction, "You have handed over both your medals."));
            }
            if target == seat {
                return Err(bad(ErrorCode::IllegalAction, "Hand your medal to another player."));
            }
            return Ok(BattleAction::Medal(target));
        }
        // `e5`, or from and to: `c3e5`, `c3-e5`.
        let cells: Vec<&str> = t.split(['-', ' ']).filter(|w| !w.is_empty()).collect();
        let to = match cells.as_slice() {
            [one] if one.len() >= 4 && one.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) => {
                let split = one[1..].find(|c: char| c.is_ascii_alphabetic()).map(|i| i + 1);
                match split {
                    Some(i) => self.cell_pair(state, seat, &one[..i], &one[i..])?,
                    None => self.read_cell(state, one)?,
                }
            }
            [one] => self.read_cell(state, one)?,
            [from, to] => self.cell_pair(state, seat, from, to)?,
            _ => return Err(bad(ErrorCode::BadNotation, "Write the cell your piece moves to (e5), or stay.")),
        };
        if !state.destinations(seat).contains(&to) {
            let (colour, role) = me.piece.expect("a player in the rounds has a piece");
            let from = state.cell_name(me.cell.expect("a living piece stands"));
            return Err(bad(
                ErrorCode::IllegalAction,
                format!("Your {} {role} on {from} cannot reach {}.", colour_word(colour), state.cell_name(to)),
            ));
        }
        Ok(BattleAction::Move(to))
    }

    fn cell_pair(&self, state: &ChessBattleState, seat: Seat, from: &str, to: &str) -> Result<Cell, GameError> {
        let from = self.read_cell(state, from)?;
        if state.fighters[usize::from(seat)].cell != Some(from) {
            return Err(bad(ErrorCode::IllegalAction, format!("Your piece is not on {}.", state.cell_name(from))));
        }
        self.read_cell(state, to)
    }
}

impl Game for ChessBattle {
    type Options = ChessBattleOptions;
    type State = ChessBattleState;
    type Action = BattleAction;
    type Public = ChessBattlePublic;
    type Private = NoSecret;
    type Hidden = NoSecret;

    fn info(&self) -> RulesInfo {
        RulesInfo {
            id: "chess-battle",
            name: "Chess Battle",
            version: 2,
            summary: "4 to 12 players, one knight, bishop or rook each. Every round each player seals a move; all are revealed and executed at once, and whoever stood where another moved is eliminated. Danger zones close in from the edges; the last one standing wins.",
            min_seats: 4,
            max_seats: 12,
            equipment: &["chess set", "a board of N×N cells", "danger-zone markers", "paper and pencils"],
            random: &["the first player to pick", "the cells of random danger zones"],
            secret: &["each round's moves until everyone has sealed"],
            source: "seed 002, \"Chess Battle\"",
            position_notation: "the game's saved state as JSON",
            action_notation: "pick: white knight; place: c3; each round (sealed): e5 or c3e5, or stay; freeze 3, medal 3 at any time in a round",
            lists_all_actions: true,
        }
    }

    fn seating(&self, options: &ChessBattleOptions) -> Result<Seating, GameError> {
        self.validate(options)?;
        Ok(seating(options.players))
    }

    fn setup(&self, options: &ChessBattleOptions, rng: &mut dyn RandomSource) -> Result<ChessBattleState, GameError> {
        self.validate(options)?;
        let fighter = Fighter {
            piece: None,
            cell: None,
            eliminated: None,
            medals_left: if options.medals { MEDALS } else { 0 },
            medals_from: Vec::new(),
            freeze_left: options.freezing,
        };
        Ok(ChessBattleState {
            options: options.clone(),
            first: rng.below(u32::from(options.players)) as Seat,
            fighters: vec![fighter; usize::from(options.players)],
            round: 0,
            yellow: BTreeSet::new(),
            red: BTreeSet::new(),
            frozen: BTreeSet::new(),
            last_round: Vec::new(),
        })
    }

    fn turn(&self, state: &ChessBattleState) -> Turn {
        if let Some(seat) = state.picker() {
            return Turn::seat(seat, Stage::PickPiece);
        }
        if let Some(seat) = state.placer() {
            return Turn::seat(seat, Stage::Place);
        }
        if state.outcome().is_some() {
            return Turn::Over;
        }
        let moving = state.living().into_iter().filter(|s| !state.frozen.contains(s));
        Turn::round(moving, Stage::Move, true)
    }

    fn legal_actions(&self, state: &ChessBattleState, seat: Seat) -> Vec<BattleAction> {
        if state.picker().is_some() {
            let kinds = Color::ALL.into_iter().flat_map(|c| KINDS.map(|r| (c, r)));
            return kinds
                .filter(|(c, r)| state.left_in_supply(*c, *r) > 0)
                .map(|(c, r)| BattleAction::Pick(c, r))
                .collect();
        }
        if state.placer().is_some() {
            return state.placements(seat).into_iter().map(BattleAction::Place).collect();
        }
        let mut out: Vec<BattleAction> = state.destinations(seat).into_iter().map(BattleAction::Move).collect();
        out.push(BattleAction::Stay);
        let me = &state.fighters[usize::from(seat)];
        for other in state.living().into_iter().filter(|s| *s != seat) {
            if state.options.freezing && me.freeze_left && !state.frozen.contains(&other) {
                out.push(BattleAction::Freeze(other));
            }
        }
        if state.options.medals && me.medals_left > 0 {
            out.extend((0..state.players()).filter(|s| *s != seat).map(BattleAction::Medal));
        }
        out
    }

    fn parse_action(&self, state: &ChessBattleState, seat: Seat, text: &str) -> Result<BattleAction, GameError> {
        if state.picker().is_some() {
            return self.read_pick(state, text);
        }
        if state.placer().is_some() {
            let cell = self.read_cell(state, text.trim().trim_start_matches("place").trim())?;
            if !state.placements(seat).contains(&cell) {
                let why = if state.occupant(cell).is_some() {
                    format!("{} is taken.", state.cell_name(cell))
                } else {
                    format!(
                        "On {} your piece would attack another player; choose a cell from which it attacks nobody.",
                        state.cell_name(cell)
                    )
                };
                return Err(bad(ErrorCode::IllegalAction, why));
            }
            return Ok(BattleAction::Place(cell));
        }
        self.read_round_action(state, seat, text)
    }

    fn format_action(&self, state: &ChessBattleState, action: &BattleAction) -> String {
        match *action {
            BattleAction::Pick(c, r) => format!("{} {r}", colour_word(c)),
            BattleAction::Place(cell) | BattleAction::Move(cell) => state.cell_name(cell),
            BattleAction::Stay => "stay".into(),
            BattleAction::Freeze(s) => format!("freeze {}", s + 1),
            BattleAction::Medal(s) => format!("medal {}", s + 1),
        }
    }

    fn describe_action(&self, state: &ChessBattleState, seat: Seat, action: &BattleAction) -> Said {
        let me = &state.fighters[usize::from(seat)];
        let piece = me.piece.map_or("piece".to_string(), |(c, r)| format!("{} {r}", colour_word(c)));
        let at = me.cell.map(|c| state.cell_name(c)).unwrap_or_default();
        Said::public(match *action {
            BattleAction::Pick(c, r) => format!("{} takes a {} {r}", seat_name(seat), colour_word(c)),
            BattleAction::Place(cell) => format!("{}'s {piece} stands on {}", seat_name(seat), state.cell_name(cell)),
            BattleAction::Move(cell) => format!("{}'s {piece} {at}→{}", seat_name(seat), state.cell_name(cell)),
            BattleAction::Stay => format!("{}'s {piece} stays on {at}", seat_name(seat)),
            BattleAction::Freeze(s) => format!("{} freezes {} for this round", seat_name(seat), seat_name(s)),
            BattleAction::Medal(s) => format!("{} hands a medal to {}", seat_name(seat), seat_name(s)),
        })
    }

    /// A dispute names each action by whose it is: "Seat 1's white knight c3→a4", "Seat 3's
    /// white bishop staying on c6", "Seat 1's freeze of Seat 2 for this round".
    fn describe_in_full(&self, state: &ChessBattleState, seat: Seat, action: &BattleAction) -> Option<String> {
        let me = &state.fighters[usize::from(seat)];
        let piece = me.piece.map_or("piece".to_string(), |(c, r)| format!("{} {r}", colour_word(c)));
        let at = me.cell.map(|c| state.cell_name(c)).unwrap_or_default();
        let who = seat_name(seat);
        Some(match *action {
            BattleAction::Pick(c, r) => format!("{who}'s pick of a {} {r}", colour_word(c)),
            BattleAction::Place(cell) => format!("{who}'s {piece} placed on {}", state.cell_name(cell)),
            BattleAction::Move(cell) => format!("{who}'s {piece} {at}→{}", state.cell_name(cell)),
            BattleAction::Stay => format!("{who}'s {piece} staying on {at}"),
            BattleAction::Freeze(s) => format!("{who}'s freeze of {} for this round", seat_name(s)),
            BattleAction::Medal(s) => format!("{who}'s medal handed to {}", seat_name(s)),
        })
    }

    /// A saved state holds its options, and so its number of players.
    fn position_seating(&self, state: &ChessBattleState) -> Option<Seating> {
        Some(seating(state.options.players))
    }

    /// What a refused move tried, in words, as a legal one is said: "Seat 2's black rook
    /// f3→f7" (the text names the target, after the piece's own cell or alone).
    fn describe_attempt(&self, state: &ChessBattleState, seat: Seat, text: &str) -> Option<String> {
        if state.picker().is_some() || state.placer().is_some() {
            return None;
        }
        let me = state.fighters.get(usize::from(seat))?;
        let ((colour, role), at) = (me.piece?, state.cell_name(me.cell?));
        let word = text.trim().to_ascii_lowercase();
        let target = word.strip_prefix(at.as_str()).unwrap_or(&word).trim_start_matches(['-', 'x', ' ']);
        let cell = state.grid().parse_cell(target)?;
        Some(format!("{}'s {} {role} {at}→{}", seat_name(seat), colour_word(colour), state.cell_name(cell)))
    }

    /// A frozen player loses its move, and only that: it still hands over medals and spends
    /// its freeze ("At any moment in the game, a player may hand over one of their medal
    /// tokens"; "The frozen player will not be able to move that round").
    fn acts_openly(&self, state: &ChessBattleState, seat: Seat) -> bool {
        state.frozen.contains(&seat) && state.fighters.get(usize::from(seat)).is_some_and(Fighter::alive)
    }

    fn is_open(&self, action: &BattleAction) -> bool {
        matches!(action, BattleAction::Freeze(_) | BattleAction::Medal(_))
    }

    /// A freeze or a medal concerns the seat it names (and the giver): nobody else's sealed
    /// move depends on it, so their seals sent meanwhile stand.
    fn open_affects(&self, _state: &ChessBattleState, _seat: Seat, action: &BattleAction) -> Option<Vec<Seat>> {
        match *action {
            BattleAction::Freeze(s) | BattleAction::Medal(s) => Some(vec![s]),
            _ => None,
        }
    }

    fn apply(
        &self,
        state: &mut ChessBattleState,
        seat: Seat,
        action: &BattleAction,
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let me = usize::from(seat);
        match *action {
            BattleAction::Pick(c, r) => state.fighters[me].piece = Some((c, r)),
            BattleAction::Place(cell) => {
                state.fighters[me].cell = Some(cell);
                if state.in_rounds() {
                    state.open_rounds(rng);
                }
            }
            BattleAction::Freeze(s) => {
                state.fighters[me].freeze_left = false;
                state.frozen.insert(s);
            }
            BattleAction::Medal(s) => {
                state.fighters[me].medals_left -= 1;
                state.fighters[usize::from(s)].medals_from.push(seat);
            }
            BattleAction::Move(_) | BattleAction::Stay => {
                return Err(bad(
                    ErrorCode::IllegalAction,
                    "Moves are sealed and revealed together at the end of the round.",
                ));
            }
        }
        Ok(())
    }

    fn round_seconds(&self, state: &ChessBattleState) -> Option<u32> {
        state.options.round_seconds
    }

    fn resolve_round(
        &self,
        state: &mut ChessBattleState,
        actions: &[(Seat, BattleAction)],
        rng: &mut dyn RandomSource,
    ) -> Result<(), GameError> {
        let moves: Vec<(Seat, Option<Cell>)> = actions
            .iter()
            .map(|(s, a)| {
                (
                    *s,
                    match a {
                        BattleAction::Move(cell) => Some(*cell),
                        _ => None,
                    },
                )
            })
            .collect();
        state.execute(&moves, rng);
        Ok(())
    }

    fn public(&self, state: &ChessBattleState) -> ChessBattlePublic {
        let stage = if state.picker().is_some() {
            "pick-piece"
        } else if state.placer().is_some() {
            "place"
        } else if state.outcome().is_some() {
            "over"
        } else {
            "rounds"
        };
        let fighters = state
            .fighters
            .iter()
            .enumerate()
            .map(|(i, f)| FighterView {
                seat: i as Seat,
                piece: f.piece.map(|(c, r)| format!("{} {r}", colour_word(c))),
                cell: f.cell.map(|c| state.cell_name(c)),
                alive: f.alive(),
                eliminated: f.eliminated.clone(),
                medals_left: f.medals_left,
                medals_from: f.medals_from.clone(),
                freeze_left: f.freeze_left,
                frozen: state.frozen.contains(&(i as Seat)),
            })
            .collect();
        let supply = Color::ALL
            .into_iter()
            .flat_map(|c| KINDS.map(|r| (c, r)))
            .map(|(c, r)| SupplyView {
                colour: colour_word(c).into(),
                kind: r.name().into(),
                left: state.left_in_supply(c, r),
            })
            .collect();
        ChessBattlePublic {
            size: state.options.size(),
            stage: stage.into(),
            round: state.round,
            first: state.first,
            fighters,
            supply,
            yellow: state.yellow.iter().map(|c| state.cell_name(*c)).collect(),
            red: state.red.iter().map(|c| state.cell_name(*c)).collect(),
            last_round: state.last_round.clone(),
            zones: state.options.zones,
            medals: state.options.medals,
            freezing: state.options.freezing,
        }
    }

    fn board(&self, state: &ChessBattleState, _viewer: Viewer, legal: &[BattleAction]) -> Option<BoardView> {
        let n = state.options.size();
        let selectable: BTreeSet<Cell> = legal
            .iter()
            .filter_map(|a| match a {
                BattleAction::Place(c) | BattleAction::Move(c) => Some(*c),
                _ => None,
            })
            .collect();
        let cells = (0..state.grid().cell_count() as Cell)
            .map(|cell| {
                let (f, r) = state.grid().coords(cell);
                let occupant = state.occupant(cell);
                let piece = occupant.and_then(|s| {
                    let (c, role) = state.fighters[usize::from(s)].piece?;
                    Some(PieceView {
                        kind: role.name().into(),
                        side: colour_word(c).into(),
                        label: Some((s + 1).to_string()),
                    })
                });
                let mut markers = Vec::new();
                if state.red.contains(&cell) {
                    markers.push("danger-red".to_string());
                } else if state.yellow.contains(&cell) {
                    markers.push("danger-yellow".to_string());
                }
                if occupant.is_some_and(|s| state.frozen.contains(&s)) {
                    markers.push("frozen".to_string());
                }
                CellView {
                    id: state.cell_name(cell),
                    at: [f, r],
                    polygon: None,
                    dark: state.is_dark(cell),
                    piece,
                    stacks: Vec::new(),
                    markers,
                    selectable: selectable.contains(&cell),
                }
            })
            .collect();
        Some(BoardView { shape: BoardShape::Grid { files: n, ranks: n }, cells })
    }

    fn outcome(&self, state: &ChessBattleState) -> Option<Outcome> {
        state.outcome()
    }

    fn courtesies(&self) -> Courtesies {
        Courtesies::NONE
    }

    fn parse_position(&self, text: &str) -> Result<ChessBattleState, GameError> {
        let state: ChessBattleState = serde_json::from_str(text).map_err(|e| {
            bad(ErrorCode::BadPosition, format!("a Chess Battle position is its saved state as JSON: {e}"))
        })?;
        self.validate(&state.options).map_err(|e| bad(ErrorCode::BadPosition, e.message))?;
        state.check().map_err(|why| bad(ErrorCode::BadPosition, why))?;
        Ok(state)
    }

    fn format_position(&self, state: &ChessBattleState) -> String {
        serde_json::to_string(state).expect("states serialize")
    }
}

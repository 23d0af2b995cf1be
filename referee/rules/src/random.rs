//! Seeded, verifiable randomness. Specified in `docs/randomness.md`; the test vectors at the
//! bottom pin it, and were computed independently (Python's `hmac`).
//!
//! - `game_key = HMAC-SHA256(key = seed, msg = "table-referee/v1/game-key" || for each
//!   contribution: u32be(len) || bytes)`
//! - block `j` of event `seq` = `HMAC-SHA256(key = game_key, msg = "table-referee/v1/event" ||
//!   u64be(seq) || u32be(j))`, read as eight big-endian u32 words, blocks in order.
//! - `below(n)`: draw words until one is `< 2^32 - (2^32 mod n)`; answer `word mod n`.
//! - derivation 3: block `j` of a stream = `HMAC-SHA256(game_key, "table-referee/v3/draws" ||
//!   stream || u32be(j))`, the stream being the start, a seat's n-th action, or a sealed round
//!   ([`Stream`]), so that no draw follows the event number.
//! - shuffle: Fisher–Yates from the last index down, `j = below(i + 1)`.
//!
//! HMAC-SHA-256 is chosen over a stream cipher so that a browser can re-derive every draw with
//! WebCrypto alone.

use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

const GAME_KEY_LABEL: &[u8] = b"table-referee/v1/game-key";
const EVENT_LABEL: &[u8] = b"table-referee/v1/event";
const EVENT_LABEL_V2: &[u8] = b"table-referee/v2/event";
const DRAWS_LABEL_V3: &[u8] = b"table-referee/v3/draws";

/// The source of every random choice a game makes. Games receive one in `apply` and `setup`
/// and never create randomness themselves.
pub trait RandomSource {
    /// A uniform integer in `0..n`. `n` must be at least 1.
    fn below(&mut self, n: u32) -> u32;
}

/// SHA-256 of the secret seed, published when a game is created.
pub fn commitment(seed: &[u8]) -> [u8; 32] {
    Sha256::digest(seed).into()
}

/// `bytes` as lowercase hex, in constant time (`base16ct`: many of them are secrets).
pub fn to_hex(bytes: &[u8]) -> String {
    base16ct::lower::encode_string(bytes)
}

/// Hex (either case) as bytes; `None` for anything else.
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    base16ct::mixed::decode_vec(text).ok()
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(key).expect("HMAC takes keys of any length");
    for p in parts {
        mac.update(p);
    }
    mac.finalize().into_bytes().into()
}

/// The key every event's randomness is derived from: the secret seed with the players'
/// entropy contributions mixed in, in seat order.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct GameKey(pub [u8; 32]);

impl GameKey {
    pub fn derive(seed: &[u8], contributions: &[&[u8]]) -> GameKey {
        let mut parts: Vec<&[u8]> = vec![GAME_KEY_LABEL];
        let lengths: Vec<[u8; 4]> = contributions.iter().map(|c| (c.len() as u32).to_be_bytes()).collect();
        for (len, c) in lengths.iter().zip(contributions) {
            parts.push(len);
            parts.push(c);
        }
        GameKey(hmac(seed, &parts))
    }
}

/// Who acts in an event and what, mixed into the event's stream in derivation 2: the seat
/// (0 for the start, seat + 1 otherwise) and the action as recorded (empty for the start).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct EventContext {
    pub actor: u8,
    pub action: String,
}

impl EventContext {
    /// The start of the game: nobody acts.
    pub fn start() -> EventContext {
        EventContext::default()
    }

    /// `seat` doing `action` (as recorded).
    pub fn action(seat: u8, action: &str) -> EventContext {
        EventContext { actor: seat + 1, action: action.to_string() }
    }

    /// The bytes that follow the event number in derivation 2: u8 actor, u32be length, action.
    fn bytes(&self) -> Vec<u8> {
        let mut out = vec![self.actor];
        out.extend((self.action.len() as u32).to_be_bytes());
        out.extend(self.action.as_bytes());
        out
    }
}

/// Where a derivation 3 draw comes from. Draws no longer follow the event number, so nobody
/// who orders requests can move them: each seat's own actions have their own stream (its n-th
/// action, whatever the other seats did meanwhile), and a sealed round's resolution has the
/// round's (whichever event closed it: the last seal, a freeze or the deadline).
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Stream {
    /// The game's setup.
    Start,
    /// `seat`'s action number `count` (from 0: the seat's earlier actions, whatever they were),
    /// as recorded.
    Seat {
        /// The acting seat.
        seat: u8,
        /// How many actions the seat made before this one.
        count: u64,
        /// The action as recorded.
        action: String,
    },
    /// The resolution of sealed round number `n` (from 0: the rounds resolved before it).
    Round(u64),
}

impl Stream {
    /// The bytes that follow the label in derivation 3: `u8(0)` for the start; `u8(1) ||
    /// u8(seat) || u64be(count) || u32be(len(action)) || action` for a seat's action; `u8(2) ||
    /// u64be(n)` for a round.
    fn bytes(&self) -> Vec<u8> {
        match self {
            Stream::Start => vec![0],
            Stream::Seat { seat, count, action } => {
                let mut out = vec![1, *seat];
                out.extend(count.to_be_bytes());
                out.extend((action.len() as u32).to_be_bytes());
                out.extend(action.as_bytes());
                out
            }
            Stream::Round(n) => {
                let mut out = vec![2];
                out.extend(n.to_be_bytes());
                out
            }
        }
    }
}

/// One stream of words: block `j` is `HMAC-SHA256(game key, prefix || u32be(j))`, where the
/// prefix names the derivation and what the stream is for.
#[derive(Clone, Debug)]
pub struct EventRng {
    key: GameKey,
    prefix: Vec<u8>,
    block_index: u32,
    block: [u8; 32],
    word: usize,
}

impl EventRng {
    fn with_prefix(key: GameKey, prefix: Vec<u8>) -> EventRng {
        EventRng { key, prefix, block_index: 0, block: [0; 32], word: 8 }
    }

    /// Derivation 1: the stream depends on the game key and the event number only.
    pub fn new(key: GameKey, seq: u64) -> EventRng {
        EventRng::with_prefix(key, [EVENT_LABEL, &seq.to_be_bytes()].concat())
    }

    /// Derivation 2: the stream also depends on who acts and what they do, so one event number
    /// gives different draws to different seats and actions (`docs/randomness.md`, Step 2).
    pub fn with_context(key: GameKey, seq: u64, context: &EventContext) -> EventRng {
        EventRng::with_prefix(key, [EVENT_LABEL_V2, &seq.to_be_bytes(), &context.bytes()].concat())
    }

    /// Derivation 3: the stream of `stream`, which no event number enters.
    pub fn for_stream(key: GameKey, stream: &Stream) -> EventRng {
        EventRng::with_prefix(key, [DRAWS_LABEL_V3, &stream.bytes()].concat())
    }

    pub fn next_u32(&mut self) -> u32 {
        if self.word == 8 {
            self.block = hmac(&self.key.0, &[&self.prefix, &self.block_index.to_be_bytes()]);
            self.block_index += 1;
            self.word = 0;
        }
        let w = &self.block[self.word * 4..self.word * 4 + 4];
        self.word += 1;
        u32::from_be_bytes([w[0], w[1], w[2], w[3]])
    }
}

/// The sources one action draws from. Before derivation 3 a single stream serves everything;
/// derivation 3 keeps the resolution of a sealed round the action closes on the round's own
/// stream, apart from the action's.
pub enum Streams<'a> {
    /// One stream for everything.
    One(&'a mut dyn RandomSource),
    /// The action's own stream, and the round's.
    Two {
        /// What the action itself draws.
        own: &'a mut dyn RandomSource,
        /// What resolving the sealed round it closes draws.
        round: &'a mut dyn RandomSource,
    },
}

impl Streams<'_> {
    /// The action's own stream.
    pub fn own(&mut self) -> &mut dyn RandomSource {
        match self {
            Streams::One(one) => &mut **one,
            Streams::Two { own, .. } => &mut **own,
        }
    }

    /// The stream of a sealed round's resolution.
    pub fn round(&mut self) -> &mut dyn RandomSource {
        match self {
            Streams::One(one) => &mut **one,
            Streams::Two { round, .. } => &mut **round,
        }
    }
}

/// A uniform integer in `0..n` from a stream of uniform 32-bit words, by rejection.
fn below_from_words(n: u32, mut next_word: impl FnMut() -> u32) -> u32 {
    assert!(n >= 1, "below(0) has no answer");
    // Largest multiple of n that fits in 2^32; words at or above it would bias the result.
    let zone = (1u64 << 32) - ((1u64 << 32) % n as u64);
    loop {
        let x = next_word();
        if (x as u64) < zone {
            return x % n;
        }
    }
}

impl RandomSource for EventRng {
    fn below(&mut self, n: u32) -> u32 {
        below_from_words(n, || self.next_u32())
    }
}

/// One answered question: "a number below `bound`" was `value`.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct Draw {
    pub bound: u32,
    pub value: u32,
}

/// Records every draw another source makes, so the event can store what was drawn.
pub struct Recorder<'a> {
    inner: &'a mut dyn RandomSource,
    pub draws: Vec<Draw>,
}

impl<'a> Recorder<'a> {
    pub fn new(inner: &'a mut dyn RandomSource) -> Self {
        Recorder { inner, draws: Vec::new() }
    }
}

impl RandomSource for Recorder<'_> {
    fn below(&mut self, bound: u32) -> u32 {
        let value = self.inner.below(bound);
        self.draws.push(Draw { bound, value });
        value
    }
}

/// Plays back recorded draws, failing if the game asks a different question than was recorded.
pub struct Replay<'a> {
    draws: std::slice::Iter<'a, Draw>,
    pub mismatch: bool,
}

impl<'a> Replay<'a> {
    pub fn new(draws: &'a [Draw]) -> Self {
        Replay { draws: draws.iter(), mismatch: false }
    }

    /// True when every recorded draw was asked for, with the same bound, and no more.
    pub fn finished_cleanly(mut self) -> bool {
        !self.mismatch && self.draws.next().is_none()
    }
}

impl RandomSource for Replay<'_> {
    fn below(&mut self, bound: u32) -> u32 {
        match self.draws.next() {
            Some(d) if d.bound == bound && d.value < bound => d.value,
            _ => {
                self.mismatch = true;
                0
            }
        }
    }
}

/// A source for games and tests that use no randomness: asking it for a draw is a bug.
pub struct NoRandomness;

impl RandomSource for NoRandomness {
    fn below(&mut self, _n: u32) -> u32 {
        panic!("this game asked for randomness it does not use")
    }
}

/// A die with `sides` faces: 1..=sides.
pub fn roll(rng: &mut dyn RandomSource, sides: u32) -> u32 {
    rng.below(sides) + 1
}

/// Fisher–Yates, written out so its output never changes with a library version.
pub fn shuffle<T>(rng: &mut dyn RandomSource, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &[u8] = b"0123456789abcdef0123456789abcdef";

    #[test]
    fn hex_reads_either_case_and_nothing_else() {
        assert_eq!(from_hex(""), Some(vec![]));
        assert_eq!(from_hex("00aBfF"), Some(vec![0, 0xab, 0xff]));
        assert_eq!(to_hex(&[0, 0xab, 0xff]), "00abff");
        for bad in ["0", "+f", "0g", "é0", "0x"] {
            assert_eq!(from_hex(bad), None, "{bad}");
        }
    }

    #[test]
    fn commitment_is_sha256_of_the_seed() {
        assert_eq!(to_hex(&commitment(b"abc")), include_str!("../tests/vectors/sha256_abc.txt").trim());
    }

    /// Vectors computed with Python's `hmac`/`hashlib`, independent of this code.
    #[test]
    fn derivation_matches_the_published_test_vectors() {
        let key = GameKey::derive(SEED, &[]);
        assert_eq!(to_hex(&key.0), include_str!("../tests/vectors/game_key_no_entropy.txt").trim());
        let key2 = GameKey::derive(SEED, &[b"alice", b""]);
        assert_eq!(to_hex(&key2.0), include_str!("../tests/vectors/game_key_alice_empty.txt").trim());
        let mut rng = EventRng::new(key, 7);
        let words: Vec<String> = (0..10).map(|_| rng.next_u32().to_string()).collect();
        assert_eq!(words.join(" "), include_str!("../tests/vectors/event7_words.txt").trim());
        let mut rng = EventRng::new(key, 7);
        let dice: Vec<String> = (0..10).map(|_| roll(&mut rng, 6).to_string()).collect();
        assert_eq!(dice.join(" "), include_str!("../tests/vectors/event7_d6.txt").trim());
        let mut rng = EventRng::new(key, 8);
        let mut deck: Vec<u32> = (0..52).collect();
        shuffle(&mut rng, &mut deck);
        let deck: Vec<String> = deck.iter().map(u32::to_string).collect();
        assert_eq!(deck.join(" "), include_str!("../tests/vectors/event8_shuffle52.txt").trim());
        // Derivation 2: seat 2 (actor 2) rolling ten dice in event 7; the same event number
        // for seat 1 gives other dice.
        let context = EventContext::action(1, "roll 10d6");
        let mut rng = EventRng::with_context(key, 7, &context);
        let words: Vec<String> = (0..10).map(|_| rng.next_u32().to_string()).collect();
        assert_eq!(words.join(" "), include_str!("../tests/vectors/v2_event7_seat2_words.txt").trim());
        let mut rng = EventRng::with_context(key, 7, &context);
        let dice: Vec<String> = (0..10).map(|_| roll(&mut rng, 6).to_string()).collect();
        assert_eq!(dice.join(" "), include_str!("../tests/vectors/v2_event7_seat2_d6.txt").trim());
        let mut rng = EventRng::with_context(key, 7, &EventContext::action(0, "roll 10d6"));
        let dice: Vec<String> = (0..10).map(|_| roll(&mut rng, 6).to_string()).collect();
        assert_eq!(dice.join(" "), include_str!("../tests/vectors/v2_event7_seat1_d6.txt").trim());
        let mut rng = EventRng::with_context(key, 0, &EventContext::start());
        let words: Vec<String> = (0..4).map(|_| rng.next_u32().to_string()).collect();
        assert_eq!(words.join(" "), include_str!("../tests/vectors/v2_event0_start_words.txt").trim());
    }

    /// Derivation 3's streams, computed with Python's `hmac` apart from this code.
    #[test]
    fn derivation_3_matches_the_published_test_vectors() {
        let key = GameKey::derive(SEED, &[]);
        let words = |stream: &Stream, n: usize| {
            let mut rng = EventRng::for_stream(key, stream);
            (0..n).map(|_| rng.next_u32().to_string()).collect::<Vec<_>>().join(" ")
        };
        let d6 = |stream: &Stream| {
            let mut rng = EventRng::for_stream(key, stream);
            (0..10).map(|_| roll(&mut rng, 6).to_string()).collect::<Vec<_>>().join(" ")
        };
        let vector = |name: &str| std::fs::read_to_string(format!("tests/vectors/{name}"));
        let vector = |name: &str| vector(name).unwrap().trim().to_string();
        assert_eq!(words(&Stream::Start, 4), vector("v3_start_words.txt"));
        let roll_of = |count| Stream::Seat { seat: 1, count, action: "roll 10d6".into() };
        assert_eq!(words(&roll_of(0), 10), vector("v3_seat2_first_roll_words.txt"));
        assert_eq!(d6(&roll_of(0)), vector("v3_seat2_first_roll_d6.txt"));
        assert_eq!(d6(&roll_of(2)), vector("v3_seat2_third_roll_d6.txt"), "the seat's third action: its own count");
        assert_eq!(words(&Stream::Round(3), 4), vector("v3_round3_words.txt"));
    }

    #[test]
    fn below_rejects_words_that_would_bias_the_result() {
        // With n = 3 the zone is 2^32 - 1: the word u32::MAX must be rejected, 5 gives 2.
        let mut words = [u32::MAX, 5].into_iter();
        assert_eq!(below_from_words(3, || words.next().unwrap()), 2);
        assert_eq!(words.next(), None, "both words were read");
        // With n = 2^31 + 1 half the words are rejected: 2^31 + 1 itself and above.
        let mut words = [1 << 31, u32::MAX, 7].into_iter();
        assert_eq!(below_from_words((1 << 31) + 1, || words.next().unwrap()), 1 << 31);
        let mut words = [(1 << 31) + 1, u32::MAX, 7].into_iter();
        assert_eq!(below_from_words((1 << 31) + 1, || words.next().unwrap()), 7);
        // And the real source never returns out of range, over many draws and odd bounds.
        let mut rng = EventRng::new(GameKey::derive(SEED, &[]), 1);
        for n in [1, 2, 3, 7, 52, 1000, u32::MAX] {
            for _ in 0..100 {
                assert!(rng.below(n) < n);
            }
        }
    }

    #[test]
    fn recorded_draws_replay_exactly_and_detect_tampering() {
        let mut rng = EventRng::new(GameKey::derive(SEED, &[]), 3);
        let mut rec = Recorder::new(&mut rng);
        let mut deck: Vec<u32> = (0..10).collect();
        shuffle(&mut rec, &mut deck);
        let draws = rec.draws.clone();
        let mut replay = Replay::new(&draws);
        let mut again: Vec<u32> = (0..10).collect();
        shuffle(&mut replay, &mut again);
        assert_eq!(deck, again);
        assert!(replay.finished_cleanly());
        let mut tampered = draws.clone();
        tampered[0].bound += 1;
        let mut replay = Replay::new(&tampered);
        shuffle(&mut replay, &mut (0..10).collect::<Vec<u32>>());
        assert!(!replay.finished_cleanly());
    }
}

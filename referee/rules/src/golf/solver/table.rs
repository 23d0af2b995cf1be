//! The deepening search's memory: facts "no line of at most r moves finishes the hole from
//! this position", in a table of fixed size.

/// Facts by fingerprint, two to a bucket: the first slot keeps the fact with the most moves,
/// the second the newest. A fact pushed out is only forgotten (the search may prove it again);
/// a fact kept is always true, so the table never changes an answer, only the work.
pub(super) struct Table {
    slots: Vec<u64>,
    mask: usize,
}

/// Each slot: 55 bits of the fingerprint and a bit always set (so never zero, the empty slot),
/// above the number of moves, 8 bits.
const MOVES: u64 = 0xFF;

impl Table {
    /// Bytes a slot takes.
    pub const SLOT_BYTES: usize = 8;

    /// A table of `slots` slots (a power of two, at least two).
    pub fn new(slots: usize) -> Table {
        debug_assert!(slots.is_power_of_two() && slots >= 2);
        Table { slots: vec![0; slots], mask: slots - 2 }
    }

    /// The bucket of a fingerprint, and the check it is kept under: the bucket from one half
    /// of the fingerprint, the check from the other, so two positions are taken for one only
    /// if they agree on both.
    fn place(&self, fingerprint: u128) -> (usize, u64) {
        let bucket = (fingerprint as u64 as usize) & self.mask;
        let check = ((fingerprint >> 64) as u64 | 1 << 63) & !MOVES;
        (bucket, check)
    }

    /// The most moves known not to be enough from this position (0 when nothing is known).
    pub fn known(&self, fingerprint: u128) -> u32 {
        let (bucket, check) = self.place(fingerprint);
        self.slots[bucket..bucket + 2].iter().find(|s| *s & !MOVES == check).map_or(0, |s| (s & MOVES) as u32)
    }

    /// Records that no line of at most `moves` moves finishes from this position.
    pub fn record(&mut self, fingerprint: u128, moves: u32) {
        let (bucket, check) = self.place(fingerprint);
        let entry = check | u64::from(moves.min(255) as u8);
        let [deep, newest] = [self.slots[bucket], self.slots[bucket + 1]];
        if deep & !MOVES == check {
            self.slots[bucket] = deep.max(entry);
        } else if newest & !MOVES == check {
            self.slots[bucket + 1] = newest.max(entry);
        } else if deep & MOVES <= entry & MOVES {
            self.slots[bucket + 1] = deep;
            self.slots[bucket] = entry;
        } else {
            self.slots[bucket + 1] = entry;
        }
    }
}

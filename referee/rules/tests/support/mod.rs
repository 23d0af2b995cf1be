//! Helpers the rules tests share.

/// A small xorshift generator for choosing random legal actions in playout tests: fixed
/// seeds, so a failure replays.
pub fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

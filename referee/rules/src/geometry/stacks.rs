//! Things piled on a square: checkers under a piece (Adrenaline, Booster, Half Alice), a coin
//! under a zombie, pyramids forming a Whack piece. Kept apart from the piece placement so
//! that the orthodox core stays untouched by games that add them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Per-square stacks, bottom first, keyed by any square type (8×8 [`crate::geometry::Square`]
/// or a [`crate::geometry::grid::Cell`]). Empty stacks are never stored, so two equal
/// positions compare equal.
#[derive(Clone, Debug, Eq, PartialEq, Hash, Serialize, Deserialize)]
#[serde(bound(
    serialize = "K: Serialize + Ord, T: Serialize",
    deserialize = "K: Deserialize<'de> + Ord, T: Deserialize<'de>"
))]
pub struct Stacks<K: Ord, T> {
    stacks: BTreeMap<K, Vec<T>>,
}

impl<K: Ord, T> Default for Stacks<K, T> {
    fn default() -> Self {
        Stacks { stacks: BTreeMap::new() }
    }
}

impl<K: Ord + Copy, T> Stacks<K, T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The stack on `at`, bottom first (empty when nothing is there).
    pub fn at(&self, at: K) -> &[T] {
        self.stacks.get(&at).map_or(&[], Vec::as_slice)
    }

    pub fn height(&self, at: K) -> usize {
        self.at(at).len()
    }

    pub fn push(&mut self, at: K, item: T) {
        self.stacks.entry(at).or_default().push(item);
    }

    /// Take the top item off the stack on `at`.
    pub fn pop(&mut self, at: K) -> Option<T> {
        let stack = self.stacks.get_mut(&at)?;
        let item = stack.pop();
        if stack.is_empty() {
            self.stacks.remove(&at);
        }
        item
    }

    /// Remove and return the whole stack on `at`.
    pub fn take(&mut self, at: K) -> Vec<T> {
        self.stacks.remove(&at).unwrap_or_default()
    }

    /// Move the whole stack from `from` onto whatever stands on `to` (a piece carrying its
    /// checkers, a capturer taking over the captured piece's checkers).
    pub fn carry(&mut self, from: K, to: K) {
        let moved = self.take(from);
        if !moved.is_empty() {
            self.stacks.entry(to).or_default().extend(moved);
        }
    }

    /// Remove every item on `at` matching `pred`, returning how many went.
    pub fn remove_where(&mut self, at: K, mut pred: impl FnMut(&T) -> bool) -> usize {
        let Some(stack) = self.stacks.get_mut(&at) else { return 0 };
        let before = stack.len();
        stack.retain(|t| !pred(t));
        let removed = before - stack.len();
        if stack.is_empty() {
            self.stacks.remove(&at);
        }
        removed
    }

    pub fn iter(&self) -> impl Iterator<Item = (K, &[T])> {
        self.stacks.iter().map(|(k, v)| (*k, v.as_slice()))
    }

    pub fn total(&self) -> usize {
        self.stacks.values().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Square;
    use crate::pieces::Color;

    #[test]
    fn checkers_travel_with_their_piece_and_empty_stacks_vanish() {
        let e2: Square = "e2".parse().unwrap();
        let e4: Square = "e4".parse().unwrap();
        let mut checkers = Stacks::new();
        checkers.push(e2, Color::White);
        checkers.push(e2, Color::Black);
        checkers.push(e4, Color::White);
        checkers.carry(e2, e4);
        assert_eq!(checkers.at(e4), &[Color::White, Color::White, Color::Black]);
        assert_eq!(checkers.height(e2), 0);
        assert_eq!(checkers.remove_where(e4, |c| *c == Color::White), 2);
        assert_eq!(checkers.pop(e4), Some(Color::Black));
        assert_eq!(checkers, Stacks::new());
        assert_eq!(checkers.total(), 0);
    }
}

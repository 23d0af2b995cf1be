//! Each client address's budget of bytes added to the store in a day
//! (`Settings::bytes_per_address`): read before a game is made or an action recorded, spent as
//! events go in, given back for those that did not.

use crate::errors::{ApiError, Reason, storage};
use crate::tables::Tables;
use tonic::Code;

/// The window of an address's budget of bytes (`Settings::bytes_per_address`).
const BUDGET_WINDOW_SECONDS: u64 = 86_400;

/// The store's counter of the bytes one client address added in its window.
fn budget_key(address: &str) -> String {
    format!("limit:bytes:{address}")
}

impl Tables {
    /// Refuses a client address that has added its day's worth of bytes to the store.
    pub(crate) async fn within_budget(&self, address: &str) -> Result<(), ApiError> {
        self.refuse_over_budget(self.budget(address).await?)
    }

    /// What `address` has added to the store in its window, and the seconds until it ends: as
    /// this referee last counted it while that is under the budget (`Warm::spent`), else read.
    pub(crate) async fn budget(&self, address: &str) -> Result<(u64, u64), ApiError> {
        match self.warm.spent(address) {
            Some(spent) if spent < self.settings.bytes_per_address => Ok((spent, 0)),
            _ => self.store.budget_spent(&budget_key(address)).await.map_err(storage),
        }
    }

    /// Refuses an address whose budget read `(spent, wait)` is spent.
    pub(crate) fn refuse_over_budget(&self, (spent, wait): (u64, u64)) -> Result<(), ApiError> {
        if spent < self.settings.bytes_per_address {
            return Ok(());
        }
        Err(ApiError::new(
            Code::ResourceExhausted,
            Reason::LimitReached,
            format!(
                "The games played from this address have recorded {} MB today, the most the referee keeps for one address; the rest waits until the day is over.",
                spent >> 20
            ),
        )
        .retry_after(wait.max(1)))
    }

    /// Counts `bytes` added to the store against `address`'s budget (a failure only loses the
    /// count).
    pub(crate) async fn spend(&self, address: &str, bytes: u64) {
        match self.store.spend(&budget_key(address), bytes, BUDGET_WINDOW_SECONDS).await {
            Ok(spent) => self.warm.count_spent(address, spent),
            Err(e) => tracing::warn!(%e, "budget not counted"),
        }
    }

    /// Takes back `bytes` counted for an event that did not go in (a failure only leaves the
    /// count high, against the address).
    pub(crate) async fn give_back(&self, address: &str, bytes: u64) {
        if let Err(e) = self.store.give_back(&budget_key(address), bytes).await {
            tracing::warn!(%e, "budget not given back");
        }
    }
}

//! What a dishonest operator, who knows the seed, can do to a finished record: recompute every
//! link after rewriting it, so that it holds together by itself. Only the links the players'
//! phones kept can then catch it.
#![allow(dead_code)]

use referee::audit::AuditRecord;
use referee::chain::{Linker, chain_start};

/// Recomputes every link of `record`'s chain.
pub fn relink(record: &mut AuditRecord) {
    let seed = rules::random::from_hex(&record.seed).unwrap();
    let linker = Linker { version: record.chain, seed: &seed };
    let mut link = chain_start(&record.chain_header());
    for event in &mut record.events {
        link = linker.link(&link, event);
        event.chain = link.clone();
    }
}

/// `--checkpoint SEQ:HEX` arguments for links a phone kept.
pub fn checkpoint_args(kept: &[(u64, String)]) -> Vec<String> {
    kept.iter().flat_map(|(seq, link)| ["--checkpoint".to_string(), format!("{seq}:{link}")]).collect()
}

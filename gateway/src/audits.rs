//! Finished games' audit records, kept ready in the gateway as the bytes it sends.
//!
//! A finished game's audit record never changes until the store forgets the game (the referee
//! says until when: `AuditRecord.unchanged_until_ms`). Its JSON can be megabytes (1.3 MB for a
//! 5,000-event game), and turning the referee's answer into JSON costs the gateway tens of
//! milliseconds of CPU. So the gateway keeps, in a cache bounded by bytes
//! (`GATEWAY_AUDITS_KEPT_MB`), each record it last read as its JSON, that JSON gzipped, and an
//! entity tag of it: a read then costs a copy of bytes already written, a client that has the
//! record (`If-None-Match`) gets 304, and a browser that takes gzip (every one, on plain HTTP
//! too) gets a tenth of the bytes. Reads of a record that is not kept yet wait for one fetch
//! from the referee, however many arrive at once; a refusal (409 while the game is on, 404)
//! is answered to all of them and kept by none. A record that may still change (a game closed
//! by the clock, whose record the referee does not keep either) is fetched for each read.

use crate::errors::ApiError;
use crate::kept::{self, Unchanging, unchanged_for};
use crate::views::object_text;
use actix_web::http::StatusCode;
use actix_web::http::header::{
    self, AcceptEncoding, CacheControl, CacheDirective, ContentEncoding, Encoding, EntityTag, Header, IfNoneMatch,
};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use referee_proto::v1 as pb;
use sha2::Digest;
use std::io::Write;
use std::sync::Arc;

/// How long a client may keep a finished game's record without asking again, at most.
const MOST_CLIENT_SECONDS: u64 = 24 * 60 * 60;

/// An audit record ready to send.
pub struct Ready {
    /// The record as JSON.
    json: Bytes,
    /// The same, gzipped.
    gzip: Bytes,
    /// A strong entity tag of the JSON.
    tag: EntityTag,
    /// Until when the record stays as it is, in ms since the epoch; 0: it may change.
    unchanged_until_ms: u64,
}

impl Ready {
    /// Writes `record` as JSON, gzips it and tags it (megabytes for the longest games: run it
    /// on a bulk thread).
    fn new(record: pb::AuditRecord) -> std::io::Result<Ready> {
        let json = object_text(record.audit.as_ref()).into_bytes();
        let mut gzip =
            flate2::write::GzEncoder::new(Vec::with_capacity(json.len() / 8), flate2::Compression::default());
        gzip.write_all(&json)?;
        let gzip = gzip.finish()?;
        let digest = sha2::Sha256::digest(&json);
        let tag = EntityTag::new_strong(digest[..16].iter().map(|b| format!("{b:02x}")).collect());
        Ok(Ready { json: json.into(), gzip: gzip.into(), tag, unchanged_until_ms: record.unchanged_until_ms })
    }

    /// The answer to `request`: 304 when it names this record's tag, else the record, gzipped
    /// when the client takes gzip, with its tag and how long the client may keep it.
    pub fn response(&self, request: &HttpRequest) -> HttpResponse {
        let keep = unchanged_for(self.unchanged_until_ms).as_secs().min(MOST_CLIENT_SECONDS);
        let cache = if keep > 0 {
            CacheControl(vec![CacheDirective::Public, CacheDirective::MaxAge(keep as u32)])
        } else {
            CacheControl(vec![CacheDirective::NoCache])
        };
        let known = match IfNoneMatch::parse(request) {
            Ok(IfNoneMatch::Any) => true,
            Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&self.tag)),
            Err(_) => false,
        };
        let mut answer = HttpResponse::build(if known { StatusCode::NOT_MODIFIED } else { StatusCode::OK });
        answer
            .insert_header(header::ETag(self.tag.clone()))
            .insert_header(cache)
            .insert_header((header::VARY, "accept-encoding"));
        if known {
            return answer.finish();
        }
        answer.content_type(header::ContentType::json());
        let gzip = AcceptEncoding::parse(request)
            .ok()
            .and_then(|a| a.negotiate([Encoding::gzip(), Encoding::identity()].iter()))
            .is_some_and(|e| e == Encoding::gzip());
        if gzip {
            answer.insert_header(ContentEncoding::Gzip).body(self.gzip.clone())
        } else {
            answer.body(self.json.clone())
        }
    }
}

/// The audit records this gateway keeps ready, by game id.
#[derive(Clone)]
pub struct Audits(moka::future::Cache<String, Arc<Ready>>);

impl Unchanging for Ready {
    fn unchanged_until_ms(&self) -> u64 {
        self.unchanged_until_ms
    }

    fn bytes(&self) -> usize {
        self.json.len() + self.gzip.len()
    }
}

impl Audits {
    /// Keeps at most `most_bytes` bytes of records (JSON and gzip together); 0 keeps none.
    pub fn new(most_bytes: u64) -> Audits {
        Audits(kept::cache(most_bytes))
    }

    /// `game_id`'s record, as kept or as `fetch` brings it from the referee: one fetch at a time
    /// for a game, which every read of it meanwhile awaits.
    pub async fn get(
        &self,
        game_id: String,
        fetch: impl Future<Output = Result<pb::AuditRecord, ApiError>>,
    ) -> Result<Arc<Ready>, ApiError> {
        let made = async move {
            let record = fetch.await?;
            metrics::counter!("gateway_audit_fetches_total").increment(1);
            // Megabytes of JSON and gzip for the longest games: bulk work, which yields the
            // cores to the calls of games in play.
            let ready = bulk::run(move || Ready::new(record)).await.map_err(internal)?.map_err(internal)?;
            Ok::<_, ApiError>(Arc::new(ready))
        };
        self.0.try_get_with(game_id, made).await.map_err(|e| (*e).clone())
    }
}

/// An error of the gateway's own while it readied a record.
fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
}

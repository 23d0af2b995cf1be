//! The referee's protobuf codec: prost's, except that a request that is not a valid protobuf
//! message is the caller's mistake (`INVALID_ARGUMENT`), not the server's (`INTERNAL`, which is
//! what tonic's codec answers and what clients retry). (A view's `Struct` is written straight
//! from the typed view before it gets here: `structs::to_struct`.)

use prost::Message;
use std::marker::PhantomData;
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};

/// [`ProstCodec`](tonic_prost::ProstCodec) with malformed messages answered `INVALID_ARGUMENT`.
#[derive(Debug, Clone, Copy)]
pub struct StrictCodec<T, U> {
    _pd: PhantomData<(T, U)>,
}

impl<T, U> Default for StrictCodec<T, U> {
    fn default() -> Self {
        StrictCodec { _pd: PhantomData }
    }
}

impl<T, U> Codec for StrictCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = StrictDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstEncoder { _pd: PhantomData }
    }

    fn decoder(&mut self) -> Self::Decoder {
        StrictDecoder { _pd: PhantomData }
    }
}

/// Encodes with prost.
#[derive(Debug)]
pub struct ProstEncoder<T> {
    _pd: PhantomData<T>,
}

impl<T: Message> Encoder for ProstEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.encode_raw(buf);
        Ok(())
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}

/// Decodes with prost; a malformed message is `INVALID_ARGUMENT`.
#[derive(Debug)]
pub struct StrictDecoder<U> {
    _pd: PhantomData<U>,
}

impl<U: Message + Default> Decoder for StrictDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        U::decode(buf)
            .map(Some)
            .map_err(|e| Status::invalid_argument(format!("The message is not valid protobuf for this call: {e}")))
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structs::{from_json, to_struct};
    use crate::v1::{AuditRecord, GameView, SubmitActionResponse};

    /// What the encoder writes for `item`, read back by prost.
    fn round_trip<T: Message + Default + Clone + 'static>(item: &T) -> T {
        let mut bytes = Vec::new();
        item.encode_raw(&mut bytes);
        let read = T::decode(bytes.as_slice()).unwrap();
        assert_eq!(read.encoded_len(), item.encoded_len(), "as many bytes as prost writes");
        read
    }

    fn view() -> GameView {
        let json = serde_json::json!({
            "game": {"board": [[null, {"piece": "K", "colour": "white"}], []], "turn": 3},
            "played": [{"seat": 0, "said": "e4"}], "flags": {"over": false}, "": "empty key"
        });
        GameView {
            game_id: "g1".into(),
            rules: "chess".into(),
            seq: 7,
            status: 2,
            seat: Some(1),
            commitment: "ab".into(),
            joined_seats: vec![0, 1],
            reissued_seats: vec![2],
            reissues: vec![0, 0, 1],
            seat_count: 3,
            view: from_json(&json),
            names: vec!["Ann".into(), String::new()],
            chain: "cd".into(),
            ended_by_host: true,
            abandoned: true,
            round_deadline_ms: 9,
            awaiting_reveal: vec![1],
            reveal_deadline_ms: 10,
            unchanged_until_ms: 11,
        }
    }

    #[test]
    fn views_answers_and_audit_records_read_back_as_they_were() {
        let view = view();
        assert_eq!(round_trip(&view), view);
        let json = crate::structs::to_json(view.view.as_ref().unwrap());
        let written = GameView { view: to_struct(&json), ..view.clone() };
        assert_eq!(round_trip(&written), view, "a view written straight from its value");
        assert_eq!(round_trip(&GameView { view: None, ..view.clone() }), GameView { view: None, ..view.clone() });
        let answer = SubmitActionResponse {
            action: "e2e4".into(),
            description: "e4".into(),
            event_seq: 6,
            duplicate: true,
            view: Some(view.clone()),
        };
        assert_eq!(round_trip(&answer), answer);
        let bare = SubmitActionResponse { view: Some(GameView { view: None, ..view.clone() }), ..answer.clone() };
        assert_eq!(round_trip(&bare), bare);
        assert_eq!(round_trip(&SubmitActionResponse::default()), SubmitActionResponse::default());
        let record = AuditRecord { audit: view.view.clone(), unchanged_until_ms: 12 };
        assert_eq!(round_trip(&record), record);
        assert_eq!(round_trip(&AuditRecord::default()), AuditRecord::default());
    }
}

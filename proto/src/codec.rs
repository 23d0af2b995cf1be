//! The referee's protobuf codec: prost's, except that a request that is not a valid protobuf
//! message is the caller's mistake (`INVALID_ARGUMENT`), not the server's (`INTERNAL`, which is
//! what tonic's codec answers and what clients retry), and that the `Struct`s of views and
//! audit records are written in one pass over their lengths (`wire`).

use crate::structs::Struct;
use crate::v1::{AuditRecord, GameView, SubmitActionResponse};
use crate::wire::{Lengths, struct_field_len, write_struct_field};
use prost::Message;
use prost::bytes::BufMut;
use prost::encoding::{WireType, encode_key, encode_varint};
use std::any::Any;
use std::marker::PhantomData;
use tonic::Status;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};

/// `GameView.view`'s field number.
const VIEW_STRUCT: u32 = 9;
/// `SubmitActionResponse.view`'s field number.
const ANSWER_VIEW: u32 = 5;
/// `AuditRecord.audit`'s field number.
const AUDIT_STRUCT: u32 = 1;

/// [`ProstCodec`] with malformed messages answered `INVALID_ARGUMENT`.
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
    type Encoder = ViewEncoder<T>;
    type Decoder = StrictDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ViewEncoder { _pd: PhantomData }
    }

    fn decoder(&mut self) -> Self::Decoder {
        StrictDecoder { _pd: PhantomData }
    }
}

/// Encodes with prost, except the `Struct` of a view (alone, or in a submit's answer) and of an
/// audit record, written by `wire` after the message's other fields. (Fields may come in any
/// order on the wire; every protobuf reader takes them so.)
#[derive(Debug)]
pub struct ViewEncoder<T> {
    _pd: PhantomData<T>,
}

impl<T: Message + 'static> Encoder for ViewEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        write_reply(item, buf);
        Ok(())
    }

    fn buffer_settings(&self) -> BufferSettings {
        BufferSettings::default()
    }
}

/// Writes `item` as [`ViewEncoder`] does.
fn write_reply<T: Message + 'static>(mut item: T, buf: &mut impl BufMut) {
    let any: &mut dyn Any = &mut item;
    if let Some(view) = any.downcast_mut::<GameView>() {
        Split::view(std::mem::take(view)).write(buf);
    } else if let Some(answer) = any.downcast_mut::<SubmitActionResponse>() {
        let view = answer.view.take().map(Split::view);
        answer.encode_raw(buf);
        if let Some(view) = view {
            encode_key(ANSWER_VIEW, WireType::LengthDelimited, buf);
            encode_varint(view.encoded_len() as u64, buf);
            view.write(buf);
        }
    } else if let Some(record) = any.downcast_mut::<AuditRecord>() {
        let audit = record.audit.take();
        Split { rest: std::mem::take(record), tag: AUDIT_STRUCT, s: audit.map(with_lengths) }.write(buf);
    } else {
        item.encode_raw(buf);
    }
}

/// A message with its `Struct` field `tag` taken out: the rest is prost's to write, the
/// `Struct` (with its lengths) `wire`'s, after it.
struct Split<M> {
    rest: M,
    tag: u32,
    s: Option<(Struct, Lengths)>,
}

fn with_lengths(s: Struct) -> (Struct, Lengths) {
    let lengths = Lengths::of(&s);
    (s, lengths)
}

impl Split<GameView> {
    fn view(mut view: GameView) -> Split<GameView> {
        let s = view.view.take().map(with_lengths);
        Split { rest: view, tag: VIEW_STRUCT, s }
    }
}

impl<M: Message> Split<M> {
    fn encoded_len(&self) -> usize {
        self.rest.encoded_len() + self.s.as_ref().map_or(0, |(_, lengths)| struct_field_len(self.tag, lengths))
    }

    fn write(&self, buf: &mut impl BufMut) {
        self.rest.encode_raw(buf);
        if let Some((s, lengths)) = &self.s {
            write_struct_field(self.tag, s, lengths, buf);
        }
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
    use crate::structs::from_json;

    /// What the encoder writes for `item`, read back by prost.
    fn round_trip<T: Message + Default + Clone + 'static>(item: &T) -> T {
        let mut bytes = Vec::new();
        write_reply(item.clone(), &mut bytes);
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
            seat_count: 3,
            view: from_json(&json),
            names: vec!["Ann".into(), String::new()],
            chain: "cd".into(),
            ended_by_host: true,
            abandoned: true,
            round_deadline_ms: 9,
            awaiting_reveal: vec![1],
            reveal_deadline_ms: 10,
        }
    }

    #[test]
    fn views_answers_and_audit_records_read_back_as_they_were() {
        let view = view();
        assert_eq!(round_trip(&view), view);
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
        let record = AuditRecord { audit: view.view.clone() };
        assert_eq!(round_trip(&record), record);
        assert_eq!(round_trip(&AuditRecord::default()), AuditRecord::default());
    }
}

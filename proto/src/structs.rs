//! Structured values (`google.protobuf.Struct`): to and from JSON, and written straight from
//! anything serde writes.
//!
//! A message's `Struct` field holds a [`Struct`]: its fields, built (options, audit records),
//! or its bytes — written straight from a typed view by a referee ([`to_struct`]), or read off
//! the wire, checked as prost reads them — which are sent as they are, turned straight into
//! JSON text ([`Struct::write_json_members`], the gateway's views), and read into fields only
//! if somebody asks for one. A `Struct` inside a value is prost's ([`NestedStruct`]).

use crate::json::{Json, check_entry, walk_members};
use prost::bytes::{Buf, BufMut};
use prost::encoding::{DecodeContext, WireType, decode_varint, encode_key, encode_varint, skip_field};
use std::sync::OnceLock;

pub use pbjson_types::{ListValue, Struct as NestedStruct, Value, value::Kind};

/// A `google.protobuf.Struct` field: its fields (built), or its bytes (written by
/// [`to_struct`], or read off the wire and checked). It reads as its fields (`Deref`) either
/// way; bytes are read into fields on the first look, and fields changed (`DerefMut`) are
/// written anew.
#[derive(Clone, Default)]
pub struct Struct {
    read: OnceLock<NestedStruct>,
    written: Option<Vec<u8>>,
}

impl Struct {
    fn fields(&self) -> &NestedStruct {
        self.read.get_or_init(|| match &self.written {
            // Bytes written by `wire` or checked as they were read: prost reads them.
            Some(bytes) => prost::Message::decode(bytes.as_slice()).unwrap_or_default(),
            None => NestedStruct::default(),
        })
    }

    /// Writes the members of this Struct as a JSON object's (`"key":value`, no braces) into
    /// `out`, those `keep` says to keep, after a comma when `members_before`: numbers as
    /// [`to_json`] gives them. Answers whether a member is in `out` now.
    pub fn write_json_members(&self, out: &mut Vec<u8>, members_before: bool, keep: impl FnMut(&str) -> bool) -> bool {
        let encoded;
        let bytes = match &self.written {
            Some(bytes) => bytes.as_slice(),
            None => {
                encoded = prost::Message::encode_to_vec(self.fields());
                encoded.as_slice()
            }
        };
        let start = out.len();
        let mut json = Json::members(out, members_before, keep);
        match walk_members(bytes, &mut json) {
            Ok(()) => json.any(),
            // Never: every Struct's bytes were written here or checked as they came.
            Err(_) => {
                out.truncate(start);
                members_before
            }
        }
    }
}

impl From<NestedStruct> for Struct {
    fn from(fields: NestedStruct) -> Struct {
        Struct { read: OnceLock::from(fields), written: None }
    }
}

impl std::ops::Deref for Struct {
    type Target = NestedStruct;
    fn deref(&self) -> &NestedStruct {
        self.fields()
    }
}

impl std::ops::DerefMut for Struct {
    fn deref_mut(&mut self) -> &mut NestedStruct {
        self.fields();
        self.written = None;
        self.read.get_mut().expect("read just above")
    }
}

impl PartialEq for Struct {
    fn eq(&self, other: &Struct) -> bool {
        match (&self.written, &other.written) {
            (Some(a), Some(b)) if a == b => true,
            _ => self.fields() == other.fields(),
        }
    }
}

impl std::fmt::Debug for Struct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.fields().fmt(f)
    }
}

impl prost::Message for Struct {
    fn encode_raw(&self, buf: &mut impl BufMut) {
        match &self.written {
            Some(bytes) => buf.put_slice(bytes),
            None => self.fields().encode_raw(buf),
        }
    }

    /// A Struct read off the wire keeps its bytes: each map entry (field 1) is checked as prost
    /// reads it and kept as it came; anything else is skipped, as prost skips it. (Fields
    /// already built take the field as prost's Struct does.)
    fn merge_field(
        &mut self,
        tag: u32,
        wire_type: WireType,
        buf: &mut impl Buf,
        ctx: DecodeContext,
    ) -> Result<(), prost::DecodeError> {
        if self.written.is_none() && self.read.get().is_some() {
            return (**self).merge_field(tag, wire_type, buf, ctx);
        }
        if tag != 1 {
            return skip_field(wire_type, tag, buf, ctx);
        }
        // As prost reads a map entry: its length, whatever wire type its key says.
        let len = decode_varint(buf)?;
        if len > buf.remaining() as u64 {
            return Err(crate::json::malformed("buffer underflow"));
        }
        let entry = buf.copy_to_bytes(len as usize);
        check_entry(&entry)?;
        let written = self.written.get_or_insert_with(Vec::new);
        encode_key(1, WireType::LengthDelimited, written);
        encode_varint(len, written);
        written.extend_from_slice(&entry);
        self.read = OnceLock::new();
        Ok(())
    }

    fn encoded_len(&self) -> usize {
        match &self.written {
            Some(bytes) => bytes.len(),
            None => self.fields().encoded_len(),
        }
    }

    fn clear(&mut self) {
        *self = Struct::default();
    }
}

/// `value` written straight into a `Struct`'s bytes: what `serde_json::to_value` and then
/// [`from_json`] give, without the JSON or the fields in between. `None` when it is not a map or
/// struct, or holds a whole number beyond 2^53, as `from_json` answers.
pub fn to_struct<T: serde::Serialize + ?Sized>(value: &T) -> Option<Struct> {
    let written = crate::wire::struct_bytes(value)?;
    Some(Struct { read: OnceLock::new(), written: Some(written) })
}

/// A JSON object as a `Struct`; `None` for anything that is not an object (or has numbers
/// a `Struct` cannot hold).
pub fn from_json(value: &serde_json::Value) -> Option<Struct> {
    match value {
        serde_json::Value::Object(map) => object(map).map(Struct::from),
        _ => None,
    }
}

/// Built directly, as protobuf's JSON mapping reads it (whole numbers beyond 2^53 refused),
/// without cloning the JSON or going through serde: every view a referee sends is made here.
fn object(map: &serde_json::Map<String, serde_json::Value>) -> Option<NestedStruct> {
    let fields = map.iter().map(|(k, v)| Some((k.clone(), value_of(v)?))).collect::<Option<_>>()?;
    Some(NestedStruct { fields })
}

fn value_of(value: &serde_json::Value) -> Option<Value> {
    use serde_json::Value as J;
    const LIMIT: u64 = 1 << f64::MANTISSA_DIGITS;
    let kind = match value {
        // As serde has always read a null here: a Value with no kind (which clients read
        // as null), so that views stay byte for byte what they were.
        J::Null => return Some(Value { kind: None }),
        J::Bool(b) => Kind::BoolValue(*b),
        J::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) if u >= LIMIT => return None,
            (None, Some(i)) if i.unsigned_abs() >= LIMIT => return None,
            _ => Kind::NumberValue(n.as_f64()?),
        },
        J::String(s) => Kind::StringValue(s.clone()),
        J::Array(items) => Kind::ListValue(ListValue { values: items.iter().map(value_of).collect::<Option<_>>()? }),
        J::Object(map) => Kind::StructValue(object(map)?),
    };
    Some(Value { kind: Some(kind) })
}

/// A `Struct` as a JSON object. A `Struct` holds every number as a double; whole numbers
/// come back as integers (`3`, not `3.0`), as they were written.
pub fn to_json(value: &Struct) -> serde_json::Value {
    let mut json = serde_json::to_value(&**value).unwrap_or(serde_json::Value::Null);
    whole_numbers(&mut json);
    json
}

/// Whether every number in `value` is finite: a `Struct` can carry NaN or an infinity,
/// which JSON cannot, and which no option means.
pub fn all_finite(value: &Struct) -> bool {
    fn finite(kind: Option<&Kind>) -> bool {
        match kind {
            Some(Kind::NumberValue(n)) => n.is_finite(),
            Some(Kind::StructValue(s)) => all(s),
            Some(Kind::ListValue(l)) => l.values.iter().all(|v| finite(v.kind.as_ref())),
            _ => true,
        }
    }
    fn all(s: &NestedStruct) -> bool {
        s.fields.values().all(|v| finite(v.kind.as_ref()))
    }
    all(value)
}

/// The largest integer a double holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn whole_numbers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() <= MAX_SAFE) {
                *n = if f < 0.0 { (f as i64).into() } else { (f as u64).into() };
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_numbers),
        serde_json::Value::Object(map) => map.values_mut().for_each(whole_numbers),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_struct_with_nan_or_an_infinity_is_not_all_finite() {
        let fine = from_json(&serde_json::json!({"players": 4, "inner": {"x": [1.5]}})).unwrap();
        assert!(all_finite(&fine));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut nested = fine.clone();
            let number = Value { kind: Some(Kind::NumberValue(bad)) };
            let list = ListValue { values: vec![number] };
            nested.fields.insert("y".into(), Value { kind: Some(Kind::ListValue(list)) });
            assert!(!all_finite(&nested), "{bad}");
        }
    }

    #[test]
    fn built_directly_as_protobufs_json_mapping_reads_it() {
        let cases = [
            serde_json::json!({"a": [1, -2, 0.5, null, true, "x", {"b": {"c": []}}], "d": {}}),
            serde_json::json!({"big": 9_007_199_254_740_991_u64, "neg": -9_007_199_254_740_991_i64}),
            serde_json::json!({"too big": 9_007_199_254_740_992_u64}),
            serde_json::json!({"too small": [-9_007_199_254_740_992_i64]}),
            serde_json::json!({"max": u64::MAX, "f": 1e300}),
        ];
        for json in cases {
            let by_serde: Option<NestedStruct> = serde_json::from_value(json.clone()).ok();
            assert_eq!(from_json(&json), by_serde.map(Struct::from), "{json}");
        }
    }

    #[test]
    fn json_objects_round_trip_through_a_struct_with_whole_numbers_kept_whole() {
        let json =
            serde_json::json!({"seq": 7, "score": -2, "half": 0.5, "seats": [{"seat": 0}], "x": null, "ok": true});
        let back = to_json(&from_json(&json).unwrap());
        assert_eq!(back, json);
        assert_eq!(back["seq"].as_u64(), Some(7));
        assert!(from_json(&serde_json::json!([1, 2])).is_none(), "only objects are structs");
    }
}

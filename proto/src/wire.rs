//! Anything serde can write, written straight into the bytes of a `google.protobuf.Struct`:
//! the Struct that `serde_json::to_value` followed by `structs::from_json` would give, with no
//! JSON, no `HashMap`s and no values to build, walk and drop on the way.
//!
//! Every view a referee sends is written here. Building the view as a `Struct` and then
//! encoding it took about a third of the referee's CPU a move (`perf`, docs/service.md "What a
//! move costs"): a `HashMap` and a `String` for every field of every level, prost asking each
//! nested message its length at every level above it, and the allocator under all of it.
//!
//! A nested message's length comes before its bytes. Each is written with one byte kept for
//! its length, which is filled in when the message ends; the few messages of 128 bytes or more
//! (a view's outer levels) have their bytes moved up to make room for a longer length.

use prost::encoding::{WireType, encode_key, encode_varint, encoded_len_varint};
use serde::ser::{self, Serialize};

/// `google.protobuf.Value`'s fields.
const NUMBER: u32 = 2;
const STRING: u32 = 3;
const BOOL: u32 = 4;
const STRUCT: u32 = 5;
const LIST: u32 = 6;
/// A Struct's map entries, a ListValue's values, and a map entry's key (all field 1).
const ENTRY: u32 = 1;
const KEY: u32 = 1;
/// A map entry's value.
const ENTRY_VALUE: u32 = 2;

/// Whole numbers a double holds exactly, as protobuf's JSON mapping reads them.
const LIMIT: u64 = 1 << f64::MANTISSA_DIGITS;

/// The bytes of `value` as a `Struct` message; `None` when it is not a map or struct, or holds a
/// whole number beyond 2^53 (which a Struct's doubles cannot hold exactly), as
/// `structs::from_json` answers.
pub fn struct_bytes<T: Serialize + ?Sized>(value: &T) -> Option<Vec<u8>> {
    let mut out = Out(Vec::with_capacity(1024));
    value.serialize(ValueWriter(&mut out)).ok()?;
    // A map or struct is written as a Value's `struct_value`: its key, its length, its bytes.
    let [key, ..] = out.0[..] else { return None };
    if u64::from(key) != (u64::from(STRUCT) << 3 | WireType::LengthDelimited as u64) {
        return None;
    }
    let len = prost::encoding::decode_varint(&mut &out.0[1..]).ok()? as usize;
    let mut bytes = out.0;
    bytes.drain(..bytes.len() - len);
    Some(bytes)
}

/// The bytes being written.
struct Out(Vec<u8>);

impl Out {
    /// Opens the length-delimited field `tag`; gives where its bytes start, for [`Out::close`].
    fn open(&mut self, tag: u32) -> usize {
        encode_key(tag, WireType::LengthDelimited, &mut self.0);
        self.0.push(0);
        self.0.len()
    }

    /// Closes the field opened at `start`, writing its length in the byte kept for it (moving
    /// its bytes up when the length takes more than one byte).
    fn close(&mut self, start: usize) {
        let len = self.0.len() - start;
        let width = encoded_len_varint(len as u64);
        if width > 1 {
            self.0.splice(start..start, std::iter::repeat_n(0, width - 1));
        }
        encode_varint(len as u64, &mut &mut self.0[start - 1..start - 1 + width]);
    }

    fn string(&mut self, tag: u32, s: &str) {
        encode_key(tag, WireType::LengthDelimited, &mut self.0);
        encode_varint(s.len() as u64, &mut self.0);
        self.0.extend_from_slice(s.as_bytes());
    }

    fn number(&mut self, n: f64) {
        encode_key(NUMBER, WireType::SixtyFourBit, &mut self.0);
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    /// Opens a map entry under `key` and its value; gives both starts, for [`Out::close_entry`].
    /// An empty key is left out, as prost leaves out every field at its default.
    fn open_entry(&mut self, key: &str) -> [usize; 2] {
        let entry = self.open(ENTRY);
        if !key.is_empty() {
            self.string(KEY, key);
        }
        [entry, self.open(ENTRY_VALUE)]
    }

    /// Closes an entry; a value with no kind (a null) is left out, as prost leaves it out.
    fn close_entry(&mut self, [entry, value]: [usize; 2]) {
        if self.0.len() == value {
            self.0.truncate(value - 2);
        } else {
            self.close(value);
        }
        self.close(entry);
    }

    /// Opens `{variant: …}`, as serde_json writes an enum's data-carrying variant.
    fn open_variant(&mut self, variant: &str) -> Variant {
        let outer = self.open(STRUCT);
        Variant { outer, entry: self.open_entry(variant) }
    }

    fn close_variant(&mut self, variant: Variant) {
        self.close_entry(variant.entry);
        self.close(variant.outer);
    }
}

/// Where an open `{variant: …}`'s Struct and entry start.
#[derive(Clone, Copy)]
struct Variant {
    outer: usize,
    entry: [usize; 2],
}

/// Why a value cannot be a Struct's.
#[derive(Debug)]
pub struct Refused(String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl ser::Error for Refused {
    fn custom<T: std::fmt::Display>(msg: T) -> Refused {
        Refused(msg.to_string())
    }
}

fn too_big<T>() -> Result<T, Refused> {
    Err(Refused("a whole number beyond 2^53".into()))
}

/// Writes one `google.protobuf.Value`'s bytes. A null (and NaN or an infinity, which serde_json
/// writes as null) is a Value with no kind: no bytes.
struct ValueWriter<'a>(&'a mut Out);

impl<'a> ser::Serializer for ValueWriter<'a> {
    type Ok = ();
    type Error = Refused;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Seq<'a>;
    type SerializeTupleStruct = Seq<'a>;
    type SerializeTupleVariant = Seq<'a>;
    type SerializeMap = Map<'a>;
    type SerializeStruct = Map<'a>;
    type SerializeStructVariant = Map<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Refused> {
        encode_key(BOOL, WireType::Varint, &mut self.0.0);
        self.0.0.push(u8::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Refused> {
        if v.unsigned_abs() >= LIMIT {
            return too_big();
        }
        self.0.number(v as f64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Refused> {
        if v >= LIMIT {
            return too_big();
        }
        self.0.number(v as f64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Refused> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Refused> {
        if v.is_finite() {
            self.0.number(v);
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Refused> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Refused> {
        self.0.string(STRING, v);
        Ok(())
    }
    /// serde_json writes bytes as an array of numbers.
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Refused> {
        let list = self.0.open(LIST);
        for b in v {
            let value = self.0.open(ENTRY);
            self.0.number(f64::from(*b));
            self.0.close(value);
        }
        self.0.close(list);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Refused> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Refused> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Refused> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Refused> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Refused> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<(), Refused> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Refused> {
        let open = self.0.open_variant(variant);
        value.serialize(ValueWriter(self.0))?;
        self.0.close_variant(open);
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Seq<'a>, Refused> {
        let start = self.0.open(LIST);
        Ok(Seq { out: self.0, start, variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'a>, Refused> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'a>, Refused> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Seq<'a>, Refused> {
        let variant = Some(self.0.open_variant(variant));
        let start = self.0.open(LIST);
        Ok(Seq { out: self.0, start, variant })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Map<'a>, Refused> {
        let start = self.0.open(STRUCT);
        Ok(Map { out: self.0, start, variant: None, value: None })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map<'a>, Refused> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Map<'a>, Refused> {
        let variant = Some(self.0.open_variant(variant));
        let start = self.0.open(STRUCT);
        Ok(Map { out: self.0, start, variant, value: None })
    }
}

/// An open list (inside `{variant: …}` for a tuple variant).
struct Seq<'a> {
    out: &'a mut Out,
    start: usize,
    variant: Option<Variant>,
}

impl Seq<'_> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        let start = self.out.open(ENTRY);
        value.serialize(ValueWriter(self.out))?;
        self.out.close(start);
        Ok(())
    }
    fn done(self) -> Result<(), Refused> {
        self.out.close(self.start);
        if let Some(variant) = self.variant {
            self.out.close_variant(variant);
        }
        Ok(())
    }
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

impl ser::SerializeTuple for Seq<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

impl ser::SerializeTupleStruct for Seq<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

impl ser::SerializeTupleVariant for Seq<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

/// An open Struct (inside `{variant: …}` for a struct variant), and the entry whose key was
/// written and whose value comes next.
struct Map<'a> {
    out: &'a mut Out,
    start: usize,
    variant: Option<Variant>,
    value: Option<[usize; 2]>,
}

impl Map<'_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Refused> {
        let entry = self.out.open_entry(key);
        value.serialize(ValueWriter(self.out))?;
        self.out.close_entry(entry);
        Ok(())
    }
    fn done(self) -> Result<(), Refused> {
        self.out.close(self.start);
        if let Some(variant) = self.variant {
            self.out.close_variant(variant);
        }
        Ok(())
    }
}

impl ser::SerializeMap for Map<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Refused> {
        let key = key.serialize(KeyWriter)?;
        self.value = Some(self.out.open_entry(&key));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        let entry = self.value.take().ok_or_else(|| Refused("a map value without its key".into()))?;
        value.serialize(ValueWriter(self.out))?;
        self.out.close_entry(entry);
        Ok(())
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

impl ser::SerializeStruct for Map<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Refused> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

impl ser::SerializeStructVariant for Map<'_> {
    type Ok = ();
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Refused> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Refused> {
        self.done()
    }
}

/// A map's key as serde_json writes it: a string, or a number or bool as text.
struct KeyWriter;

fn not_a_key<T>() -> Result<T, Refused> {
    Err(Refused("a map key that is not a string".into()))
}

impl ser::Serializer for KeyWriter {
    type Ok = String;
    type Error = Refused;
    type SerializeSeq = ser::Impossible<String, Refused>;
    type SerializeTuple = ser::Impossible<String, Refused>;
    type SerializeTupleStruct = ser::Impossible<String, Refused>;
    type SerializeTupleVariant = ser::Impossible<String, Refused>;
    type SerializeMap = ser::Impossible<String, Refused>;
    type SerializeStruct = ser::Impossible<String, Refused>;
    type SerializeStructVariant = ser::Impossible<String, Refused>;

    fn serialize_bool(self, v: bool) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, _: f32) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_f64(self, _: f64) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_char(self, v: char) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String, Refused> {
        Ok(v.to_string())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_none(self) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_unit(self) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<String, Refused> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<String, Refused> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Refused> {
        not_a_key()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Refused> {
        not_a_key()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Refused> {
        not_a_key()
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Refused> {
        not_a_key()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Refused> {
        not_a_key()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Refused> {
        not_a_key()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Refused> {
        not_a_key()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Refused> {
        not_a_key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structs::from_json;

    /// `value` written here and read back, against what its JSON gives.
    fn same_as_json<T: Serialize>(value: &T) {
        let json = serde_json::to_value(value).unwrap();
        let written = struct_bytes(value)
            .map(|bytes| <pbjson_types::Struct as prost::Message>::decode(bytes.as_slice()).unwrap());
        assert_eq!(written, from_json(&json).map(|s| (*s).clone()), "{json}");
    }

    #[test]
    fn values_read_back_as_their_json_gives_them() {
        same_as_json(&serde_json::json!({
            "n": null, "f": 0.5, "neg": -3, "max": 9_007_199_254_740_991_u64, "s": "x", "": "empty key",
            "empty": "", "yes": true, "no": false, "list": [null, 0, [], {}, [1, [2]]], "nested": {"a": {"b": {}}},
        }));
        // Lengths of one, two and three bytes, at every level.
        let long = |n: usize| "é".repeat(n);
        same_as_json(&serde_json::json!({"a": long(60), "b": [long(70), {"c": long(9000)}], "d": {"e": [long(100)]}}));
    }

    #[test]
    fn the_bytes_are_prosts_where_the_order_of_keys_is_fixed() {
        // One key a level (a Struct's keys are a map, which prost writes in any order), with
        // the values prost leaves out (a null, an empty key) and lengths of one to three bytes.
        let long = "é".repeat(5000);
        for json in [
            serde_json::json!({"a": {"": [null, {"b": null}, 1.5, "x", true, [], {}]}}),
            serde_json::json!({"a": [{"b": [long.clone(), {"c": [false, -2]}]}]}),
            serde_json::json!({}),
        ] {
            let prost = prost::Message::encode_to_vec(&*from_json(&json).unwrap());
            assert_eq!(struct_bytes(&json).unwrap(), prost, "{json}");
        }
    }

    #[test]
    fn enums_maps_and_odd_values_are_written_as_serde_json_writes_them() {
        #[derive(serde::Serialize)]
        enum E {
            Unit,
            New(u8),
            Tuple(u8, bool),
            Named { a: Option<u8>, b: char },
        }
        let odd = std::collections::BTreeMap::from([
            ("unit", vec![E::Unit]),
            ("new", vec![E::New(1)]),
            ("tuple", vec![E::Tuple(2, true)]),
            ("named", vec![E::Named { a: None, b: 'é' }, E::Named { a: Some(4), b: 'x' }]),
        ]);
        same_as_json(&odd);
        same_as_json(&std::collections::BTreeMap::from([(1u8, f64::NAN), (2, 1.5), (3, f64::INFINITY)]));
        same_as_json(&std::collections::BTreeMap::from([(true, serde_bytes_like())]));
    }

    /// serde_json writes `serialize_bytes` as a list of numbers.
    fn serde_bytes_like() -> impl Serialize {
        struct B;
        impl Serialize for B {
            fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&[0, 7, 255])
            }
        }
        B
    }

    #[test]
    fn only_maps_and_structs_with_numbers_a_double_holds_are_structs() {
        assert!(struct_bytes(&serde_json::json!({"big": 9_007_199_254_740_992_u64})).is_none());
        assert!(struct_bytes(&serde_json::json!({"small": [-9_007_199_254_740_992_i64]})).is_none());
        assert!(struct_bytes(&serde_json::json!([1])).is_none());
        assert!(struct_bytes(&serde_json::json!("x")).is_none());
        assert!(struct_bytes(&()).is_none());
        // A top-level `{variant: …}` is a Struct, as its JSON is an object.
        #[derive(serde::Serialize)]
        enum Top {
            Only(u8),
        }
        same_as_json(&Top::Only(1));
        assert_eq!(struct_bytes(&serde_json::json!({})).map(|b| b.len()), Some(0));
    }
}

//! Anything serde can write, written straight into a `google.protobuf.Struct` — what
//! `serde_json::to_value` followed by `referee_proto::structs::from_json` gives, without the
//! JSON in between. Every view a referee sends is built here (a move's largest single cost
//! was its view going to JSON and then to a Struct: docs/service.md, "What a move costs").

use referee_proto::structs::{Kind, ListValue, Struct, Value};
use serde::ser::{self, Serialize};
use std::collections::HashMap;

/// `value` as a Struct; `None` when it is not a map or struct, or holds a whole number beyond
/// 2^53 (which a Struct's doubles cannot hold exactly), as `from_json` answers.
pub fn to_struct<T: Serialize + ?Sized>(value: &T) -> Option<Struct> {
    match value.serialize(ValueWriter).ok()?.kind {
        Some(Kind::StructValue(s)) => Some(s),
        _ => None,
    }
}

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

/// Whole numbers a double holds exactly, as protobuf's JSON mapping reads them.
const LIMIT: u64 = 1 << f64::MANTISSA_DIGITS;

fn kind(kind: Kind) -> Value {
    Value { kind: Some(kind) }
}

/// A null as `from_json` has always made it: a Value with no kind.
fn null() -> Value {
    Value { kind: None }
}

fn number(n: f64) -> Value {
    kind(Kind::NumberValue(n))
}

fn object(fields: HashMap<String, Value>) -> Value {
    kind(Kind::StructValue(Struct { fields }))
}

fn list(values: Vec<Value>) -> Value {
    kind(Kind::ListValue(ListValue { values }))
}

/// `{variant: value}`, as serde_json writes an enum's data-carrying variant.
fn tagged(variant: &str, value: Value) -> Value {
    object(HashMap::from([(variant.to_string(), value)]))
}

struct ValueWriter;

impl ser::Serializer for ValueWriter {
    type Ok = Value;
    type Error = Refused;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Seq;
    type SerializeTupleVariant = Seq;
    type SerializeMap = Map;
    type SerializeStruct = Map;
    type SerializeStructVariant = Map;

    fn serialize_bool(self, v: bool) -> Result<Value, Refused> {
        Ok(kind(Kind::BoolValue(v)))
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Refused> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Refused> {
        if v.unsigned_abs() >= LIMIT {
            return Err(Refused("a whole number beyond 2^53".into()));
        }
        Ok(number(v as f64))
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Refused> {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Refused> {
        if v >= LIMIT {
            return Err(Refused("a whole number beyond 2^53".into()));
        }
        Ok(number(v as f64))
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Refused> {
        self.serialize_f64(f64::from(v))
    }
    /// serde_json writes NaN and the infinities as null.
    fn serialize_f64(self, v: f64) -> Result<Value, Refused> {
        Ok(if v.is_finite() { number(v) } else { null() })
    }
    fn serialize_char(self, v: char) -> Result<Value, Refused> {
        Ok(kind(Kind::StringValue(v.to_string())))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Refused> {
        Ok(kind(Kind::StringValue(v.to_string())))
    }
    /// serde_json writes bytes as an array of numbers.
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Refused> {
        Ok(list(v.iter().map(|b| number(f64::from(*b))).collect()))
    }
    fn serialize_none(self) -> Result<Value, Refused> {
        Ok(null())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Refused> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Refused> {
        Ok(null())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Value, Refused> {
        Ok(null())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<Value, Refused> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Result<Value, Refused> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Refused> {
        Ok(tagged(variant, value.serialize(ValueWriter)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, Refused> {
        Ok(Seq { variant: None, values: Vec::with_capacity(len.unwrap_or(0)) })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, Refused> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq, Refused> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq, Refused> {
        Ok(Seq { variant: Some(variant), values: Vec::with_capacity(len) })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Map, Refused> {
        Ok(Map { variant: None, fields: HashMap::with_capacity(len.unwrap_or(0)), key: None })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Map, Refused> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Map, Refused> {
        Ok(Map { variant: Some(variant), fields: HashMap::with_capacity(len), key: None })
    }
}

struct Seq {
    variant: Option<&'static str>,
    values: Vec<Value>,
}

impl Seq {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.values.push(value.serialize(ValueWriter)?);
        Ok(())
    }
    fn done(self) -> Result<Value, Refused> {
        let values = list(self.values);
        Ok(match self.variant {
            Some(variant) => tagged(variant, values),
            None => values,
        })
    }
}

impl ser::SerializeSeq for Seq {
    type Ok = Value;
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = Value;
    type Error = Refused;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

impl ser::SerializeTupleStruct for Seq {
    type Ok = Value;
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

impl ser::SerializeTupleVariant for Seq {
    type Ok = Value;
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        self.push(value)
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

struct Map {
    variant: Option<&'static str>,
    fields: HashMap<String, Value>,
    key: Option<String>,
}

impl Map {
    fn done(self) -> Result<Value, Refused> {
        let fields = object(self.fields);
        Ok(match self.variant {
            Some(variant) => tagged(variant, fields),
            None => fields,
        })
    }
}

impl ser::SerializeMap for Map {
    type Ok = Value;
    type Error = Refused;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Refused> {
        self.key = Some(key.serialize(KeyWriter)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Refused> {
        let key = self.key.take().ok_or_else(|| Refused("a map value without its key".into()))?;
        self.fields.insert(key, value.serialize(ValueWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

impl ser::SerializeStruct for Map {
    type Ok = Value;
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Refused> {
        self.fields.insert(key.to_string(), value.serialize(ValueWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Refused> {
        self.done()
    }
}

impl ser::SerializeStructVariant for Map {
    type Ok = Value;
    type Error = Refused;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Refused> {
        self.fields.insert(key.to_string(), value.serialize(ValueWriter)?);
        Ok(())
    }
    fn end(self) -> Result<Value, Refused> {
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
    use referee_proto::structs::from_json;
    use rules::game::Viewer;
    use rules::random::{EventRng, GameKey};

    /// Every registered game's start, seen by every seat, a spectator and everyone, gives the
    /// same Struct both ways.
    #[test]
    fn views_are_the_structs_their_json_gives() {
        for game in rules::games::all() {
            let Ok(state) = game.setup(&serde_json::Value::Null, &mut EventRng::new(GameKey([7; 32]), 0)) else {
                continue;
            };
            let seats = game.seating(&serde_json::Value::Null).map(|s| s.count()).unwrap_or(0);
            let viewers = (0..seats).map(Viewer::Seat).chain([Viewer::Spectator, Viewer::Everyone]);
            for viewer in viewers {
                let view = game.view(&state, viewer);
                assert_eq!(to_struct(&view), from_json(&view.to_json()), "{} for {viewer:?}", game.info().id);
            }
        }
    }

    #[test]
    fn odd_values_are_written_as_serde_json_writes_them() {
        #[derive(serde::Serialize)]
        enum E {
            Unit,
            New(u8),
            Tuple(u8, bool),
            Named { a: Option<u8> },
        }
        let cases = serde_json::json!({"n": null, "f": 0.5, "neg": -3, "max": 9_007_199_254_740_991_u64, "s": "x"});
        assert_eq!(to_struct(&cases), from_json(&cases));
        let odd = std::collections::BTreeMap::from([
            ("unit", vec![E::Unit]),
            ("new", vec![E::New(1)]),
            ("tuple", vec![E::Tuple(2, true)]),
            ("named", vec![E::Named { a: None }, E::Named { a: Some(4) }]),
        ]);
        assert_eq!(to_struct(&odd), from_json(&serde_json::to_value(&odd).unwrap()));
        let keys = std::collections::BTreeMap::from([(1u8, f64::NAN), (2, 1.5)]);
        assert_eq!(to_struct(&keys), from_json(&serde_json::to_value(&keys).unwrap()));
        assert_eq!(to_struct(&serde_json::json!({"big": 9_007_199_254_740_992_u64})), None);
        assert_eq!(to_struct(&serde_json::json!([1])), None, "only maps and structs are Structs");
    }
}

//! `google.protobuf.Struct` written in one pass over its lengths.
//!
//! prost writes a nested message by first asking its length, and asking a message its length
//! asks each of its children theirs: a value `d` levels deep in a `Struct` has its length worked
//! out `d` times, and a view is several levels deep. Working the referee's replies out that way
//! was a fifth of its CPU a move (`perf`, docs/service.md "What a move costs"). Here every
//! length is worked out once, bottom up, into a list in the order the writer then meets them;
//! the bytes are the same as prost's (tested below, byte for byte).

use pbjson_types::{ListValue, Struct, Value, value::Kind};
use prost::bytes::BufMut;
use prost::encoding::{WireType, encode_key, encode_varint, encoded_len_varint, key_len};

/// The length of a length-delimited field `tag` holding `len` bytes.
fn delimited(tag: u32, len: usize) -> usize {
    key_len(tag) + encoded_len_varint(len as u64) + len
}

/// The lengths of a `Struct`'s messages, in the order [`write_struct`] meets them.
pub struct Lengths(Vec<usize>);

impl Lengths {
    /// Works out every length in `s`; the first is `s`'s own.
    pub fn of(s: &Struct) -> Lengths {
        let mut lengths = Lengths(Vec::new());
        lengths.struct_len(s);
        lengths
    }

    /// The encoded length of the `Struct` they were worked out for.
    pub fn total(&self) -> usize {
        self.0[0]
    }

    fn slot(&mut self) -> usize {
        self.0.push(0);
        self.0.len() - 1
    }

    fn struct_len(&mut self, s: &Struct) -> usize {
        let slot = self.slot();
        let mut len = 0;
        for (key, value) in &s.fields {
            len += delimited(1, self.entry_len(key, value));
        }
        self.0[slot] = len;
        len
    }

    /// A map entry: its key and value, each left out when it is the default (as prost does).
    fn entry_len(&mut self, key: &str, value: &Value) -> usize {
        let key = if key.is_empty() { 0 } else { delimited(1, key.len()) };
        let value = if value.kind.is_none() { 0 } else { delimited(2, self.value_len(value)) };
        key + value
    }

    fn value_len(&mut self, value: &Value) -> usize {
        let slot = self.slot();
        let len = match &value.kind {
            None => 0,
            Some(Kind::NullValue(n)) => key_len(1) + encoded_len_varint(i64::from(*n) as u64),
            Some(Kind::NumberValue(_)) => key_len(2) + 8,
            Some(Kind::StringValue(s)) => delimited(3, s.len()),
            Some(Kind::BoolValue(_)) => key_len(4) + 1,
            Some(Kind::StructValue(s)) => delimited(5, self.struct_len(s)),
            Some(Kind::ListValue(l)) => delimited(6, self.list_len(l)),
        };
        self.0[slot] = len;
        len
    }

    fn list_len(&mut self, list: &ListValue) -> usize {
        let slot = self.slot();
        let mut len = 0;
        for value in &list.values {
            len += delimited(1, self.value_len(value));
        }
        self.0[slot] = len;
        len
    }
}

/// Writes `s` as the message field `tag`, with the lengths [`Lengths::of`] worked out for it.
pub fn write_struct_field(tag: u32, s: &Struct, lengths: &Lengths, buf: &mut impl BufMut) {
    encode_key(tag, WireType::LengthDelimited, buf);
    encode_varint(lengths.total() as u64, buf);
    Writer { lengths: &lengths.0, next: 0 }.write_struct(s, buf);
}

/// The length of `s` written as the message field `tag`.
pub fn struct_field_len(tag: u32, lengths: &Lengths) -> usize {
    delimited(tag, lengths.total())
}

/// Writes the messages of a `Struct`, taking their lengths in turn.
struct Writer<'a> {
    lengths: &'a [usize],
    next: usize,
}

impl Writer<'_> {
    fn take(&mut self) -> usize {
        self.next += 1;
        self.lengths[self.next - 1]
    }

    fn write_struct(&mut self, s: &Struct, buf: &mut impl BufMut) {
        self.take();
        for (key, value) in &s.fields {
            // The entry's length needs its value's, which is the next one to take.
            let value_len = if value.kind.is_none() { None } else { Some(self.lengths[self.next]) };
            let key_part = if key.is_empty() { 0 } else { delimited(1, key.len()) };
            encode_key(1, WireType::LengthDelimited, buf);
            encode_varint((key_part + value_len.map_or(0, |n| delimited(2, n))) as u64, buf);
            if !key.is_empty() {
                prost::encoding::string::encode(1, key, buf);
            }
            if let Some(len) = value_len {
                encode_key(2, WireType::LengthDelimited, buf);
                encode_varint(len as u64, buf);
                self.write_value(value, buf);
            }
        }
    }

    fn write_value(&mut self, value: &Value, buf: &mut impl BufMut) {
        self.take();
        match &value.kind {
            None => {}
            Some(Kind::NullValue(n)) => prost::encoding::int32::encode(1, n, buf),
            Some(Kind::NumberValue(x)) => prost::encoding::double::encode(2, x, buf),
            Some(Kind::StringValue(s)) => prost::encoding::string::encode(3, s, buf),
            Some(Kind::BoolValue(b)) => prost::encoding::bool::encode(4, b, buf),
            Some(Kind::StructValue(s)) => {
                encode_key(5, WireType::LengthDelimited, buf);
                encode_varint(self.lengths[self.next] as u64, buf);
                self.write_struct(s, buf);
            }
            Some(Kind::ListValue(list)) => {
                encode_key(6, WireType::LengthDelimited, buf);
                encode_varint(self.lengths[self.next] as u64, buf);
                self.write_list(list, buf);
            }
        }
    }

    fn write_list(&mut self, list: &ListValue, buf: &mut impl BufMut) {
        self.take();
        for value in &list.values {
            encode_key(1, WireType::LengthDelimited, buf);
            encode_varint(self.lengths[self.next] as u64, buf);
            self.write_value(value, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn value(kind: Kind) -> Value {
        Value { kind: Some(kind) }
    }

    /// A `Struct` with every kind of value, nested, with the edge cases prost treats apart:
    /// an empty key, values with no kind, empty strings, lists and structs, negative nulls.
    fn sample(depth: usize) -> Struct {
        let mut fields = std::collections::HashMap::new();
        fields.insert("number".to_string(), value(Kind::NumberValue(-1.5)));
        fields.insert("whole".to_string(), value(Kind::NumberValue(300.0)));
        fields.insert("text".to_string(), value(Kind::StringValue("é".repeat(70))));
        fields.insert("empty text".to_string(), value(Kind::StringValue(String::new())));
        fields.insert("yes".to_string(), value(Kind::BoolValue(true)));
        fields.insert("no".to_string(), value(Kind::BoolValue(false)));
        fields.insert("null".to_string(), value(Kind::NullValue(0)));
        fields.insert("odd null".to_string(), value(Kind::NullValue(-3)));
        fields.insert("no kind".to_string(), Value { kind: None });
        fields.insert(String::new(), value(Kind::StringValue("under an empty key".into())));
        fields.insert("empty struct".to_string(), value(Kind::StructValue(Struct::default())));
        let list =
            vec![Value { kind: None }, value(Kind::NumberValue(0.0)), value(Kind::ListValue(ListValue::default()))];
        fields.insert("list".to_string(), value(Kind::ListValue(ListValue { values: list })));
        if depth > 0 {
            fields.insert("nested".to_string(), value(Kind::StructValue(sample(depth - 1))));
            let structs = (0..3).map(|_| value(Kind::StructValue(sample(depth - 1)))).collect();
            fields.insert("rows".to_string(), value(Kind::ListValue(ListValue { values: structs })));
        }
        Struct { fields }
    }

    fn written(tag: u32, s: &Struct) -> Vec<u8> {
        let lengths = Lengths::of(s);
        let mut buf = Vec::new();
        write_struct_field(tag, s, &lengths, &mut buf);
        assert_eq!(buf.len(), struct_field_len(tag, &lengths));
        buf
    }

    #[test]
    fn a_struct_is_written_byte_for_byte_as_prost_writes_it() {
        for depth in 0..4 {
            let s = sample(depth);
            let mut prost = Vec::new();
            prost::encoding::message::encode(9, &s, &mut prost);
            assert_eq!(written(9, &s), prost, "depth {depth}");
            assert_eq!(Lengths::of(&s).total(), s.encoded_len());
        }
        assert_eq!(written(1, &Struct::default()), vec![0x0a, 0]);
    }
}

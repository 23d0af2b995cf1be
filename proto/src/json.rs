//! A `google.protobuf.Struct`'s bytes read straight into JSON text, and checked as prost would
//! read them, without building its maps.
//!
//! The gateway turns every view it is sent into JSON. Reading a view's `Struct` into prost's
//! `HashMap`s and then into `serde_json` values took about 38% of the gateway's CPU a move
//! (`perf`, docs/service.md "Capacity"); here the bytes are walked once and the JSON written
//! as they go. The same walk, writing nothing, checks a `Struct` as it arrives (`structs`), so
//! that bytes kept unread are bytes prost would have read.

use prost::DecodeError;
use prost::bytes::Buf;
use prost::encoding::{DecodeContext, WireType, check_wire_type, decode_key, decode_varint, skip_field};

/// The deepest nesting read, as prost's own limit.
const DEPTH: u32 = 100;
/// The largest whole number JSON readers hold exactly (2^53 - 1).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// What a walk over a `Struct` does with what it reads.
pub trait Sink {
    /// A value with no kind, or `null_value`.
    fn null(&mut self);
    fn number(&mut self, n: f64);
    fn string(&mut self, s: &str);
    fn bool(&mut self, b: bool);
    fn open(&mut self, object: bool);
    fn close(&mut self, object: bool);
    /// The key of the object member (or the array element, `None`) that comes next; answers
    /// whether to read it (a member may be left out).
    fn next(&mut self, key: Option<&str>) -> bool;
}

/// Checks, writing nothing.
pub struct Check;

impl Sink for Check {
    fn null(&mut self) {}
    fn number(&mut self, _: f64) {}
    fn string(&mut self, _: &str) {}
    fn bool(&mut self, _: bool) {}
    fn open(&mut self, _: bool) {}
    fn close(&mut self, _: bool) {}
    fn next(&mut self, _: Option<&str>) -> bool {
        true
    }
}

/// Writes JSON: numbers as `structs::to_json` gives them (whole numbers as integers, NaN and the
/// infinities as null), members of the outermost object for which `keep` says so.
pub struct Json<'a, F: FnMut(&str) -> bool> {
    pub out: &'a mut Vec<u8>,
    /// Whether each member of the outermost object is written.
    pub keep: F,
    /// Whether a member or element has been written at each open level (for the commas).
    written: Vec<bool>,
}

impl<'a, F: FnMut(&str) -> bool> Json<'a, F> {
    /// Writes the outermost object's members after `members_before` already in `out` (so a
    /// comma comes first when it is true).
    pub fn members(out: &'a mut Vec<u8>, members_before: bool, keep: F) -> Self {
        Json { out, keep, written: vec![members_before] }
    }

    /// Whether the outermost object has a member in `out` now.
    pub fn any(&self) -> bool {
        self.written.first().copied().unwrap_or(false)
    }
}

impl<F: FnMut(&str) -> bool> Sink for Json<'_, F> {
    fn null(&mut self) {
        self.out.extend_from_slice(b"null");
    }
    fn number(&mut self, n: f64) {
        if !n.is_finite() {
            self.null();
        } else if n.fract() == 0.0 && n.abs() <= MAX_SAFE {
            serde_json::to_writer(&mut *self.out, &(n as i64)).expect("a whole number");
        } else {
            serde_json::to_writer(&mut *self.out, &n).expect("a finite number");
        }
    }
    fn string(&mut self, s: &str) {
        serde_json::to_writer(&mut *self.out, s).expect("a string");
    }
    fn bool(&mut self, b: bool) {
        self.out.extend_from_slice(if b { b"true" } else { b"false" });
    }
    fn open(&mut self, object: bool) {
        self.out.push(if object { b'{' } else { b'[' });
        self.written.push(false);
    }
    fn close(&mut self, object: bool) {
        self.written.pop();
        self.out.push(if object { b'}' } else { b']' });
    }
    fn next(&mut self, key: Option<&str>) -> bool {
        let outermost = self.written.len() == 1;
        if let (Some(key), true) = (key, outermost)
            && !(self.keep)(key)
        {
            return false;
        }
        let written = self.written.last_mut().expect("an open level");
        if std::mem::replace(written, true) {
            self.out.push(b',');
        }
        if let Some(key) = key {
            self.string(key);
            self.out.push(b':');
        }
        true
    }
}

/// Reads the `Struct` in `bytes` into `sink`: its members only (the caller writes the braces
/// of the outermost object). Refuses what prost's reading of a `Struct` refuses.
pub fn walk_members(mut bytes: &[u8], sink: &mut impl Sink) -> Result<(), DecodeError> {
    members(&mut bytes, sink, FIELDS_AT)
}

/// Checks one map entry of a `Struct` (a field 1 of it, its length already read off), as
/// prost reads it.
pub fn check_entry(mut entry: &[u8]) -> Result<(), DecodeError> {
    entry_into(&mut entry, &mut Check, FIELDS_AT)
}

/// How deep prost reads a `Struct`'s fields in the referee's messages: 1 in a view or a
/// request's options, 2 in a view inside an answer. The deepest is taken, so that nothing prost
/// would refuse is let through (prost refuses a message it would read 100 levels deep; each
/// level of a Struct's nesting is three of its levels, of a list two).
const FIELDS_AT: u32 = 2;

/// A refusal in prost's words. (prost 0.14 keeps `DecodeError::new` public but deprecated; its
/// own readers give the same errors.)
pub(crate) fn malformed(what: &'static str) -> DecodeError {
    #[allow(deprecated)]
    DecodeError::new(what)
}

/// prost's check before it reads a message at `depth`.
fn enter(depth: u32) -> Result<u32, DecodeError> {
    if depth >= DEPTH {
        return Err(malformed("recursion limit reached"));
    }
    Ok(depth + 1)
}

/// The bytes of a length-delimited field, taken off `buf`.
fn delimited<'a>(buf: &mut &'a [u8]) -> Result<&'a [u8], DecodeError> {
    let len = decode_varint(buf)?;
    if len > buf.len() as u64 {
        return Err(malformed("buffer underflow"));
    }
    let (field, rest) = buf.split_at(len as usize);
    *buf = rest;
    Ok(field)
}

fn text(bytes: &[u8]) -> Result<&str, DecodeError> {
    std::str::from_utf8(bytes).map_err(|_| malformed("invalid string value: data is not UTF-8 encoded"))
}

fn skip(tag: u32, wire_type: WireType, buf: &mut &[u8]) -> Result<(), DecodeError> {
    skip_field(wire_type, tag, buf, DecodeContext::default())
}

/// A Struct's fields, read at `depth`: its entries (field 1), anything else skipped. (prost
/// reads an entry's length whatever wire type its key says, and so does this.)
fn members(buf: &mut &[u8], sink: &mut impl Sink, depth: u32) -> Result<(), DecodeError> {
    while buf.has_remaining() {
        let (tag, wire_type) = decode_key(buf)?;
        if tag == 1 {
            entry_into(&mut delimited(buf)?, sink, depth)?;
        } else {
            skip(tag, wire_type, buf)?;
        }
    }
    Ok(())
}

/// A map entry of a Struct whose fields are read at `depth`: its key (field 1, "" when absent)
/// and value (field 2, no kind when absent). prost reads every value field it meets (each
/// merged into the last), so each is checked; the last is the one written.
fn entry_into(buf: &mut &[u8], sink: &mut impl Sink, depth: u32) -> Result<(), DecodeError> {
    let depth = enter(depth)?;
    let (mut key, mut value) = ("", None);
    while buf.has_remaining() {
        let (tag, wire_type) = decode_key(buf)?;
        match tag {
            1 => {
                check_wire_type(WireType::LengthDelimited, wire_type)?;
                key = text(delimited(buf)?)?;
            }
            2 => {
                check_wire_type(WireType::LengthDelimited, wire_type)?;
                if let Some(mut earlier) = value.replace(delimited(buf)?) {
                    value_into(&mut earlier, &mut Check, depth)?;
                }
            }
            _ => skip(tag, wire_type, buf)?,
        }
    }
    if sink.next(Some(key)) {
        value_into(&mut value.unwrap_or_default(), sink, depth)?;
    } else if let Some(mut value) = value {
        value_into(&mut value, &mut Check, depth)?;
    }
    Ok(())
}

/// The kind a `Value` holds: the last of its kind fields, as prost reads a oneof.
enum Kind<'a> {
    None,
    Null,
    Number(f64),
    String(&'a str),
    Bool(bool),
    Struct(&'a [u8]),
    List(&'a [u8]),
}

/// A `Value` prost reads at `depth`. Each of its kind fields is read (a Struct or list that a
/// later one replaces is checked); the last is the one written.
fn value_into(buf: &mut &[u8], sink: &mut impl Sink, depth: u32) -> Result<(), DecodeError> {
    let depth = enter(depth)?;
    let mut kind = Kind::None;
    while buf.has_remaining() {
        let (tag, wire_type) = decode_key(buf)?;
        let expected = match tag {
            1 | 4 => WireType::Varint,
            2 => WireType::SixtyFourBit,
            3 | 5 | 6 => WireType::LengthDelimited,
            _ => {
                skip(tag, wire_type, buf)?;
                continue;
            }
        };
        check_wire_type(expected, wire_type)?;
        let next = match tag {
            1 => {
                decode_varint(buf)?;
                Kind::Null
            }
            2 => {
                if buf.remaining() < 8 {
                    return Err(malformed("buffer underflow"));
                }
                Kind::Number(buf.get_f64_le())
            }
            3 => Kind::String(text(delimited(buf)?)?),
            4 => Kind::Bool(decode_varint(buf)? != 0),
            5 => Kind::Struct(delimited(buf)?),
            _ => Kind::List(delimited(buf)?),
        };
        kind_into(std::mem::replace(&mut kind, next), &mut Check, depth)?;
    }
    kind_into(kind, sink, depth)
}

fn kind_into(kind: Kind<'_>, sink: &mut impl Sink, depth: u32) -> Result<(), DecodeError> {
    match kind {
        Kind::None | Kind::Null => sink.null(),
        Kind::Number(n) => sink.number(n),
        Kind::String(s) => sink.string(s),
        Kind::Bool(b) => sink.bool(b),
        Kind::Struct(mut s) => {
            let depth = enter(depth)?;
            sink.open(true);
            members(&mut s, sink, depth)?;
            sink.close(true);
        }
        Kind::List(mut list) => {
            let depth = enter(depth)?;
            sink.open(false);
            list_into(&mut list, sink, depth)?;
            sink.close(false);
        }
    }
    Ok(())
}

/// A ListValue's values (field 1), anything else skipped.
fn list_into(buf: &mut &[u8], sink: &mut impl Sink, depth: u32) -> Result<(), DecodeError> {
    while buf.has_remaining() {
        let (tag, wire_type) = decode_key(buf)?;
        if tag == 1 {
            check_wire_type(WireType::LengthDelimited, wire_type)?;
            let mut value = delimited(buf)?;
            sink.next(None);
            value_into(&mut value, sink, depth)?;
        } else {
            skip(tag, wire_type, buf)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::structs::{NestedStruct, Struct, from_json, to_json, to_struct};
    use prost::Message;

    fn sample() -> serde_json::Value {
        serde_json::json!({
            "game": {"board": [[null, {"piece": "K", "colour": "white"}], []], "turn": 3, "half": -0.5},
            "played": [{"seat": 0, "said": "e4 \"quoted\" \u{e9}\n"}], "flags": {"over": false, "yes": true},
            "": "empty key", "big": 9_007_199_254_740_991_u64, "small": 1e-7, "huge": 1e300, "n": null,
        })
    }

    /// `s` as JSON text through `write_json_members`, read back.
    fn text_of(s: &Struct) -> serde_json::Value {
        let mut out = b"{".to_vec();
        s.write_json_members(&mut out, false, |_| true);
        out.push(b'}');
        serde_json::from_slice(&out).unwrap()
    }

    #[test]
    fn a_struct_in_any_form_is_the_json_to_json_gives() {
        let json = sample();
        let built = from_json(&json).unwrap();
        let written = to_struct(&json).unwrap();
        let read = Struct::decode(written.encode_to_vec().as_slice()).unwrap();
        for s in [&built, &written, &read] {
            assert_eq!(text_of(s), to_json(&built));
            assert_eq!(text_of(s), json);
        }
        assert_eq!(read, built, "read off the wire, it reads as its fields");
        assert_eq!(read.encode_to_vec(), written.encode_to_vec(), "and is sent on as it came");
    }

    #[test]
    fn members_are_kept_as_asked_with_commas_where_they_go() {
        let s = to_struct(&serde_json::json!({"a": 1, "b": [true], "c": {"d": null}})).unwrap();
        let mut out = br#"{"x":0"#.to_vec();
        assert!(s.write_json_members(&mut out, true, |key| key != "b"));
        out.push(b'}');
        assert_eq!(String::from_utf8(out).unwrap(), r#"{"x":0,"a":1,"c":{"d":null}}"#);
        let mut none = b"{".to_vec();
        assert!(!s.write_json_members(&mut none, false, |_| false));
        assert_eq!(none, b"{");
    }

    /// Bytes a Struct is read from, each changed a little: what prost refuses is refused, what
    /// it reads is read alike.
    #[test]
    fn a_struct_is_refused_where_prost_refuses_it() {
        let valid = to_struct(&sample()).unwrap().encode_to_vec();
        let mut x = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut refused = 0;
        for _ in 0..20_000 {
            let mut bytes = valid.clone();
            for _ in 0..1 + next() % 3 {
                let at = (next() % bytes.len() as u64) as usize;
                match next() % 4 {
                    0 => bytes[at] = next() as u8,
                    1 => bytes[at] ^= 1 << (next() % 8),
                    2 => bytes.truncate(at),
                    _ => bytes.insert(at, next() as u8),
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let ours = Struct::decode(bytes.as_slice());
            let prost = NestedStruct::decode(bytes.as_slice());
            assert_eq!(ours.is_ok(), prost.is_ok(), "{bytes:?}: {ours:?} against {prost:?}");
            match (ours, prost) {
                (Ok(ours), Ok(prost)) => assert_eq!(*ours, prost),
                _ => refused += 1,
            }
        }
        assert!(refused > 500, "only {refused} of the changed Structs were refused");
    }

    #[test]
    fn nesting_deeper_than_prost_reads_is_refused() {
        // Objects and lists nested ever deeper: nothing prost refuses is taken, and what is
        // refused is refused only a level or two before prost would.
        for list in [false, true] {
            let mut json = serde_json::json!(1);
            let (mut ours, mut prost) = (None, None);
            for level in 1..80 {
                json = if list { serde_json::json!({ "a": [json] }) } else { serde_json::json!({ "a": json }) };
                let bytes = to_struct(&json).unwrap().encode_to_vec();
                if Struct::decode(bytes.as_slice()).is_err() {
                    ours.get_or_insert(level);
                }
                if NestedStruct::decode(bytes.as_slice()).is_err() {
                    prost.get_or_insert(level);
                }
            }
            let (ours, prost) = (ours.unwrap(), prost.unwrap());
            assert!(ours <= prost && ours + 2 >= prost, "refused from level {ours}; prost from {prost}");
        }
    }
}

//! The referee's gRPC contract, generated from `referee/v1/referee.proto`.

pub mod codec;
mod wire;

#[allow(clippy::all, clippy::pedantic)]
pub mod v1 {
    tonic::include_proto!("referee.v1");

    /// The encoded file descriptor set, for gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/referee_descriptor.bin"));
}

/// Structured values (`google.protobuf.Struct`) to and from JSON.
pub mod structs {
    pub use pbjson_types::{ListValue, Struct, Value, value::Kind};

    /// A JSON object as a `Struct`; `None` for anything that is not an object (or has numbers
    /// a `Struct` cannot hold).
    pub fn from_json(value: &serde_json::Value) -> Option<Struct> {
        match value {
            serde_json::Value::Object(map) => object(map),
            _ => None,
        }
    }

    /// Built directly, as protobuf's JSON mapping reads it (whole numbers beyond 2^53 refused),
    /// without cloning the JSON or going through serde: every view a referee sends is made here.
    fn object(map: &serde_json::Map<String, serde_json::Value>) -> Option<Struct> {
        let fields = map.iter().map(|(k, v)| Some((k.clone(), value_of(v)?))).collect::<Option<_>>()?;
        Some(Struct { fields })
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
            J::Array(items) => {
                Kind::ListValue(ListValue { values: items.iter().map(value_of).collect::<Option<_>>()? })
            }
            J::Object(map) => Kind::StructValue(object(map)?),
        };
        Some(Value { kind: Some(kind) })
    }

    /// A `Struct` as a JSON object. A `Struct` holds every number as a double; whole numbers
    /// come back as integers (`3`, not `3.0`), as they were written.
    pub fn to_json(value: &Struct) -> serde_json::Value {
        let mut json = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
        whole_numbers(&mut json);
        json
    }

    /// Whether every number in `value` is finite: a `Struct` can carry NaN or an infinity,
    /// which JSON cannot, and which no option means.
    pub fn all_finite(value: &Struct) -> bool {
        fn finite(kind: Option<&Kind>) -> bool {
            match kind {
                Some(Kind::NumberValue(n)) => n.is_finite(),
                Some(Kind::StructValue(s)) => super::structs::all_finite(s),
                Some(Kind::ListValue(l)) => l.values.iter().all(|v| finite(v.kind.as_ref())),
                _ => true,
            }
        }
        value.fields.values().all(|v| finite(v.kind.as_ref()))
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
                let by_serde: Option<Struct> = serde_json::from_value(json.clone()).ok();
                assert_eq!(from_json(&json), by_serde, "{json}");
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
}

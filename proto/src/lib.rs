//! The referee's gRPC contract, generated from `referee/v1/referee.proto`.

pub mod codec;

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
        value.is_object().then(|| serde_json::from_value(value.clone()).ok()).flatten()
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

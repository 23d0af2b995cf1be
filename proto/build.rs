//! Compiles `referee/v1/referee.proto` with protox (pure Rust) and writes the file
//! descriptor set that the server's reflection service publishes.

use prost::Message;
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proto = "referee/v1/referee.proto";
    println!("cargo:rerun-if-changed={proto}");
    let descriptors = protox::compile([proto], ["."])?;
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR not set")?);
    std::fs::write(out.join("referee_descriptor.bin"), descriptors.encode_to_vec())?;
    // Struct fields are `structs::Struct`: pbjson-types' Struct (which converts to and from JSON),
    // or the bytes of a view written straight from its typed value (src/structs.rs).
    tonic_prost_build::configure()
        .extern_path(".google.protobuf.Struct", "crate::structs::Struct")
        // Malformed requests are INVALID_ARGUMENT, not INTERNAL (src/codec.rs).
        .codec_path("crate::codec::StrictCodec")
        .compile_fds(descriptors)?;
    Ok(())
}

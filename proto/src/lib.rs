//! The referee's gRPC contract, generated from `referee/v1/referee.proto`.

pub mod codec;
mod json;
pub mod structs;
mod wire;

#[allow(clippy::all, clippy::pedantic)]
pub mod v1 {
    tonic::include_proto!("referee.v1");

    /// The encoded file descriptor set, for gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/referee_descriptor.bin"));
}

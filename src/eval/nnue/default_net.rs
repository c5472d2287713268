//! The default network, `nets/chariot-3.nnue`: compiled into the binary and parsed on
//! first use.

use std::sync::Arc;

use once_cell::sync::Lazy;

use super::net::{NetError, Network};

/// The name the `EvalFile` option shows for the embedded net.
pub const EMBEDDED_NAME: &str = "<embedded>";

/// The default network file, compiled into the binary.
static EMBEDDED_BYTES: &[u8] = include_bytes!("../../../nets/chariot-3.nnue");

/// The embedded network, parsed on first use.
static EMBEDDED: Lazy<Result<Arc<Network>, NetError>> =
    Lazy::new(|| Network::from_bytes(EMBEDDED_BYTES).map(Arc::new));

/// The default network (embedded with `include_bytes!`), parsed once. An error means
/// the embedded file is not a valid net: callers fall back to the hand-crafted
/// evaluation.
///
/// # Errors
/// Why the embedded bytes were refused.
pub fn embedded() -> Result<Arc<Network>, NetError> {
    EMBEDDED.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn the_embedded_net_is_valid() {
        let net = embedded().expect("nets/chariot-3.nnue is a valid net");
        let start = Position::startpos();
        assert_eq!(net.evaluate(&start), net.evaluate(&start.color_flipped()));
    }
}

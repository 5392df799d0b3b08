//! serde through the notation: a [`Setup`] or a [`Position`] is its
//! notation string, and reading a position checks it as parsing does.

use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::game::Tables;
use crate::position::Position;
use crate::setup::Setup;

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a notation string into a [`Setup`].
struct SetupVisitor;

impl Visitor<'_> for SetupVisitor {
    type Value = Setup;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tables position in its one-line notation")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Setup, E> {
        text.parse().map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        deserializer.deserialize_str(SetupVisitor)
    }
}

/// The notation string, as `Display` writes it.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A [`Setup`], made a position of the first preset game that can be in
/// it (Seys dos e as first), as `FromStr` does.
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let setup = Setup::deserialize(deserializer)?;
        Tables::position_of_any_preset(&setup).map_err(de::Error::custom)
    }
}

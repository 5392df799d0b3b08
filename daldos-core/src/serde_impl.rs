//! `Setup` serializes as its notation string; positions go through it.

use core::fmt;

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::Setup;

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        deserializer.deserialize_str(NotationVisitor)
    }
}

struct NotationVisitor;

impl de::Visitor<'_> for NotationVisitor {
    type Value = Setup;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Daldøs notation string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Setup, E> {
        text.parse().map_err(E::custom)
    }
}

//! The doubling cube's accessors of a state (`State.cube_value()` and the
//! others): the tables position behind an erased state.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use racegames_tables::Tables;

use crate::erased::{DynState, Held};

/// The tables position of a state, for the cube's accessors;
/// `ValueError` for a state of another family.
pub(crate) fn position(inner: &dyn DynState) -> PyResult<&racegames_tables::Position> {
    inner
        .as_any()
        .downcast_ref::<Held<Tables>>()
        .map(|held| &held.state)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{} has no doubling cube: it is a tables game's (backgammon's) option",
                inner.game().display_name()
            ))
        })
}

//! A stand-in `State` that does no work: each game is 1,000 decisions of 60
//! actions and no chance node. Its methods have the signatures and the
//! borrow checks of `racegames.State`, so a loop over it costs what pyo3's
//! glue costs (the interpreter included) and nothing of a game.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList};

/// The legal actions of every decision: kept ints (as racegames keeps them),
/// above 256 so that Python's own small ints do not apply.
static INTS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
/// The same ints as one list, for the `copy` variant.
static LIST: PyOnceLock<Py<PyList>> = PyOnceLock::new();
const WIDTH: usize = 60;
const DECISIONS: u32 = 1000;

fn ints(py: Python<'_>) -> &Vec<Py<PyInt>> {
    INTS.get_or_init(py, || {
        (0..WIDTH as u32)
            .map(|a| {
                let Ok(int) = (1000 + 7 * a).into_pyobject(py);
                int.unbind()
            })
            .collect()
    })
}

/// The stand-in state. With `copy`, `legal_actions` copies a kept list in C
/// (`list[:]`) instead of building one item by item as racegames does.
#[pyclass]
struct FloorState {
    decisions: u32,
    copy: bool,
}

#[pymethods]
impl FloorState {
    #[new]
    #[pyo3(signature = (copy = false))]
    fn new(copy: bool) -> Self {
        FloorState { decisions: 0, copy }
    }

    fn is_terminal(&self) -> bool {
        self.decisions >= DECISIONS
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    #[pyo3(signature = (player = None))]
    fn legal_actions<'py>(
        slf: &Bound<'py, Self>,
        player: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let _ = player;
        let py = slf.py();
        if slf.try_borrow_mut()?.copy {
            let list = LIST.get_or_init(py, || {
                PyList::new(py, ints(py)).expect("a list of ints").unbind()
            });
            return Ok(list.bind(py).get_slice(0, WIDTH));
        }
        PyList::new(py, ints(py).iter().map(|int| int.bind(py).clone()))
    }

    fn apply_action(slf: &Bound<'_, Self>, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let _: u32 = action.extract()?;
        slf.try_borrow_mut()?.decisions += 1;
        Ok(())
    }
}

#[pymodule]
fn pyo3floor(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FloorState>()
}

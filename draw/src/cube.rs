//! The doubling cube in a tables picture's panel: its value, its owner,
//! the match score and an offer under way (games with the cube,
//! resignation or match play).

use alloc::format;
use alloc::string::String;

use racegames_tables::{CubeSetup, Offer};

use crate::scene::{stroke, Anchor, Scene};

const INK: u32 = 0x2b2b2b;
const DIM: u32 = 0x7a7a7a;

/// The verb of the player on roll while an offer is under way.
pub(crate) fn offer_verb(offer: Offer) -> Option<&'static str> {
    match offer {
        Offer::None => None,
        Offer::Deciding | Offer::DecidingAfterRejection => Some("decides before the throw"),
        Offer::Double => Some("doubles"),
        Offer::Resign(_) => Some("offers to resign"),
    }
}

/// What the cube's lines say: the cube and its owner, then the match.
pub(crate) fn cube_words(cube: &CubeSetup) -> (String, String) {
    let owner = match cube.owner {
        Some(s) => format!("owned by {}", s.letter()),
        None => String::from("centred"),
    };
    let offer = match cube.offer {
        Offer::Double => "; a double",
        Offer::Resign(1) => "; resigning a single game",
        Offer::Resign(2) => "; resigning a gammon",
        Offer::Resign(_) => "; resigning a backgammon",
        _ => "",
    };
    let first = format!("cube {owner}{offer}");
    let second = match cube.match_score {
        Some(m) => {
            let crawford = if m.crawford { ", Crawford game" } else { "" };
            format!(
                "match to {}: A {}, B {}{crawford}",
                m.length, m.score[0], m.score[1]
            )
        }
        None => String::from("money play"),
    };
    (first, second)
}

/// Draws the cube (a square showing its value) and its lines at `(x, y)`
/// with cell size `c`; returns the `y` below them.
pub(crate) fn cube_panel(s: &mut Scene, cube: &CubeSetup, x: f64, y: f64, c: f64) -> f64 {
    let size = 0.8 * c;
    s.rect(
        x,
        y - 0.6 * c,
        size,
        size,
        Some(0xffffff),
        stroke(INK, 1.5),
        0.12 * c,
    );
    s.text(
        x + size / 2.0,
        y - 0.05 * c,
        format!("{}", cube.value),
        c * 0.34,
        INK,
        Anchor::Middle,
    );
    let (first, second) = cube_words(cube);
    s.text(
        x + size + 0.25 * c,
        y - 0.25 * c,
        first,
        c * 0.28,
        INK,
        Anchor::Start,
    );
    s.text(
        x + size + 0.25 * c,
        y + 0.15 * c,
        second,
        c * 0.28,
        DIM,
        Anchor::Start,
    );
    y + 0.9 * c
}

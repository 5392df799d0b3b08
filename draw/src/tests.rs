//! Every family draws its opening, a position in play and a finished game;
//! the pictures are well-formed and the rasters have their size.

use alloc::string::ToString;

use racegames_board::{Game, Node};
use racegames_daldos::Daldos;
use racegames_halma::{ChineseCheckers, Rules, SquareHalma};
use racegames_tables::Tables;

use crate::{notation_scene, Scene};

fn check(scene: &Scene) {
    let svg = scene.to_svg();
    assert!(svg.starts_with("<svg"));
    assert!(svg.ends_with("</svg>"));
    let (w, h, px) = scene.to_rgb();
    assert_eq!((w, h, px.len()), (scene.width, scene.height, w * h * 3));
    // Something besides the background is drawn.
    assert!(px.chunks(3).any(|p| p != scene.background.rgb()));
}

/// Plays `game` by its first legal action (chance by its first outcome)
/// for `steps` steps, drawing each position.
fn play<G: Game>(game: &G, steps: usize, draw: impl Fn(&G::State) -> Scene) {
    let mut state = game.new_initial_state();
    for _ in 0..steps {
        check(&draw(&state));
        let mut first = None;
        match game.node(&state) {
            Node::Terminal => break,
            Node::Chance => game.chance_outcomes(&state, |a, _| {
                first.get_or_insert(a);
            }),
            Node::Decision(_) => game.legal_actions(&state, |a| {
                first.get_or_insert(a);
            }),
        }
        let action = first;
        let Some(action) = action else { break };
        if game.apply(&mut state, action).is_err() {
            break;
        }
    }
}

#[test]
fn every_family_draws_positions_in_play() {
    let daldos = Daldos::default();
    play(&daldos, 40, |s| crate::daldos::scene(&daldos, s));
    let norwegian: Daldos = Daldos::new(
        racegames_daldos::Options::default().with_board(racegames_daldos::Board::Norwegian),
    );
    play(&norwegian, 10, |s| crate::daldos::scene(&norwegian, s));
    let bg = Tables::backgammon();
    play(&bg, 40, |s| crate::tables::scene(&bg, s, "Backgammon"));
    let cc = ChineseCheckers::new(Rules::chinese_checkers(3)).unwrap();
    play(&cc, 20, |s| crate::halma::scene(&cc, s));
    let halma = SquareHalma::default();
    play(&halma, 20, |s| crate::halma::scene(&halma, s));
}

#[test]
fn the_svg_escapes_text_and_writes_numbers_as_g() {
    let svg = notation_scene("x < y & z").to_svg();
    assert!(svg.contains("x &lt; y &amp; z"));
    let mut s = Scene::new(10, 10, 0xffffff);
    s.circle(1.5, 0.123456789, 12.25, Some(0x00ff00), None);
    s.circle(100.0, 1234.5678, 0.35, None, None);
    let svg = s.to_svg();
    assert!(
        svg.contains("cx=\"1.5\" cy=\"0.123457\" r=\"12.25\""),
        "{svg}"
    );
    assert!(
        svg.contains("cx=\"100\" cy=\"1234.57\" r=\"0.35\""),
        "{svg}"
    );
    assert!(svg.contains("fill=\"#00ff00\""));
    assert_eq!(s.width.to_string(), "10");
}

#[test]
fn the_result_line_names_the_winner_the_draw_or_the_stop() {
    use crate::result_line;
    assert_eq!(
        result_line("tables", &[1.0, -1.0], false),
        "Game over: A wins"
    );
    assert_eq!(
        result_line("daldos", &[-1.0, 1.0], false),
        "Game over: B wins"
    );
    assert_eq!(
        result_line("halma", &[-1.0, 1.0, -1.0], false),
        "Game over: seat 2 wins"
    );
    assert_eq!(
        result_line("tables", &[0.0, 0.0], false),
        "Game over: a draw"
    );
    assert_eq!(result_line("tables", &[], false), "Game over: a draw");
    let stopped = "Game over: stopped at the turn limit, no winner";
    assert_eq!(result_line("halma", &[0.0, 0.0], true), stopped);
}

#[test]
fn a_picture_with_a_result_line_is_taller() {
    let mut scene = notation_scene("x");
    let height = scene.height;
    scene.add_line("Game over: A wins");
    assert_eq!(scene.height, height + 32);
    assert!(scene.to_svg().contains(">Game over: A wins</text>"));
}

//! The readable board diagram (`Game::write_diagram`).

use racegames_board::{FromParams, Game, ParamValue};
use racegames_halma::{ChineseCheckers, SquareHalma};

fn diagram<G: Game>(game: &G, state: &G::State) -> String {
    let mut s = String::new();
    game.write_diagram(state, &mut s).unwrap();
    s
}

#[test]
fn star_diagram_centres_the_rows_on_the_lattice() {
    let game = ChineseCheckers::default();
    let text = diagram(&game, &game.new_initial_state());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "a             1");
    assert_eq!(lines[3], "d          1 1 1 1");
    assert_eq!(lines[4], "e , , , , . . . . . , , , ,");
    assert_eq!(lines[8], "i     . . . . . . . . .");
    assert_eq!(lines[16], "q             2");
    assert_eq!(lines[17], "camps: 1 top to bottom; 2 bottom to top");
    assert_eq!(lines[18], "seat 1 to move; turn 0");
    // Every hole of every row is at its lattice column: q - r/2 lines up.
    for (row, line) in lines[..17].iter().enumerate() {
        let holes = line[2..].chars().filter(|c| !c.is_whitespace()).count();
        assert_eq!(
            holes,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1][row]
        );
    }
}

#[test]
fn star_diagram_names_six_seats_and_the_finished() {
    let game = ChineseCheckers::from_params("chinese_checkers", &[("players", ParamValue::Int(6))])
        .unwrap();
    let text = diagram(&game, &game.new_initial_state());
    assert!(text.contains("6 upper-left to lower-right"), "{text}");
    assert!(text.contains("e 6 6 6 6 . . . . . 2 2 2 2"), "{text}");
    let done = game
        .parse_notation(
            "2/22/222/2222/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 - 1 40",
        );
    // Not a 6-player position; the 2-player game reads it.
    assert!(done.is_err());
    let game = ChineseCheckers::default();
    let pos = game
        .parse_notation(
            "2/22/222/2222/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 - 1 40",
        )
        .unwrap();
    let text = diagram(&game, &pos);
    assert!(text.ends_with("game over; finished: 1; turn 40"), "{text}");
}

#[test]
fn square_diagram_has_column_numbers_and_camps() {
    let game = SquareHalma::default();
    let text = diagram(&game, &game.new_initial_state());
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("    1  2  3"), "{text}");
    assert!(lines[0].ends_with(" 16"));
    assert_eq!(
        lines[1],
        "a  1  1  1  1  1  .  .  .  .  .  .  ,  ,  ,  ,  ,"
    );
    assert_eq!(lines.len(), 19);
    assert_eq!(
        lines[17],
        "camps: 1 top-left to bottom-right; 2 bottom-right to top-left"
    );
    let truncated =
        SquareHalma::from_params("halma", &[("max_turns", ParamValue::Int(3))]).unwrap();
    let mut pos = truncated.new_initial_state();
    for _ in 0..3 {
        let mut first = None;
        truncated.legal_actions(&pos, |a| {
            first.get_or_insert(a);
        });
        truncated.apply(&mut pos, first.unwrap()).unwrap();
    }
    assert!(diagram(&truncated, &pos).ends_with("game over: turn limit reached; turn 3"));
}

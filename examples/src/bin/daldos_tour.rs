//! Plays a game of Daldøs between a greedy player (A) and a random player
//! (B), printing the board after each turn and the result.
//!
//! Run: `cargo run --release -p racegames-examples --bin daldos_tour [seed]`

use racegames_board::{sim::SplitMix64, Game, Node, Seat};
use racegames_daldos::Daldos;
use racegames_examples::{greedy_player, random_player, throw};

/// How to read the boards and moves printed below.
const LEGEND: &str = "\
How to read it:
  rows     b = B's home row (top), m = the middle row, a = A's home row
           (bottom); holes are numbered from the stern (0) to the prow, and
           the middle row has one more hole, in the prow.
  pieces   a, b = an undalled piece of A or B (not yet turned: it cannot
           move until a dal turns it); A, B = a dalled piece (it moves).
  throws   two four-sided dice showing 1 (the dal), 2, 3 or 4: \"throws 41\"
           is a 4 and a dal. A dal turns a piece and moves it one hole;
           dal-dal (11) gives another throw; a throw that no piece can
           use is lost (so a player may move twice in a row).
  moves    the holes a piece passes through: \"m3-m7\" uses one die,
           \"m3-m7 a0-m0\" moves two pieces (the higher die first),
           \"m3-m4-m7\" adds both dice on one piece; \"x\" instead of \"-\"
           marks a hole where an enemy piece is taken.
";

fn diagram(game: &Daldos, state: &racegames_daldos::Position) -> String {
    let mut s = String::new();
    game.write_diagram(state, &mut s)
        .expect("write to a String");
    s
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026);
    let game = Daldos::default();
    let mut rng = SplitMix64::new(seed);
    let mut state = game.new_initial_state();
    println!("Daldøs, Danish board. A plays greedily, B at random. Seed {seed}.\n");
    println!("{}\n", diagram(&game, &state));
    println!("{LEGEND}");
    let mut last_turn = 0;
    let mut last_throw = String::new();
    while game.node(&state) != Node::Terminal {
        let action = match game.node(&state) {
            Node::Chance => throw(&game, &state, &mut rng).expect("a chance node"),
            Node::Decision(p) if p == Seat::new(0) => greedy_player(&game, &state, &mut rng, |s| {
                -i64::from(s.count(Seat::new(1)))
            }),
            Node::Decision(_) => random_player(&game, &state, &mut rng),
            Node::Terminal => unreachable!(),
        };
        let mut text = String::new();
        game.write_action(&state, action, &mut text)
            .expect("write to a String");
        let mover = game.turn_owner(&state);
        game.apply(&mut state, action)
            .expect("the players choose legal actions");
        if let Some(throw) = text.strip_prefix("throw ") {
            last_throw = throw.to_owned();
        } else if !text.ends_with("starts") {
            let who = mover.map_or('-', Seat::letter);
            println!("{who} throws {last_throw} and plays {text}");
        }
        if state.turns() != last_turn && (state.turns() % 25 == 0) {
            println!("\n{}\n", diagram(&game, &state));
        }
        last_turn = state.turns();
    }
    println!("\nFinal position:\n{}\n", diagram(&game, &state));
    println!("Notation: {state}");
    let mut returns = [0.0; 2];
    game.returns(&state, &mut returns)
        .expect("Daldøs has two seats");
    match game.loser(&state) {
        Some(loser) => println!(
            "{} wins after {} turns (returns {:?}).",
            loser.next(2).letter(),
            state.turns(),
            returns
        ),
        None => println!("Stopped at the turn limit: a draw (returns {returns:?})."),
    }
}

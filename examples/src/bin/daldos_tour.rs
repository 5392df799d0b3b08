//! Plays a game of Daldøs between a greedy player (A) and a random player
//! (B), printing the board after each turn and the result.
//!
//! Run: `cargo run --release -p racegames-examples --bin daldos_tour [seed]`

use board_core::{sim::SplitMix64, Game, Node, Player};
use daldos_core::Daldos;
use racegames_examples::{greedy_player, random_player, throw};

fn diagram(game: &Daldos, state: &daldos_core::Position) -> String {
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
    let mut last_turn = 0;
    while game.node(&state) != Node::Terminal {
        let action = match game.node(&state) {
            Node::Chance => throw(&game, &state, &mut rng).expect("a chance node"),
            Node::Decision(p) if p == Player::new(0) => {
                greedy_player(&game, &state, &mut rng, |s| {
                    -i64::from(s.count(Player::new(1)))
                })
            }
            Node::Decision(_) => random_player(&game, &state, &mut rng),
            Node::Terminal => unreachable!(),
        };
        let mut text = String::new();
        game.write_action(&state, action, &mut text)
            .expect("write to a String");
        let mover = game.turn_owner(&state);
        game.apply(&mut state, action)
            .expect("the players choose legal actions");
        if !text.starts_with("throw") && !text.ends_with("starts") {
            println!("{} plays {text}", mover.map_or('-', Player::letter));
        }
        if state.turns() != last_turn && (state.turns() % 25 == 0) {
            println!("\n{}\n", diagram(&game, &state));
        }
        last_turn = state.turns();
    }
    println!("\nFinal position:\n{}\n", diagram(&game, &state));
    println!("Notation: {state}");
    let mut returns = [0.0; 2];
    game.returns(&state, &mut returns);
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

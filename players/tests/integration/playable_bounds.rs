//! `G: Playable` alone lets generic code share and send its states across
//! threads: the bound is the trait's own, so no caller repeats
//! `where G::State: Send + Sync`. (This file compiles only so.)

use racegames_board::Game;
use racegames_players::Playable;

fn shared<T: Send + Sync + 'static>(value: T) -> T {
    value
}

/// Generic over any playable game, without a `where` clause.
fn states_cross_threads<G: Playable>(game: &G) -> (G::State, G::State) {
    let state = shared(game.new_initial_state());
    // A shared reference sent to another thread: the state is `Sync`.
    let borrowed = &state;
    let by_ref = std::thread::scope(|s| s.spawn(move || *borrowed).join().unwrap());
    let moved = std::thread::spawn(move || state).join().unwrap();
    (by_ref, moved)
}

#[test]
fn every_playable_game_sends_its_states_without_a_where_clause() {
    let daldos = racegames_daldos::Daldos::default();
    let (a, b) = states_cross_threads(&daldos);
    assert_eq!(
        (a, b),
        (daldos.new_initial_state(), daldos.new_initial_state())
    );
    let bg = racegames_tables::Tables::backgammon();
    let (a, b) = states_cross_threads(&bg);
    assert_eq!((a, b), (bg.new_initial_state(), bg.new_initial_state()));
}

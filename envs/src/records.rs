//! Writing an arena match's records as they come, in game order.

use racegames_board::record::Record;

/// Writes the records received, in game order (those that arrive early
/// wait), each with the players' `names` in their seats: player `i` sits
/// in seat `(i + k) mod n` in game `k`. Stops at the first error.
///
/// # Errors
///
/// The first record that cannot be written, or the writer's error.
pub fn write_in_order<G: racegames_board::Game>(
    game: &G,
    names: &[String],
    records: std::sync::mpsc::Receiver<(usize, Record)>,
    out: &mut (dyn std::io::Write + Send),
) -> Result<(), racegames_players::arena::ArenaError> {
    let n = game.num_players();
    let mut waiting = std::collections::BTreeMap::new();
    let mut next = 0;
    let mut text = String::new();
    for (k, rec) in records {
        waiting.insert(k, rec);
        while let Some(mut rec) = waiting.remove(&next) {
            for s in 0..n {
                if let Some(name) = names.get((s + n - next % n) % n) {
                    let letter = racegames_board::Seat::new(s as u8).letter();
                    rec.set_tag(&format!("Player{letter}"), name.as_str());
                }
            }
            text.clear();
            // The arena checked every move as it was played.
            rec.write_unchecked(game, &mut text)?;
            out.write_all(text.as_bytes())?;
            next += 1;
        }
    }
    out.flush()?;
    Ok(())
}

//! The GNU Backgammon benchmark: racegames referees a match between one of
//! its players and gnubg, which runs as a child process
//! (`gnubg -t -q -r -p py/bench/gnubg_server.py`) and answers each of its
//! turns with `findbestmove` at 0-ply (see that script for the protocol).
//!
//! gnubg's answer is checked, not trusted: it is played out on gnubg's
//! board, and the referee takes the racegames end of turn with exactly
//! that board, or stops with an error if none has it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use racegames_board::sim::SplitMix64;
use racegames_board::{FromParams, Game, Node, Seat};
use racegames_players::Player;
use racegames_tables::{gnubg, Position, Tables};

use crate::matches::wilson;

/// A board in gnubg's layout: 25 counts per side (points from the side's
/// own 1-point, then its bar), the side not on roll first.
pub type GnubgBoard = [[i32; 25]; 2];

/// The board with `mover` on roll: the checkers as gnubg's Position ID
/// holds them ([`racegames_tables::gnubg::sides`]). All zeros for a game
/// other than backgammon, which gnubg does not play.
pub fn gnubg_board(game: &Tables, pos: &Position, mover: Seat) -> GnubgBoard {
    let sides = gnubg::sides(game, pos).unwrap_or([[0; 25]; 2]);
    let m = mover.index() & 1;
    [sides[1 - m].map(i32::from), sides[m].map(i32::from)]
}

/// A running gnubg answering move requests.
pub struct Gnubg {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gnubg {
    /// Starts `gnubg` with the server script and waits until it is ready.
    ///
    /// # Errors
    ///
    /// When gnubg cannot be started or ends before it is ready.
    pub fn start(gnubg: &str, script: &str, plies: u32) -> Result<Gnubg, String> {
        let mut child = Command::new(gnubg)
            .args(["-t", "-q", "-r", "-p", script])
            .env("GNUBG_PLIES", plies.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {gnubg}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut g = Gnubg {
            child,
            stdin,
            stdout,
        };
        g.read_line("READY")?;
        Ok(g)
    }

    fn read_line(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("gnubg ended".to_owned());
            }
            if let Some(rest) = line.trim_end().strip_prefix(prefix) {
                return Ok(rest.trim().to_owned());
            }
            if line.starts_with("ERROR") {
                return Err(line.trim().to_owned());
            }
        }
    }

    /// gnubg's move for the player on roll in `board` with these dice.
    ///
    /// # Errors
    ///
    /// When gnubg does not answer with a move.
    pub fn best_move(&mut self, board: &GnubgBoard, dice: (u8, u8)) -> Result<Vec<i32>, String> {
        let mut req = format!("MOVE {} {}", dice.0, dice.1);
        for v in board.iter().flatten() {
            req += &format!(" {v}");
        }
        writeln!(self.stdin, "{req}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        let answer = self.read_line("BEST")?;
        answer
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("bad answer {answer:?}")))
            .collect()
    }
    /// gnubg's cubeless evaluation of `board` before the player on roll
    /// throws, for that player, in gnubg's order: winning, winning a
    /// gammon or more, a backgammon, losing a gammon or more, a backgammon.
    ///
    /// # Errors
    ///
    /// When gnubg does not answer with five probabilities.
    pub fn evaluate(&mut self, board: &GnubgBoard) -> Result<[f32; 5], String> {
        let mut req = String::from("EVAL");
        for v in board.iter().flatten() {
            req += &format!(" {v}");
        }
        writeln!(self.stdin, "{req}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        let answer = self.read_line("PROBS")?;
        let probs: Vec<f32> = answer
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("bad answer {answer:?}")))
            .collect::<Result<_, _>>()?;
        match probs[..] {
            [w, wg, wbg, lg, lbg] if probs.iter().all(|p| (0.0..=1.0).contains(p)) => {
                Ok([w, wg, wbg, lg, lbg])
            }
            _ => Err(format!("bad answer {answer:?}")),
        }
    }
}

impl Drop for Gnubg {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "QUIT");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// gnubg's turn: the end-of-turn state of gnubg's move, played through
/// the rules by [`gnubg::play_checker_moves`] (the play that ends on the
/// board gnubg's checker moves give).
fn gnubg_turn(
    game: &Tables,
    gnubg: &mut Gnubg,
    state: &Position,
    mover: Seat,
) -> Result<Position, String> {
    let dice = state.dice();
    let (d1, d2) = (dice[0], *dice.get(1).unwrap_or(&dice[0]));
    let board = gnubg_board(game, state, mover);
    let moves = gnubg.best_move(&board, (d1, d2))?;
    let bad = || {
        format!(
            "gnubg's move {moves:?} with {d1}{d2} is not a legal racegames turn from {}",
            game.notation(state)
        )
    };
    let pairs = moves
        .chunks_exact(2)
        .map(|p| Some((u8::try_from(p[0]).ok()?, u8::try_from(p[1]).ok()?)))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(bad)?;
    let play = gnubg::play_checker_moves(game, state, &pairs).map_err(|_| bad())?;
    let mut next = *state;
    for a in play {
        game.apply(&mut next, a).map_err(|e| e.to_string())?;
    }
    Ok(next)
}

/// The result of a benchmark match, from racegames' side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BenchResult {
    /// Games racegames won.
    pub wins: u32,
    /// Games played.
    pub games: u32,
    /// racegames' points with gammons and backgammons counted.
    pub points: f64,
}

/// Plays `games` games of `player` against gnubg, `player` on seat 0 in the
/// even games and seat 1 in the odd ones, dice from `seed`. Calls
/// `progress` after each game.
///
/// # Errors
///
/// When gnubg fails or answers with a move that is not legal.
pub fn play_bench(
    player: &mut dyn Player<Tables>,
    gnubg: &mut Gnubg,
    games: u32,
    seed: u64,
    mut progress: impl FnMut(u32, &BenchResult),
) -> Result<BenchResult, String> {
    let game = Tables::backgammon();
    let scorer = Tables::from_params(
        "backgammon",
        &[("scoring", racegames_board::ParamValue::Str("backgammons"))],
    )
    .map_err(|e| e.to_string())?;
    let mut res = BenchResult::default();
    for g in 0..games {
        let ours = Seat::new((g % 2) as u8);
        let mut rng = SplitMix64::new(
            seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
                .wrapping_add(u64::from(g)),
        );
        let mut state = game.new_initial_state();
        loop {
            match game.node(&state) {
                Node::Terminal => break,
                Node::Chance => {
                    let a = game
                        .sample_chance(&state, rng.next_f64())
                        .ok_or("no throw")?;
                    game.apply_legal(&mut state, a);
                }
                Node::Decision(mover) if mover == ours => {
                    let a = player.act(&game, &state).map_err(|e| e.to_string())?;
                    game.apply(&mut state, a).map_err(|e| e.to_string())?;
                }
                Node::Decision(mover) => state = gnubg_turn(&game, gnubg, &state, mover)?,
            }
        }
        let mut r = [0.0; 2];
        scorer.returns(&state, &mut r).map_err(|e| e.to_string())?;
        res.games += 1;
        res.points += r[ours.index()];
        if r[ours.index()] > 0.0 {
            res.wins += 1;
        }
        progress(g + 1, &res);
    }
    Ok(res)
}

/// The result line: wins with the Wilson 95% interval.
pub fn result_line(res: &BenchResult) -> String {
    let (lo, hi) = wilson(res.wins, res.games);
    format!(
        "racegames won {} of {} against gnubg 0-ply: {:.1}% (Wilson 95% {:.1}-{:.1}%), {:+.3} points per game with gammons",
        res.wins,
        res.games,
        100.0 * f64::from(res.wins) / f64::from(res.games.max(1)),
        100.0 * lo,
        100.0 * hi,
        res.points / f64::from(res.games.max(1))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use racegames_players::ply::ply_ends;

    #[test]
    fn the_opening_board_is_gnubgs() {
        let game = Tables::backgammon();
        let state = game.new_initial_state();
        let start = [
            0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0,
        ];
        for seat in 0..2 {
            assert_eq!(gnubg_board(&game, &state, Seat::new(seat)), [start; 2]);
        }
    }

    #[test]
    fn distinct_turn_ends_have_distinct_gnubg_boards() {
        // The referee finds gnubg's turn by its board: that board must name
        // one end of the turn, and keep every piece of both sides.
        let game = Tables::backgammon();
        let mut rng = SplitMix64::new(5);
        let mut buf = racegames_board::ActionBuffer::new();
        let mut checked = 0;
        for seed in 0..5 {
            let mut state = game.new_initial_state();
            rng = SplitMix64::new(rng.next_u64() ^ seed);
            while racegames_board::sim::random_step(&game, &mut state, &mut rng, &mut buf).is_some()
            {
                let Node::Decision(mover) = game.node(&state) else {
                    continue;
                };
                let ends = ply_ends(&game, &state).ends;
                let boards: std::collections::HashSet<GnubgBoard> = ends
                    .iter()
                    .map(|e| gnubg_board(&game, &e.state, mover))
                    .collect();
                assert_eq!(boards.len(), ends.len());
                for b in &boards {
                    let off = i32::from(state.borne_off(mover));
                    assert!(b[1].iter().sum::<i32>() + off <= 15);
                    assert_eq!(
                        b[0].iter().sum::<i32>() + i32::from(state.borne_off(mover.next(2))),
                        15
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 100);
    }
}

//! Bounds on one decision: the work caps of the searches and the time
//! limit every search honours.
//!
//! The caps count work (static evaluations, ply ends generated, simulated
//! actions), so a decision that reaches one is still the same for the same
//! seed and state. The time limit is only a safety net for slow machines:
//! when it triggers, the choice depends on the machine's speed.

use std::time::Duration;

/// The decision's clock. `std::time::Instant` has no time source in the
/// browser (`wasm32-unknown-unknown`: reading it panics), so there the
/// clock stands still and only the work caps bound a decision (the page
/// sets its own time limit around the Web Worker that runs the player).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
type Instant = std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[derive(Clone, Copy)]
struct Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
impl Instant {
    fn now() -> Instant {
        Instant
    }
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}

/// The longest one decision of `expectimax` or `mcts` searches before it
/// plays the best choice found so far (the last completed depth; the most
/// visited ply), and the longest a policy scores afterstates or ply ends
/// before it chooses among those scored (a net near the file size cap on a
/// throw with many ends). The work caps ([`crate::expectimax::MAX_WORK`],
/// [`crate::mcts::MAX_WORK`]) stop every search well within it on a
/// current machine.
pub const DECISION_TIME_LIMIT: Duration = Duration::from_secs(20);

/// Work units between two looks at the clock and the interrupt (a caller
/// whose every unit is slow ticks this many at once, to look each time).
pub(crate) const CHECK_EVERY: u64 = 256;

/// Counts a decision's work and says when it must stop: the time limit
/// passed, or this thread's [`crate::Interrupt`] was set.
pub(crate) struct Watch {
    start: Instant,
    /// `None`: no time limit, only the interrupt.
    limit: Option<Duration>,
    ticks: u64,
    next_check: u64,
    stopped: bool,
}

impl Watch {
    /// A watch started now.
    pub(crate) fn new() -> Watch {
        Watch {
            start: Instant::now(),
            limit: Some(DECISION_TIME_LIMIT),
            ticks: 0,
            next_check: 0,
            stopped: false,
        }
    }

    /// A watch that stops only for the interrupt: for an analysis, whose
    /// values must not depend on the machine's speed (its work caps bound
    /// it).
    pub(crate) fn untimed() -> Watch {
        Watch {
            limit: None,
            ..Watch::new()
        }
    }

    /// Counts `work` units; true once the decision must stop.
    pub(crate) fn tick(&mut self, work: u64) -> bool {
        self.ticks += work;
        if !self.stopped && self.ticks >= self.next_check {
            self.next_check = self.ticks + CHECK_EVERY;
            self.stopped = crate::interrupt::interrupt_requested()
                || self
                    .limit
                    .is_some_and(|limit| self.start.elapsed() >= limit);
        }
        self.stopped
    }

    /// Whether [`Watch::tick`] said stop.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(all(test, not(all(target_arch = "wasm32", target_os = "unknown"))))]
mod tests {
    use super::*;

    /// A watch started `ago` before now.
    fn started(watch: Watch, ago: Duration) -> Watch {
        Watch {
            start: Instant::now() - ago,
            ..watch
        }
    }

    #[test]
    fn the_time_limit_stops_a_player_but_not_an_analysis() {
        let late = DECISION_TIME_LIMIT + Duration::from_secs(1);
        let mut player = started(Watch::new(), late);
        assert!(player.tick(1));
        let mut analysis = started(Watch::untimed(), late);
        assert!(!analysis.tick(1));
        assert!(!analysis.tick(CHECK_EVERY * 4));
        assert!(!analysis.stopped());
    }
}

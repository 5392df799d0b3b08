use board_core::sim::{random_step, SplitMix64};
use board_core::{ActionBuffer, FromParams, Game, Node};
use tables_core::{Tables, Phase};
#[test]
fn scratch() {
    let want: Vec<String> = std::env::var("GAMES").unwrap_or_default().split(',').map(String::from).collect();
    for n in Tables::NAMES.iter().skip(2) {
        if !want.is_empty() && want[0] != "" && !want.contains(&n.to_string()) { continue; }
        let g = Tables::from_params(n, &[]).unwrap();
        let p0 = g.new_initial_state();
        let t = std::time::Instant::now();
        let c1 = g.perft(&p0, 1);
        println!("{n} | - | {} | 1 | {c1}   ({:?})", g.notation(&p0), t.elapsed());
        // mid-game
        for seed in [3u64, 11] {
            let mut rng = SplitMix64::new(seed);
            let mut p = p0; let mut buf = ActionBuffer::new();
            let target = 12 + seed as u32;
            while !(p.turns() >= target && p.phase() == Phase::Throw) && g.node(&p) != Node::Terminal {
                random_step(&g, &mut p, &mut rng, &mut buf);
            }
            if g.node(&p) == Node::Terminal { continue; }
            let t = std::time::Instant::now();
            let c = g.perft(&p, 1);
            let c2 = if c < 3000 { g.perft(&p, 2) } else { 0 };
            println!("{n} | - | {} | 1 | {c}  d2 {c2} ({:?})", g.notation(&p), t.elapsed());
        }
    }
}

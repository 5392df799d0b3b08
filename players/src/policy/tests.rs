use super::*;
use racegames_board::sim::SplitMix64;
use racegames_tables::Tables;

/// A net whose logits are a fixed linear map of the observation.
fn net_for(game: &Tables, hidden: usize, seed: u64) -> PolicyNet {
    let mut rng = SplitMix64::new(seed);
    let mut layer = |inputs: usize, outputs: usize| {
        let weights = (0..inputs * outputs)
            .map(|_| rng.next_f64() as f32 - 0.5)
            .collect();
        let bias = (0..outputs).map(|_| rng.next_f64() as f32 - 0.5).collect();
        Layer::new(inputs, outputs, weights, bias)
    };
    PolicyNet {
        game: game.name().to_owned(),
        observation_len: game.observation_len(),
        num_actions: game.num_distinct_actions(),
        kind: PolicyKind::Actions,
        layers: vec![
            layer(game.observation_len(), hidden),
            layer(hidden, game.num_distinct_actions()),
        ],
    }
}

#[test]
fn the_logits_of_some_actions_are_those_of_all() {
    let game = Tables::backgammon();
    let mut net = net_for(&game, 40, 5);
    let mut rng = SplitMix64::new(9);
    let extra = (0..40 * 40).map(|_| rng.next_f64() as f32 - 0.5).collect();
    net.layers
        .insert(1, Layer::new(40, 40, extra, vec![0.1; 40]));
    let input: Vec<f32> = (0..game.observation_len())
        .map(|i| {
            if i % 4 == 0 {
                (i % 7) as f32 / 7.0
            } else {
                0.0
            }
        })
        .collect();
    let (mut scratch, mut all, mut some) = (Vec::new(), Vec::new(), Vec::new());
    net.logits(&input, &mut scratch, &mut all);
    let wanted = [3, 0, game.num_distinct_actions() - 1, 17];
    net.logits_of(&input, &wanted, &mut scratch, &mut some);
    for (k, &a) in wanted.iter().enumerate() {
        assert!((some[k] - all[a]).abs() <= 1e-5 * (1.0 + all[a].abs()));
    }
}

#[test]
fn a_policy_file_round_trips() {
    let game = Tables::backgammon();
    let net = net_for(&game, 16, 1);
    assert_eq!(PolicyNet::from_bytes(&net.to_bytes()), Ok(net));
}

/// A policy file cut short anywhere, or with a byte after its weights, is
/// an error.
fn assert_cut_and_longer_files_are_errors(bytes: &[u8]) {
    for cut in 0..bytes.len() {
        assert!(
            PolicyNet::from_bytes(&bytes[..cut]).is_err(),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    assert_eq!(
        PolicyNet::from_bytes(&longer),
        Err(PolicyError::File(FileError::TrailingBytes(1)))
    );
}

#[test]
fn a_damaged_policy_file_is_an_error_not_a_panic() {
    let game = Tables::backgammon();
    let bytes = net_for(&game, 8, 2).to_bytes();
    assert_cut_and_longer_files_are_errors(&bytes);
    let mut nan = bytes.clone();
    let at = nan.len() - 4;
    nan[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(matches!(
        PolicyNet::from_bytes(&nan),
        Err(PolicyError::File(FileError::NotFinite(_)))
    ));
}

#[test]
fn the_logits_are_the_layers_applied_in_turn() {
    let game = Tables::backgammon();
    let net = net_for(&game, 4, 3);
    let input: Vec<f32> = (0..game.observation_len())
        .map(|i| (i % 3) as f32)
        .collect();
    let hidden: Vec<f32> = (0..4)
        .map(|o| {
            let l = &net.layers[0];
            let row = &l.weights[o * l.inputs..(o + 1) * l.inputs];
            (row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>() + l.bias[o]).max(0.0)
        })
        .collect();
    let l = &net.layers[1];
    let expected: Vec<f32> = (0..l.outputs)
        .map(|o| {
            let row = &l.weights[o * 4..(o + 1) * 4];
            row.iter().zip(&hidden).map(|(w, x)| w * x).sum::<f32>() + l.bias[o]
        })
        .collect();
    let (mut scratch, mut out) = (Vec::new(), Vec::new());
    net.logits(&input, &mut scratch, &mut out);
    assert_eq!(out, expected);
}

#[test]
fn the_policy_plays_its_best_legal_action_and_only_legal_ones() {
    let game = Tables::backgammon();
    let net = std::sync::Arc::new(net_for(&game, 16, 4));
    let mut player = PolicyPlayer::new(&game, net.clone(), 9, 0.0).unwrap();
    let mut warm = PolicyPlayer::new(&game, net, 9, 1.0).unwrap();
    let mut rng = SplitMix64::new(5);
    let mut state = game.new_initial_state();
    let mut decisions = 0;
    while game.node(&state) != Node::Terminal && decisions < 300 {
        if game.node(&state) == Node::Chance {
            let a = game.sample_chance(&state, rng.next_f64()).unwrap();
            game.apply(&mut state, a).unwrap();
            continue;
        }
        let a = Player::<Tables>::act(&mut player, &game, &state).unwrap();
        let b = Player::<Tables>::act(&mut warm, &game, &state).unwrap();
        assert!(game.is_legal(&state, a) && game.is_legal(&state, b));
        assert_eq!(b, Player::<Tables>::act(&mut warm, &game, &state).unwrap());
        game.apply(&mut state, a).unwrap();
        decisions += 1;
    }
    assert!(decisions > 10);
}

#[test]
fn a_policy_for_another_game_is_refused() {
    let seys = Tables::seys_dos_e_as();
    let net = std::sync::Arc::new(net_for(&Tables::backgammon(), 4, 6));
    assert!(matches!(
        PolicyPlayer::new(&seys, net, 0, 0.0),
        Err(PolicyError::Mismatch(_))
    ));
}

/// An afterstate net for `game`: one hidden layer, one score.
fn afterstate_net_for(game: &Tables, hidden: usize, seed: u64) -> PolicyNet {
    let mut net = net_for(game, hidden, seed);
    let mut rng = SplitMix64::new(seed ^ 0xA5);
    let weights = (0..hidden).map(|_| rng.next_f64() as f32 - 0.5).collect();
    net.layers[1] = Layer::new(hidden, 1, weights, vec![0.25]);
    net.kind = PolicyKind::Afterstates;
    net
}

/// Where the `u32` kind sits in a net file: after magic and version.
const KIND_AT: usize = 8;

/// The legacy `RGPL` bytes of `net` in `version` 1 (no kind) or 2.
fn legacy_bytes(net: &PolicyNet, version: u32) -> Vec<u8> {
    let mut out = b"RGPL".to_vec();
    let put = |x: usize, out: &mut Vec<u8>| out.extend_from_slice(&(x as u32).to_le_bytes());
    put(version as usize, &mut out);
    put(net.game.len(), &mut out);
    out.extend_from_slice(net.game.as_bytes());
    put(net.observation_len, &mut out);
    put(net.num_actions, &mut out);
    if version >= 2 {
        let code = match net.kind {
            PolicyKind::Actions => 0,
            PolicyKind::Afterstates => 1,
            PolicyKind::Turns => 2,
        };
        put(code, &mut out);
    }
    put(net.layers.len(), &mut out);
    for layer in &net.layers {
        put(layer.inputs, &mut out);
        put(layer.outputs, &mut out);
        for x in layer.weights.iter().chain(&layer.bias) {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
    out
}

#[test]
fn an_afterstate_policy_file_round_trips_with_its_kind() {
    let game = Tables::backgammon();
    let net = afterstate_net_for(&game, 16, 11);
    let bytes = net.to_bytes();
    assert_eq!(bytes[..4], *b"RGNF");
    assert_eq!(bytes[4..8], VERSION.to_le_bytes());
    assert_eq!(bytes[KIND_AT..KIND_AT + 4], 2u32.to_le_bytes());
    let read = PolicyNet::from_bytes(&bytes).unwrap();
    assert_eq!(read.kind(), PolicyKind::Afterstates);
    assert_eq!(read, net);
    assert_eq!(read.to_bytes(), bytes);
    // Whole turns, the same way.
    let turns = PolicyNet {
        kind: PolicyKind::Turns,
        ..net
    };
    let bytes = turns.to_bytes();
    assert_eq!(bytes[KIND_AT..KIND_AT + 4], 3u32.to_le_bytes());
    assert_eq!(PolicyNet::from_bytes(&bytes).as_ref(), Ok(&turns));
}

#[test]
fn legacy_rgpl_files_still_read_as_the_same_nets() {
    let game = Tables::backgammon();
    let net = net_for(&game, 16, 12);
    let v1 = legacy_bytes(&net, 1);
    let read = PolicyNet::from_bytes(&v1).unwrap();
    assert_eq!(read.kind(), PolicyKind::Actions);
    assert_eq!(read, net);
    // Written back in the current layout, which reads the same net.
    assert_eq!(read.to_bytes(), net.to_bytes());
    assert_eq!(
        PolicyNet::from_bytes(&legacy_bytes(&net, 2)).as_ref(),
        Ok(&net)
    );
    for kind in [PolicyKind::Afterstates, PolicyKind::Turns] {
        let after = PolicyNet {
            kind,
            ..afterstate_net_for(&game, 8, 13)
        };
        assert_eq!(PolicyNet::from_bytes(&legacy_bytes(&after, 2)), Ok(after));
    }
    assert_cut_and_longer_files_are_errors(&legacy_bytes(&net, 2));
}

#[test]
fn versions_other_than_1_and_2_are_refused() {
    let game = Tables::backgammon();
    let mut bytes = legacy_bytes(&net_for(&game, 4, 13), 1);
    for version in [0u32, 3, u32::MAX] {
        bytes[4..8].copy_from_slice(&version.to_le_bytes());
        let err = PolicyNet::from_bytes(&bytes).unwrap_err();
        assert!(
            matches!(err, PolicyError::File(FileError::Version { version: v, .. }) if v == version)
        );
        assert!(err.to_string().contains("versions 1 and 2"), "{err}");
    }
    let mut current = net_for(&game, 4, 13).to_bytes();
    current[4..8].copy_from_slice(&2u32.to_le_bytes());
    assert!(matches!(
        PolicyNet::from_bytes(&current),
        Err(PolicyError::File(FileError::Version { version: 2, .. }))
    ));
}

#[test]
fn the_score_is_the_single_output() {
    let game = Tables::backgammon();
    let net = afterstate_net_for(&game, 12, 14);
    let input: Vec<f32> = (0..game.observation_len())
        .map(|i| (i % 5) as f32 / 5.0)
        .collect();
    let (mut scratch, mut out, mut all) = (Vec::new(), Vec::new(), Vec::new());
    let score = net.score(&input, &mut scratch, &mut out);
    net.logits(&input, &mut scratch, &mut all);
    assert_eq!(all.len(), game.num_distinct_actions());
    assert_eq!(score, all[0]);
    assert!(all[1..].iter().all(|&x| x == f32::MIN));
}

#[test]
fn an_afterstate_policy_plays_only_legal_actions_the_same_for_the_same_seed() {
    let game = Tables::backgammon();
    let net = std::sync::Arc::new(afterstate_net_for(&game, 16, 15));
    let mut cold = PolicyPlayer::new(&game, net.clone(), 9, 0.0).unwrap();
    let mut warm = PolicyPlayer::new(&game, net.clone(), 9, 1.0).unwrap();
    let mut twin = PolicyPlayer::new(&game, net, 9, 1.0).unwrap();
    let mut rng = SplitMix64::new(6);
    let mut state = game.new_initial_state();
    let mut decisions = 0;
    while game.node(&state) != Node::Terminal && decisions < 300 {
        if game.node(&state) == Node::Chance {
            let a = game.sample_chance(&state, rng.next_f64()).unwrap();
            game.apply(&mut state, a).unwrap();
            continue;
        }
        let a = Player::<Tables>::act(&mut cold, &game, &state).unwrap();
        let b = Player::<Tables>::act(&mut warm, &game, &state).unwrap();
        assert!(game.is_legal(&state, a) && game.is_legal(&state, b));
        assert_eq!(a, Player::<Tables>::act(&mut cold, &game, &state).unwrap());
        assert_eq!(b, Player::<Tables>::act(&mut warm, &game, &state).unwrap());
        assert_eq!(b, Player::<Tables>::act(&mut twin, &game, &state).unwrap());
        // Random positions: follow a random legal action, not the policy's.
        let mut actions = ActionBuffer::new();
        game.legal_actions_into(&state, &mut actions);
        let pick = actions[(rng.next_f64() * actions.len() as f64) as usize];
        game.apply(&mut state, pick).unwrap();
        decisions += 1;
    }
    assert!(decisions > 10);
}

#[test]
fn an_afterstate_policy_plays_the_best_afterstate_scored_by_hand() {
    let game = Tables::backgammon();
    let net = std::sync::Arc::new(afterstate_net_for(&game, 16, 16));
    let mut player = PolicyPlayer::new(&game, net.clone(), 3, 0.0).unwrap();
    let mut rng = SplitMix64::new(7);
    let (mut obs, mut returns) = (vec![0.0; game.observation_len()], vec![0.0; 2]);
    let (mut scratch, mut out) = (Vec::new(), Vec::new());
    let (mut decisions, mut terminal) = (0, 0);
    for _ in 0..20 {
        let mut state = game.new_initial_state();
        while game.node(&state) != Node::Terminal {
            let Node::Decision(me) = game.node(&state) else {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
                continue;
            };
            let mut actions = ActionBuffer::new();
            game.legal_actions_into(&state, &mut actions);
            let scores: Vec<f32> = actions
                .iter()
                .map(|&a| {
                    let mut after = state;
                    game.apply(&mut after, a).unwrap();
                    if game.node(&after) == Node::Terminal {
                        terminal += 1;
                        game.returns(&after, &mut returns).unwrap();
                        assert!(returns[me.index()] > 0.0, "the mover wins");
                        TERMINAL_SCORE * returns[me.index()] as f32
                    } else {
                        game.observe(&after, me, &mut obs).unwrap();
                        net.score(&obs, &mut scratch, &mut out)
                    }
                })
                .collect();
            let mut best = 0;
            for k in 1..scores.len() {
                if scores[k] > scores[best] {
                    best = k;
                }
            }
            let chosen = Player::<Tables>::act(&mut player, &game, &state).unwrap();
            assert_eq!(chosen, actions[best]);
            assert_eq!(player.logits, scores);
            decisions += 1;
            let pick = actions[(rng.next_f64() * actions.len() as f64) as usize];
            game.apply(&mut state, pick).unwrap();
        }
        if terminal > 0 {
            break;
        }
    }
    assert!(decisions > 10 && terminal > 0, "{decisions} {terminal}");
}

#[test]
fn a_bad_afterstate_policy_file_is_refused() {
    let game = Tables::backgammon();
    // Two outputs for one score.
    let mut two = net_for(&game, 8, 17);
    let mut rng = SplitMix64::new(1);
    let weights = (0..16).map(|_| rng.next_f64() as f32).collect();
    two.layers[1] = Layer::new(8, 2, weights, vec![0.0; 2]);
    two.kind = PolicyKind::Afterstates;
    assert!(matches!(
        PolicyNet::from_bytes(&two.to_bytes()),
        Err(PolicyError::File(FileError::Shape(m))) if m.contains("1 score")
    ));
    // An action net with a single output is refused as kind 1.
    let net = afterstate_net_for(&game, 8, 18);
    let mut bytes = net.to_bytes();
    bytes[KIND_AT..KIND_AT + 4].copy_from_slice(&1u32.to_le_bytes());
    assert!(matches!(
        PolicyNet::from_bytes(&bytes),
        Err(PolicyError::File(FileError::Shape(_)))
    ));
    // Unknown kinds.
    for kind in [4u32, 7, u32::MAX] {
        bytes[KIND_AT..KIND_AT + 4].copy_from_slice(&kind.to_le_bytes());
        assert_eq!(
            PolicyNet::from_bytes(&bytes),
            Err(PolicyError::File(FileError::Kind(kind)))
        );
    }
    // And in the legacy layout.
    let mut legacy = legacy_bytes(&net, 2);
    let at = 4 + 4 + 4 + net.game.len() + 4 + 4;
    legacy[at..at + 4].copy_from_slice(&3u32.to_le_bytes());
    assert_eq!(
        PolicyNet::from_bytes(&legacy),
        Err(PolicyError::File(FileError::Kind(3)))
    );
}

#[test]
fn a_damaged_version_2_file_is_an_error_not_a_panic() {
    let game = Tables::backgammon();
    let bytes = afterstate_net_for(&game, 8, 19).to_bytes();
    assert_cut_and_longer_files_are_errors(&bytes);
    // Every byte changed in turn: an error or a net, never a panic.
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0xFF;
        let _ = PolicyNet::from_bytes(&bad);
    }
}

#[test]
fn a_turns_policy_heads_for_the_best_scored_end_of_its_ply() {
    let game = Tables::backgammon();
    let mut net = afterstate_net_for(&game, 16, 20);
    net.kind = PolicyKind::Turns;
    let net = std::sync::Arc::new(net);
    let mut warm = PolicyPlayer::new(&game, net.clone(), 3, 1.0).unwrap();
    let mut rng = SplitMix64::new(8);
    let (mut obs, mut returns) = (vec![0.0; game.observation_len()], vec![0.0; 2]);
    let (mut scratch, mut out) = (Vec::new(), Vec::new());
    let mut decisions = 0;
    let mut state = game.new_initial_state();
    while decisions < 200 {
        let me = match game.node(&state) {
            Node::Terminal => {
                state = game.new_initial_state();
                continue;
            }
            Node::Chance => {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
                continue;
            }
            Node::Decision(me) => me,
        };
        let ends = crate::ply::ply_ends(&game, &state);
        let scores: Vec<f32> = ends
            .ends
            .iter()
            .map(|end| {
                if game.node(&end.state) == Node::Terminal {
                    game.returns(&end.state, &mut returns).unwrap();
                    TERMINAL_SCORE * returns[me.index()] as f32
                } else {
                    game.observe(&end.state, me, &mut obs).unwrap();
                    net.score(&obs, &mut scratch, &mut out)
                }
            })
            .collect();
        let best =
            (0..scores.len()).fold(0, |best, k| if scores[k] > scores[best] { k } else { best });
        // A fresh player (no plan yet) starts towards the best end, and
        // then follows it to that end.
        let mut player = PolicyPlayer::new(&game, net.clone(), 3, 0.0).unwrap();
        let mut played = state;
        while game.node(&played) == Node::Decision(me) {
            let a = Player::<Tables>::act(&mut player, &game, &played).unwrap();
            if played == state {
                assert_eq!(a, ends.ends[best].actions[0]);
                assert_eq!(player.logits, scores);
            }
            game.apply(&mut played, a).unwrap();
        }
        assert_eq!(played, ends.ends[best].state);
        let sampled = Player::<Tables>::act(&mut warm, &game, &state).unwrap();
        assert!(game.is_legal(&state, sampled));
        decisions += 1;
        let mut actions = ActionBuffer::new();
        game.legal_actions_into(&state, &mut actions);
        let pick = actions[(rng.next_f64() * actions.len() as f64) as usize];
        game.apply(&mut state, pick).unwrap();
    }
}

/// Same seed and state, same action, also in the middle of a sampled ply:
/// a player that has played the turn so far agrees with a fresh one.
#[test]
fn a_turns_policy_chooses_from_the_state_alone() {
    let game = Tables::seys_dos_e_as();
    let mut net = afterstate_net_for(&game, 16, 21);
    net.kind = PolicyKind::Turns;
    let net = std::sync::Arc::new(net);
    let mut playing = PolicyPlayer::new(&game, net.clone(), 5, 1.0).unwrap();
    let mut rng = SplitMix64::new(2);
    let mut state = game.new_initial_state();
    let mut within_turn = 0;
    for _ in 0..400 {
        match game.node(&state) {
            Node::Terminal => state = game.new_initial_state(),
            Node::Chance => {
                let a = game.sample_chance(&state, rng.next_f64()).unwrap();
                game.apply(&mut state, a).unwrap();
            }
            Node::Decision(me) => {
                let mut fresh = PolicyPlayer::new(&game, net.clone(), 5, 1.0).unwrap();
                let a = Player::<Tables>::act(&mut playing, &game, &state).unwrap();
                assert_eq!(Player::<Tables>::act(&mut fresh, &game, &state).unwrap(), a);
                game.apply(&mut state, a).unwrap();
                within_turn += usize::from(game.node(&state) == Node::Decision(me));
            }
        }
    }
    assert!(within_turn > 20, "{within_turn}");
}

/// The loader reads regular files only, checks the magic bytes before the
/// size, and the size before reading.
#[test]
fn the_file_reader_refuses_what_is_not_a_small_policy_file() {
    use super::read_policy_file;
    use std::path::Path;
    let dir = std::env::temp_dir().join(format!("rgpl-reader-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert!(read_policy_file(&dir)
        .unwrap_err()
        .to_string()
        .contains("not a regular file"));
    assert!(read_policy_file(Path::new("/dev/zero"))
        .unwrap_err()
        .to_string()
        .contains("not a regular file"));
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        assert!(read_policy_file(&fifo)
            .unwrap_err()
            .to_string()
            .contains("not a regular file"));
    }
    // Large files, sparse: not read whole.
    let big = dir.join("big");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(3 << 30).unwrap();
    assert!(read_policy_file(&big)
        .unwrap_err()
        .to_string()
        .contains("not a racegames policy file"));
    std::fs::write(&big, b"RGPL").unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(super::MAX_FILE_BYTES + 1)
        .unwrap();
    let e = read_policy_file(&big).unwrap_err();
    assert!(matches!(e, super::ReadFileError::TooLarge { .. }), "{e:?}");
    assert!(e.to_string().contains("more than"));
    let short = dir.join("short");
    std::fs::write(&short, b"RG").unwrap();
    assert!(read_policy_file(&short)
        .unwrap_err()
        .to_string()
        .contains("not a racegames policy file"));
    std::fs::remove_dir_all(&dir).unwrap();
}

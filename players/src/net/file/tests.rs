use super::*;
use crate::net::Mlp;
use crate::policy::PolicyNet;

fn policy_file(kind: PolicyKind) -> NetFile {
    let last = if kind == PolicyKind::Actions { 3 } else { 1 };
    NetFile {
        kind: NetKind::Policy(kind),
        game: "daldos".into(),
        encoding: OBSERVATION.into(),
        inputs: 4,
        actions: 3,
        trained_games: 0,
        layers: vec![
            DenseLayer {
                inputs: 4,
                outputs: 2,
                weights: vec![0.5, -1.0, 0.25, 2.0, -0.5, 1.5, 0.0, 1.0],
                bias: vec![0.1, -0.1],
            },
            DenseLayer {
                inputs: 2,
                outputs: last,
                weights: (0..2 * last).map(|k| k as f32 - 1.5).collect(),
                bias: vec![0.5; last],
            },
        ],
    }
}

/// The legacy `RGNT` bytes of `net`, as the old writer laid them out:
/// input-to-hidden weights by input.
fn legacy_value_bytes(net: &Mlp) -> Vec<u8> {
    let file = net.to_file();
    let (first, second) = (&file.layers[0], &file.layers[1]);
    let mut out = b"RGNT".to_vec();
    out.extend_from_slice(&1u32.to_le_bytes());
    for text in [&file.game, &file.encoding] {
        out.extend_from_slice(&(text.len() as u32).to_le_bytes());
        out.extend_from_slice(text.as_bytes());
    }
    for n in [file.inputs, first.outputs, second.outputs] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    out.extend_from_slice(&file.trained_games.to_le_bytes());
    for i in 0..first.inputs {
        for j in 0..first.outputs {
            out.extend_from_slice(&first.weights[j * first.inputs + i].to_le_bytes());
        }
    }
    for x in first.bias.iter().chain(&second.weights).chain(&second.bias) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

#[test]
fn each_kind_round_trips() {
    let value = Mlp::new_random("backgammon", "tables-v1", [6, 4, 5], 3, 0.5)
        .unwrap()
        .to_file();
    let kinds = [
        PolicyKind::Actions,
        PolicyKind::Afterstates,
        PolicyKind::Turns,
    ];
    for file in std::iter::once(value).chain(kinds.map(policy_file)) {
        let bytes = file.to_bytes();
        assert_eq!(bytes[..4], MAGIC);
        assert_eq!(bytes[8..12], file.kind.code().to_le_bytes());
        let read = NetFile::from_bytes(&bytes).unwrap();
        assert_eq!(read, file);
        assert_eq!(read.to_bytes(), bytes);
        assert_eq!(NetKind::from_code(file.kind.code()), Ok(file.kind));
    }
}

#[test]
fn a_legacy_value_file_gives_the_same_outputs() {
    let net = Mlp::new_random("backgammon", "tables-v1", [7, 5, 5], 11, 0.8).unwrap();
    let legacy = legacy_value_bytes(&net);
    let read = Mlp::from_bytes(&legacy).unwrap();
    assert_eq!(read, net);
    let x = [0.0, 1.0, 0.5, 0.0, -1.0, 2.0, 0.25];
    let (mut h, mut a, mut b) = ([0.0; 5], [0.0; 5], [0.0; 5]);
    net.forward(&x, &mut h, &mut a);
    read.forward(&x, &mut h, &mut b);
    assert_eq!(a, b);
    // Rewritten in the current layout, the same net again.
    let current = read.to_bytes();
    assert_eq!(current[..4], MAGIC);
    assert_eq!(Mlp::from_bytes(&current), Ok(net));
    // Damaged legacy files are refused, not misread.
    for cut in 0..legacy.len() {
        assert!(NetFile::from_bytes(&legacy[..cut]).is_err(), "cut at {cut}");
    }
    let mut v2 = legacy;
    v2[4] = 2;
    assert!(matches!(
        NetFile::from_bytes(&v2),
        Err(FileError::Version { magic: "RGNT", .. })
    ));
}

#[test]
fn the_shipped_nets_are_value_files_in_the_current_layout() {
    for bytes in [
        &include_bytes!("../../../nets/backgammon.net")[..],
        &include_bytes!("../../../nets/seys_dos_e_as.net")[..],
        &include_bytes!("../../../nets/daldos.net")[..],
    ] {
        assert_eq!(bytes[..4], MAGIC);
        assert_eq!(NetFile::from_bytes(bytes).unwrap().kind, NetKind::Value);
        assert_eq!(Mlp::from_bytes(bytes).unwrap().to_bytes(), bytes);
    }
}

#[test]
fn a_value_net_is_not_a_policy_nor_a_policy_a_value_net() {
    let value = Mlp::new_random("backgammon", "tables-v1", [3, 2, 1], 1, 0.5).unwrap();
    assert!(PolicyNet::from_bytes(&value.to_bytes()).is_err());
    let policy = policy_file(PolicyKind::Actions).to_bytes();
    assert!(Mlp::from_bytes(&policy).is_err());
    assert!(PolicyNet::from_bytes(&policy).is_ok());
}

#[test]
fn bad_shapes_are_refused_with_a_reason() {
    let mut file = policy_file(PolicyKind::Actions);
    file.layers[1].inputs = 3;
    assert!(matches!(
        NetFile::from_bytes(&file.to_bytes()),
        Err(FileError::Shape(_)) | Err(FileError::Truncated) | Err(FileError::TrailingBytes(_))
    ));
    assert!(matches!(file.check(), Err(FileError::Shape(_))));
    let mut value = policy_file(PolicyKind::Actions);
    value.kind = NetKind::Value;
    assert!(matches!(value.check(), Err(FileError::Shape(m)) if m.contains("no actions")));
    let mut long = policy_file(PolicyKind::Turns);
    long.game = "x".repeat(MAX_TEXT + 1);
    assert_eq!(
        NetFile::from_bytes(&long.to_bytes()),
        Err(FileError::BadText("game name"))
    );
    assert_eq!(NetFile::from_bytes(b"RGN"), Err(FileError::Magic));
    assert_eq!(NetFile::from_bytes(b"ABCDEFGH"), Err(FileError::Magic));
}

#[test]
fn the_disk_reader_takes_every_magic_and_refuses_others() {
    let dir = std::env::temp_dir().join(format!("rg-netfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.net");
    std::fs::write(&good, policy_file(PolicyKind::Turns).to_bytes()).unwrap();
    assert_eq!(
        NetFile::from_path(&good).unwrap(),
        policy_file(PolicyKind::Turns)
    );
    let bad = dir.join("bad.net");
    std::fs::write(&bad, b"XXXX1234").unwrap();
    let e = read_net_file(&bad).unwrap_err();
    assert!(
        matches!(
            e,
            super::ReadFileError::Content {
                error: FileError::Magic,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("no RGNF magic"));
    let e = NetFile::from_path(&dir).unwrap_err();
    assert!(matches!(e, super::ReadFileError::NotAFile { .. }), "{e:?}");
    assert!(e.to_string().contains("not a regular file"));
    let e = NetFile::from_path(&dir.join("missing.net")).unwrap_err();
    assert!(matches!(e, super::ReadFileError::Io { .. }), "{e:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

proptest::proptest! {
    #[test]
    fn no_bytes_make_the_reader_panic(bytes in proptest::collection::vec(0u8..=255, 0..300)) {
        let _ = NetFile::from_bytes(&bytes);
    }

    #[test]
    fn no_bytes_after_a_magic_make_the_reader_panic(
        magic in 0usize..3,
        version in 0u32..4,
        rest in proptest::collection::vec(0u8..=255, 0..300),
    ) {
        let mut bytes = [MAGIC, LEGACY_VALUE_MAGIC, LEGACY_POLICY_MAGIC][magic].to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&rest);
        let _ = NetFile::from_bytes(&bytes);
        let _ = Mlp::from_bytes(&bytes);
        let _ = PolicyNet::from_bytes(&bytes);
    }

    #[test]
    fn every_changed_byte_is_read_or_refused(at in 0usize..120, value in 0u8..=255) {
        let bytes = policy_file(PolicyKind::Actions).to_bytes();
        let mut bad = bytes.clone();
        let at = at % bad.len();
        bad[at] = value;
        if let Ok(file) = NetFile::from_bytes(&bad) {
            proptest::prop_assert_eq!(file.to_bytes(), bad);
        }
    }
}

#[test]
fn an_unchecked_file_is_refused_by_both_nets_not_a_panic() {
    let mut file = policy_file(PolicyKind::Actions);
    file.layers[0].weights.extend([1.0; 9]);
    assert!(PolicyNet::from_file(file.clone()).is_err());
    file.kind = NetKind::Value;
    file.actions = 0;
    assert!(Mlp::from_file(file.clone()).is_err());
    file.layers[0].weights.truncate(3);
    assert!(Mlp::from_file(file).is_err());
}

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use proptest::prelude::*;

use super::read::is_label;
use super::*;

fn moves(g: &RecordText) -> Vec<&str> {
    g.moves.iter().map(|m| m.text.as_str()).collect()
}

#[test]
fn a_file_of_two_games_reads_with_tags_moves_and_comments() {
    let text = "[Game \"backgammon\"]\n[max_turns \"500\"]\n[PlayerA \"say \\\"hi\\\" \\\\\"]\n\n\
                roll-off A1 B6\n1. B: 6:17-23; {forced} 1:1-2\n2. A: roll 53; 3:24-21 {end}\n\n\
                [Game \"halma\"]\n1. A: b4-c5\n";
    let games = read(text).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.tag("PlayerA"), Some("say \"hi\" \\"));
    assert_eq!(g.params(), [("max_turns", ParamValue::Int(500))]);
    assert_eq!(
        moves(g),
        ["roll-off A1 B6", "6:17-23", "1:1-2", "roll 53", "3:24-21"]
    );
    assert_eq!((g.moves[1].line, g.moves[1].column), (6, 7));
    let comments: Vec<(usize, &str)> = g
        .comments
        .iter()
        .map(|c| (c.before, c.text.as_str()))
        .collect();
    assert_eq!(comments, [(2, "forced"), (5, "end")]);
    assert_eq!((games[1].line, moves(&games[1])), (9, alloc::vec!["b4-c5"]));
}

#[test]
fn errors_name_line_and_column() {
    for (text, line, column) in [
        ("1. A: b4-c5", 1, 1),
        ("[Game \"x\"", 1, 10),
        ("[Game \"x\"] extra", 1, 12),
        ("[\"x\"]", 1, 2),
        ("[Game \"x\\n\"]", 1, 10),
        ("[Game \"x\"]\n\nb4 {open\n c5", 3, 4),
        ("[Game \"x\"]\n b4 }", 2, 5),
        ("[Game \"x\"]\n[Bad\"x\"]\n[Game x]", 3, 7),
    ] {
        let e = read(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    }
}

#[test]
fn labels_are_turn_numbers_and_seats_only() {
    assert!(is_label("12. A: x") && is_label("A: x") && is_label("3."));
    assert!(!is_label("6:17-23") && !is_label("A starts") && !is_label("1.5") && !is_label("a: x"));
}

#[test]
fn unwritable_tags_and_comments_are_refused() {
    let game = Toy;
    let mut rec = Record::for_game("toy", &[]);
    rec.set_tag("Bad Name", "x");
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadTag(_))));
    let mut rec = Record::for_game("toy", &[]);
    rec.set_tag("Event", "two\nlines");
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadTag(_))));
    let mut rec = Record::for_game("toy", &[]);
    rec.comments.push(Comment {
        before: 0,
        text: "a } b".to_string(),
    });
    assert!(matches!(rec.to_text(&game), Err(WriteError::BadComment(_))));
    assert!(matches!(
        Record::default().to_text(&game),
        Err(WriteError::BadTag(_))
    ));
}

/// A counting game: each player in turn adds 1 or 2; 6 or more wins.
/// Decisions only, enough to test the writer and reader together.
#[derive(Clone, Copy, Debug)]
pub(super) struct Toy;

impl Game for Toy {
    type State = (u8, u8);
    fn name(&self) -> &'static str {
        "toy"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        2
    }
    fn max_chance_outcomes(&self) -> usize {
        0
    }
    fn max_legal_actions(&self) -> usize {
        2
    }
    fn min_utility(&self) -> f64 {
        -1.0
    }
    fn max_utility(&self) -> f64 {
        1.0
    }
    fn observation_shape(&self) -> &[usize] {
        &[1]
    }
    fn new_initial_state(&self) -> (u8, u8) {
        (0, 0)
    }
    fn node(&self, s: &(u8, u8)) -> Node {
        if s.0 >= 6 {
            Node::Terminal
        } else {
            Node::Decision(crate::Seat::new(s.1 % 2))
        }
    }
    fn turn_owner(&self, s: &(u8, u8)) -> Option<crate::Seat> {
        (s.0 < 6).then(|| crate::Seat::new(s.1 % 2))
    }
    fn turn_count(&self, s: &(u8, u8)) -> u32 {
        u32::from(s.1)
    }
    fn is_truncated(&self, _: &(u8, u8)) -> bool {
        false
    }
    fn chance_outcomes(&self, _: &(u8, u8), _: impl FnMut(Action, f64)) {}
    fn legal_actions(&self, s: &(u8, u8), mut f: impl FnMut(Action)) {
        if s.0 < 6 {
            f(0);
            f(1);
        }
    }
    fn is_legal(&self, s: &(u8, u8), a: Action) -> bool {
        s.0 < 6 && a < 2
    }
    fn apply(&self, s: &mut (u8, u8), a: Action) -> Result<(), IllegalAction> {
        if !self.is_legal(s, a) {
            return Err(IllegalAction::NotLegal { action: a });
        }
        *s = (s.0 + a as u8 + 1, s.1 + 1);
        Ok(())
    }
    fn returns(&self, s: &(u8, u8), out: &mut [f64]) -> Result<(), crate::ReturnsError> {
        crate::ReturnsError::check(2, out)?;
        out.fill(0.0);
        if s.0 >= 6 {
            let last = usize::from((s.1 + 1) % 2);
            out[last] = 1.0;
            out[1 - last] = -1.0;
        }
        Ok(())
    }
    fn observe(
        &self,
        s: &(u8, u8),
        _: crate::Seat,
        out: &mut [f32],
    ) -> Result<(), crate::ObservationError> {
        out[0] = f32::from(s.0);
        Ok(())
    }
    fn write_action(&self, _: &(u8, u8), a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "add {}", a + 1)
    }
    fn write_notation(&self, s: &(u8, u8), out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{} {}", s.0, s.1)
    }
    fn parse_notation(&self, text: &str) -> Result<(u8, u8), ParseError> {
        let bad = ParseError::new("toy", 0, crate::notation::Problem::BadNumber);
        let (a, b) = text.split_once(' ').ok_or(bad)?;
        Ok((a.parse().map_err(|_| bad)?, b.parse().map_err(|_| bad)?))
    }
}

#[test]
fn a_finished_game_says_who_won_and_an_illegal_move_is_named() {
    let mut rec = Record::for_game("toy", &[]);
    rec.actions = alloc::vec![1, 1, 0, 1];
    let end = rec.replay(&Toy).unwrap();
    rec.finish(&Toy, &end, false);
    assert_eq!(rec.tag("Result"), Some("B"));
    assert_eq!(rec.tag("Returns"), Some("-1 1"));
    assert_eq!(rec.tag("Termination"), Some("win"));
    let text = rec.to_text(&Toy).unwrap();
    let mut unchecked = String::new();
    rec.write_unchecked(&Toy, &mut unchecked).unwrap();
    assert_eq!(unchecked, text);
    assert!(
        text.contains("\n1. A: add 2\n2. B: add 2\n3. A: add 1\n4. B: add 2\n\n"),
        "{text}"
    );
    rec.actions.push(0);
    let e = rec.replay(&Toy).unwrap_err();
    assert!(matches!(e, ReplayError::Illegal { index: 4, .. }));
    assert!(
        e.to_string()
            .starts_with("move 5 (add 1, action 0) is illegal"),
        "{e}"
    );
    let mut start = Record::for_game("toy", &[]);
    start.set_tag("Position", "5 3");
    start.actions.push(0);
    assert_eq!(start.replay(&Toy), Ok((6, 4)));
}

fn tag_value() -> impl Strategy<Value = String> {
    "[ -~\u{e6}\u{f8}]{0,12}"
}

proptest! {
    /// Any record of legal moves with any tags and comments reads back
    /// equal to itself.
    #[test]
    fn write_then_read_gives_the_same_record(
        actions in proptest::collection::vec(0u32..2, 0..6),
        values in proptest::collection::vec(tag_value(), 0..4),
        comments in proptest::collection::vec((0usize..8, "[^}]{0,10}"), 0..4),
    ) {
        let mut rec = Record::for_game("toy", &[("max", ParamValue::Int(6))]);
        for (i, v) in values.iter().enumerate() {
            rec.set_tag(&alloc::format!("Tag{i}"), v.clone());
        }
        let mut state = Toy.new_initial_state();
        for a in actions {
            if Toy.apply(&mut state, a).is_ok() {
                rec.actions.push(a);
            }
        }
        let mut comments: Vec<Comment> = comments
            .into_iter()
            .map(|(b, text)| Comment { before: b.min(rec.actions.len()), text })
            .collect();
        comments.sort_by_key(|c| c.before);
        rec.comments = comments;
        rec.finish(&Toy, &state, false);
        let text = rec.to_text(&Toy).unwrap();
        let twice = alloc::format!("{text}{text}");
        let games = read(&twice).unwrap();
        prop_assert_eq!(games.len(), 2);
        for g in &games {
            prop_assert_eq!(&g.to_record(&Toy).unwrap(), &rec);
        }
    }

    /// Reading never panics, whatever the text.
    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,80}", extra in "[\\[\\]{};\"\\\\\n A-Za-z0-9.:]{0,60}") {
        let _ = read(&text);
        if let Ok(games) = read(&extra) {
            for g in games {
                let _ = g.to_record(&Toy);
            }
        }
    }
}

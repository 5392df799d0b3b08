//! The one-line notation (`docs/games/tables.md`) and the move strings.
//!
//! `<points> <waiting> <off> <turn> <dice> <turns>`; see the crate docs.

use core::fmt;

use racegames_board::notation::{parse_u32, Fields, ParseError, Problem, StackString};
use racegames_board::{Action, Seat};

use crate::action::{Move, Source};
use crate::game::Tables;
use crate::position::{Phase, Position, AGAIN, A_WON, DRAWN, NO_TURN, PASSED, UNDECIDED};
use crate::variant::{Doubles, ExtraThrow, Mode, Reentry, RollOff, UnusableDie, QUARTERS};

/// A position written in its notation: `format!("{}", game.notation(&pos))`.
#[derive(Clone, Copy, Debug)]
pub struct NotationDisplay<'a> {
    game: &'a Tables,
    pos: &'a Position,
}

impl fmt::Display for NotationDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.write_notation_text(self.pos, f)
    }
}

/// A move written as its string: `format!("{}", game.move_text(&pos, mv))`.
#[derive(Clone, Copy, Debug)]
pub struct MoveDisplay<'a> {
    game: &'a Tables,
    pos: &'a Position,
    mv: Move,
}

impl fmt::Display for MoveDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.write_move(self.pos, self.mv, f)
    }
}

fn err(field: &'static str, offset: usize, problem: Problem) -> ParseError {
    ParseError::new(field, offset, problem)
}

impl Tables {
    /// The position's notation, as a value that implements `Display`.
    pub fn notation<'a>(&'a self, pos: &'a Position) -> NotationDisplay<'a> {
        NotationDisplay { game: self, pos }
    }

    /// The string of a move in `pos`, as a value that implements `Display`.
    pub fn move_text<'a>(&'a self, pos: &'a Position, mv: Move) -> MoveDisplay<'a> {
        MoveDisplay {
            game: self,
            pos,
            mv,
        }
    }

    /// Reads a position from its notation (the same as
    /// [`racegames_board::Game::parse_notation`]).
    ///
    /// ```
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0";
    /// let pos = game.parse(text).unwrap();
    /// assert_eq!(game.notation(&pos).to_string(), text);
    /// assert!(game.parse("B2,.,. - 0/0 B 31 0").is_err());
    /// ```
    pub fn parse(&self, text: &str) -> Result<Position, ParseError> {
        self.parse_notation_text(text)
    }

    pub(crate) fn write_notation_text(
        &self,
        pos: &Position,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        for (i, &v) in pos.board[..self.board_len].iter().enumerate() {
            if i > 0 {
                out.write_char(',')?;
            }
            match v {
                0 => out.write_char('.')?,
                v if v > 0 => write!(out, "A{v}")?,
                v => write!(out, "B{}", v.unsigned_abs())?,
            }
            if v != 0 && self.is_stack_point(pos, i) {
                out.write_char('^')?;
            }
        }
        out.write_char(' ')?;
        let mut any = false;
        for p in 0..2 {
            let dir = self.variant.directions[p];
            for quarter in 0..QUARTERS {
                let n = pos.waiting[p][dir.to_quarter(quarter)];
                if n > 0 {
                    if any {
                        out.write_char(',')?;
                    }
                    any = true;
                    write!(out, "{}{n}@{}", Seat::new(p as u8).letter(), quarter + 1)?;
                }
            }
        }
        if !any {
            out.write_char('-')?;
        }
        write!(out, " {}/{} ", pos.off[0], pos.off[1])?;
        match pos.turn() {
            Some(p) => out.write_char(p.letter())?,
            None => out.write_char('-')?,
        }
        // A result the board does not show (the prime, a failed throw, the
        // tie) follows the `-`.
        if pos.phase == Phase::Over && pos.result != UNDECIDED && self.board_winner(pos).is_none() {
            match pos.winner() {
                Some(w) => out.write_char(w.letter())?,
                None => out.write_char('=')?,
            }
        }
        out.write_char(' ')?;
        if pos.dice_len() == 0 {
            out.write_char('-')?;
        }
        if pos.flags & PASSED != 0 {
            out.write_char('p')?;
        }
        for &d in pos.dice() {
            write!(out, "{d}")?;
        }
        if pos.flags & AGAIN != 0 {
            out.write_char('+')?;
        }
        write!(out, " {}", pos.turns)
    }

    /// Doblet: true when point index `i` holds a doubled stack of its owner.
    fn is_stack_point(&self, pos: &Position, i: usize) -> bool {
        if self.variant.mode != Mode::Doblet {
            return false;
        }
        let p = usize::from(pos.board[i] < 0);
        let r = self.point_to_route[p][i];
        usize::from(r) < self.qlen && pos.stacks[p] & (1 << r) != 0
    }

    pub(crate) fn parse_notation_text(&self, text: &str) -> Result<Position, ParseError> {
        let mut fields = Fields::new(text);
        let mut pos = Position::EMPTY;

        let (points, points_at) = fields.next_field("points")?;
        let at = points_at;
        let n_points = self.board_len;
        let pieces = u32::from(self.variant.pieces);
        let mut count = 0;
        let mut offset = at;
        for entry in points.split(',') {
            if count >= n_points {
                return Err(err(
                    "points",
                    offset,
                    Problem::WrongLength {
                        expected: n_points,
                        found: points.split(',').count(),
                    },
                ));
            }
            let (v, stacked) = parse_point(entry, offset, pieces)?;
            let owner = usize::from(v < 0);
            if v != 0 && self.point_to_route[owner][count] == crate::game::OFF_ROUTE {
                return Err(err(
                    "points",
                    offset,
                    Problem::Invalid("the owner's route does not pass this point"),
                ));
            }
            pos.board[count] = v;
            if stacked {
                self.read_stack(&mut pos, count, offset)?;
            }
            count += 1;
            offset += entry.len() + 1;
        }
        if count != n_points {
            return Err(err(
                "points",
                at,
                Problem::WrongLength {
                    expected: n_points,
                    found: count,
                },
            ));
        }

        let (waiting, at) = fields.next_field("waiting")?;
        if waiting != "-" {
            let mut last: Option<(usize, usize)> = None;
            let mut offset = at;
            for entry in waiting.split(',') {
                let (p, n, quarter) = parse_waiting(entry, offset, pieces)?;
                if last.is_some_and(|l| l >= (p, quarter)) {
                    return Err(err(
                        "waiting",
                        offset,
                        Problem::Invalid(
                            "entries must be sorted by letter, then quarter, once each",
                        ),
                    ));
                }
                last = Some((p, quarter));
                let q = self.variant.directions[p].to_quarter(quarter);
                let allowed = (self.variant.reentry == Reentry::Opposite
                    && q * self.qlen < self.route_len)
                    || q == 0
                    || self.variant.setup.iter().any(|s| s.waiting[q] > 0);
                if !allowed {
                    return Err(err(
                        "waiting",
                        offset,
                        Problem::Invalid("no piece of this player ever waits for that quarter"),
                    ));
                }
                pos.waiting[p][q] = n;
                offset += entry.len() + 1;
            }
        }

        let (off, off_at) = fields.next_field("off")?;
        let at = off_at;
        let Some((a, b)) = off.split_once('/') else {
            return Err(err(
                "off",
                at,
                Problem::Invalid("expected <A's count>/<B's count>"),
            ));
        };
        for (p, (t, o)) in [(a, at), (b, at + a.len() + 1)].into_iter().enumerate() {
            let n = parse_u32(t, "off", o)?;
            if n > pieces {
                return Err(err("off", o, Problem::BadNumber));
            }
            pos.off[p] = n as u8;
        }

        let (turn, turn_at) = fields.next_field("turn")?;
        let mut marked = UNDECIDED;
        pos.turn = match turn {
            "A" => 0,
            "B" => 1,
            "-" => NO_TURN,
            "-A" | "-B" | "-=" => {
                marked = match turn {
                    "-A" => A_WON,
                    "-B" => A_WON + 1,
                    _ => DRAWN,
                };
                NO_TURN
            }
            _ => {
                let c = turn
                    .chars()
                    .find(|c| !matches!(c, 'A' | 'B' | '-' | '='))
                    .unwrap_or('?');
                return Err(err("turn", turn_at, Problem::Unexpected(c)));
            }
        };

        let (dice, dice_at) = fields.next_field("dice")?;
        self.read_dice(&mut pos, dice, dice_at)?;

        let turns_at = text.len();
        pos.turns = match fields.next_optional() {
            Some((t, at)) => parse_u32(t, "turns", at)?,
            None => 0,
        };
        fields.finish()?;

        // Meaning.
        let empty = pos.board.iter().all(|&v| v == 0)
            && pos.waiting == [[0; QUARTERS]; 2]
            && pos.off == [0, 0];
        let counts_ok = self.check_counts(&pos) || (empty && !self.setup_first);
        if !counts_ok {
            return Err(err(
                "points",
                points_at,
                Problem::Invalid(
                    "each player must have all its pieces on points, waiting or borne off",
                ),
            ));
        }
        let winners = (0..2)
            .filter(|&p| {
                pos.off[p] >= self.variant.pieces
                    || (self.variant.goal == crate::variant::Goal::FillLastQuarter
                        && self.side(&pos, Seat::new(p as u8)).filled(self))
            })
            .count();
        if winners > 1 {
            return Err(err(
                "off",
                off_at,
                Problem::Invalid("both players have reached their goal"),
            ));
        }
        let board_winner = self.board_winner(&pos);
        let limit = self.variant.max_turns;
        let at_limit = limit > 0 && pos.turns >= limit;
        if pos.turn == NO_TURN {
            if pos.dice_len() > 0 || pos.flags != 0 {
                return Err(err(
                    "dice",
                    dice_at,
                    Problem::Invalid("no dice without a player to move"),
                ));
            }
            let initial = self.initial;
            if marked != UNDECIDED {
                if board_winner.is_some() {
                    return Err(err(
                        "turn",
                        turn_at,
                        Problem::Invalid("the board already shows the winner: the turn must be -"),
                    ));
                }
                self.finish(&mut pos, marked);
            } else if let Some(w) = board_winner {
                self.win(&mut pos, w);
            } else if pos.turns == 0
                && pos.board == initial.board
                && pos.waiting == initial.waiting
                && pos.off == initial.off
                && pos.stacks == initial.stacks
            {
                pos.phase = Phase::RollOff;
            } else if at_limit {
                pos.phase = Phase::Over;
            } else {
                return Err(err(
                    "turn",
                    turn_at,
                    Problem::Invalid(
                        "no player to move, but the game is neither over nor before its roll-off",
                    ),
                ));
            }
        } else {
            if empty {
                return Err(err(
                    "points",
                    points_at,
                    Problem::Invalid("the pieces are not set up"),
                ));
            }
            if board_winner.is_some() {
                return Err(err(
                    "turn",
                    turn_at,
                    Problem::Invalid("the game is over: the turn must be -"),
                ));
            }
            if at_limit {
                return Err(err(
                    "turns",
                    turns_at,
                    Problem::Invalid("the turn limit is reached: the turn must be -"),
                ));
            }
            if pos.dice_len() == 0 {
                if pos.flags != 0 {
                    return Err(err(
                        "dice",
                        dice_at,
                        Problem::Invalid("p and + go with dice to use"),
                    ));
                }
                pos.phase = Phase::Throw;
            } else {
                pos.phase = Phase::Move;
                let side = self.side(&pos, Seat::new(pos.turn));
                let n = pos.dice_len();
                pos.max_use = self.max_use(&side, &pos.dice, n, n) as u8;
                if pos.max_use == 0 {
                    return Err(err(
                        "dice",
                        dice_at,
                        Problem::Invalid("the player to move can use none of these dice"),
                    ));
                }
            }
        }
        Ok(pos)
    }

    /// Doblet: marks the stack written `^` on point index `i`.
    fn read_stack(&self, pos: &mut Position, i: usize, offset: usize) -> Result<(), ParseError> {
        let v = pos.board[i];
        let p = usize::from(v < 0);
        let r = self.point_to_route[p][i];
        if self.variant.mode != Mode::Doblet || usize::from(r) >= self.qlen || v.unsigned_abs() != 2
        {
            return Err(err(
                "points",
                offset,
                Problem::Invalid("^ marks a doubled pair on a point of its owner's first quarter, in doblet only"),
            ));
        }
        pos.stacks[p] |= 1 << r;
        Ok(())
    }

    /// Reads the dice field: `-`, or the dice highest first, after `p` when
    /// they were passed on and before `+` when an extra throw follows.
    fn read_dice(&self, pos: &mut Position, dice: &str, dice_at: usize) -> Result<(), ParseError> {
        if dice == "-" {
            return Ok(());
        }
        let mut digits = dice;
        let mut start = dice_at;
        if let Some(rest) = digits.strip_prefix('p') {
            if self.variant.unusable_die != UnusableDie::ToOpponent {
                return Err(err("dice", dice_at, Problem::Unexpected('p')));
            }
            pos.flags |= PASSED;
            digits = rest;
            start += 1;
        }
        if let Some(rest) = digits.strip_suffix('+') {
            if self.variant.extra_throw == ExtraThrow::Never || pos.flags & PASSED != 0 {
                return Err(err("dice", start + rest.len(), Problem::Unexpected('+')));
            }
            pos.flags |= AGAIN;
            digits = rest;
        }
        if digits.is_empty() || digits.len() > self.variant.max_dice() {
            return Err(err(
                "dice",
                dice_at,
                Problem::WrongLength {
                    expected: self.variant.max_dice(),
                    found: digits.chars().count(),
                },
            ));
        }
        let top = b'0' + self.variant.faces;
        for (i, c) in digits.char_indices() {
            let d = match c {
                '1'..='9' if (c as u8) <= top => c as u8 - b'0',
                _ => return Err(err("dice", start + i, Problem::Unexpected(c))),
            };
            if i > 0 && pos.dice[i - 1] < d {
                return Err(err(
                    "dice",
                    start + i,
                    Problem::Invalid("dice must be written highest first"),
                ));
            }
            pos.dice[i] = d;
        }
        let n = pos.dice_len();
        if n > self.variant.dice_thrown()
            && !(self.variant.doubles == Doubles::Twice
                && pos.dice[..n].iter().all(|&d| d == pos.dice[0]))
        {
            return Err(err(
                "dice",
                dice_at,
                Problem::Invalid("more dice than one throw gives"),
            ));
        }
        if pos.flags & AGAIN != 0 && pos.dice[..n].iter().any(|&d| d != pos.dice[0]) {
            return Err(err(
                "dice",
                dice_at,
                Problem::Invalid("+ follows what is left of a throw of equal dice"),
            ));
        }
        Ok(())
    }

    /// Writes a move as `<die>:<from>-<to>`, with points numbered as in the
    /// notation, `bar` for a waiting piece, `off` for bearing off, and `*`
    /// after a hit: `3:13-16`, `5:bar-15*`, `6:22-off`.
    pub(crate) fn write_move(
        &self,
        pos: &Position,
        mv: Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let player = pos.turn().unwrap_or(Seat::new(0));
        if self.checked_action_of(mv).is_none() {
            // A hand-made move no action of this game names (die 0, point 30).
            return write!(out, "{mv:?}");
        }
        write!(out, "{}:", mv.die)?;
        match mv.source {
            Source::Point(r) => write!(out, "{}", self.route_point(player, r as usize))?,
            Source::Waiting(_) => out.write_str("bar")?,
        }
        match self.landing(pos, player, mv) {
            None => out.write_str("-off"),
            // Doblet: the stack on the point is undone.
            Some(_) if self.variant.mode == Mode::Doblet => out.write_char('^'),
            Some(pt) => {
                write!(out, "-{}", pt + 1)?;
                let v = pos.board[pt];
                let enemy = if player.index() == 0 { v == -1 } else { v == 1 };
                if enemy && self.variant.closes_at > 1 {
                    out.write_char('*')?;
                }
                Ok(())
            }
        }
    }

    pub(crate) fn write_action_text(
        &self,
        pos: &Position,
        action: Action,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match pos.phase {
            Phase::RollOff => match self.variant.roll_off {
                RollOff::Coin if action < 2 => {
                    write!(out, "roll-off {}", Seat::new(action as u8).letter())
                }
                RollOff::OpeningThrow if (action as usize) < crate::game::OPENING_THROWS => {
                    let (a, b) = Tables::opening_throw(action as usize);
                    write!(out, "roll-off A{a} B{b}")
                }
                _ => write!(out, "outcome {action}"),
            },
            Phase::Throw => match self.throws.get(action as usize) {
                Some((faces, _)) => {
                    out.write_str("roll ")?;
                    // The dice as thrown: a double played twice shows two.
                    for &d in faces.iter().take(self.variant.dice_thrown()) {
                        write!(out, "{d}")?;
                    }
                    Ok(())
                }
                None => write!(out, "outcome {action}"),
            },
            Phase::Move | Phase::Over => match self.move_of(action) {
                Some(mv) => self.write_move(pos, mv, out),
                None => write!(out, "action {action}"),
            },
        }
    }

    pub(crate) fn parse_action_text(
        &self,
        pos: &Position,
        text: &str,
    ) -> Result<Action, ParseError> {
        let text = text.trim();
        let bare = text.strip_suffix('*').unwrap_or(text);
        let mut found = None;
        let mut check = |a: Action| {
            let mut buf = StackString::<32>::new();
            if found.is_none() && self.write_action_text(pos, a, &mut buf).is_ok() {
                let s = buf.as_str();
                if s == text || s.strip_suffix('*').unwrap_or(s) == bare {
                    found = Some(a);
                }
            }
        };
        match pos.phase {
            Phase::RollOff | Phase::Throw => {
                use racegames_board::Game;
                self.chance_outcomes(pos, |a, _| check(a));
            }
            Phase::Move => self.for_each_legal(pos, |m| check(self.action_of(m))),
            Phase::Over => {}
        }
        found.ok_or(err(
            "action",
            0,
            Problem::Invalid("no action that applies here is written this way"),
        ))
    }
}

fn parse_point(entry: &str, offset: usize, pieces: u32) -> Result<(i8, bool), ParseError> {
    if entry == "." {
        return Ok((0, false));
    }
    let (entry, stacked) = match entry.strip_suffix('^') {
        Some(e) => (e, true),
        None => (entry, false),
    };
    let mut chars = entry.chars();
    let sign = match chars.next() {
        Some('A') => 1,
        Some('B') => -1,
        Some(c) => return Err(err("points", offset, Problem::Unexpected(c))),
        None => return Err(err("points", offset, Problem::Missing)),
    };
    let n = parse_u32(&entry[1..], "points", offset + 1)?;
    if n == 0 || n > pieces {
        return Err(err("points", offset + 1, Problem::BadNumber));
    }
    Ok((sign * n as i8, stacked))
}

fn parse_waiting(
    entry: &str,
    offset: usize,
    pieces: u32,
) -> Result<(usize, u8, usize), ParseError> {
    let p = match entry.chars().next() {
        Some('A') => 0,
        Some('B') => 1,
        Some(c) => return Err(err("waiting", offset, Problem::Unexpected(c))),
        None => return Err(err("waiting", offset, Problem::Missing)),
    };
    let Some((n, q)) = entry[1..].split_once('@') else {
        return Err(err(
            "waiting",
            offset,
            Problem::Invalid("expected <letter><count>@<quarter>"),
        ));
    };
    let count = parse_u32(n, "waiting", offset + 1)?;
    if count == 0 || count > pieces {
        return Err(err("waiting", offset + 1, Problem::BadNumber));
    }
    let q_at = offset + 2 + n.len();
    let quarter = parse_u32(q, "waiting", q_at)?;
    if !(1..=4).contains(&quarter) {
        return Err(err("waiting", q_at, Problem::BadNumber));
    }
    Ok((p, count as u8, quarter as usize - 1))
}

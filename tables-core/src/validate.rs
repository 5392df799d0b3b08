//! A position from a [`Setup`] through a `Result` that says what is wrong,
//! and back; parsing is reading a `Setup`, then this.

use racegames_board::notation::{Fields, ParseError, Problem};
use racegames_board::{Seat, SetupError};

use crate::cube_setup::{CubeSetup, MatchScore};
use crate::game::{Tables, OFF_ROUTE};
use crate::position::{
    Phase, Position, AGAIN, A_WON, DRAWN, FORM_RESULT_WRITTEN, NO_TURN, PASSED, UNDECIDED,
};
use crate::setup::{Pieces, Setup, Turn};
use crate::variant::{
    BlockedEntry, DeadPosition, Doubles, ExtraThrow, Goal, Mode, Reentry, UnusableDie, QUARTERS,
};

/// The notation's fields, in order, as errors name them.
const FIELDS: [&str; 9] = [
    "points", "waiting", "off", "turn", "dice", "turns", "cube", "offer", "match",
];

fn bad(field: &'static str, reason: &'static str) -> SetupError {
    SetupError::new(field, reason)
}

/// Where `field` stands among the notation's fields (past them if unknown).
fn field_rank(field: &str) -> usize {
    FIELDS
        .iter()
        .position(|&f| f == field)
        .unwrap_or(FIELDS.len())
}

/// A setup error met reading `text`, pointing at the start of its field
/// (the end of the text for the turns, which may be left out).
pub(crate) fn locate(text: &str, e: SetupError) -> ParseError {
    let mut fields = Fields::new(text);
    let offset = FIELDS
        .iter()
        .find_map(|&name| {
            let at = fields.next_optional().map(|(_, at)| at);
            (name == e.field).then_some(at)
        })
        .flatten()
        .unwrap_or(text.len());
    ParseError::new(e.field, offset, Problem::Invalid(e.reason))
}

impl Tables {
    /// The position `setup` describes in this game, or what is wrong with
    /// it: each player has all its pieces (on points, waiting or borne off),
    /// every piece stands on its owner's route, the dice are a possible rest
    /// of a throw and can be used, and the turn fits the board (`-` for a
    /// finished game or the roll-off). Whatever it accepts, every later call
    /// works.
    ///
    /// # Errors
    ///
    /// [`SetupError`] naming the notation's field at fault.
    ///
    /// ```
    /// use racegames_tables::{Setup, Tables};
    /// let game = Tables::backgammon();
    /// let mut setup: Setup =
    ///     "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0"
    ///         .parse()
    ///         .unwrap();
    /// let pos = game.position(&setup).unwrap();
    /// assert_eq!(game.setup(&pos), setup);
    /// // Backgammon throws two dice.
    /// setup.dice = [6, 3, 1].into_iter().collect();
    /// assert_eq!(game.position(&setup).unwrap_err().field, "dice");
    /// ```
    pub fn position(&self, setup: &Setup) -> Result<Position, SetupError> {
        if let Turn::Seat(s) | Turn::Won(s) = setup.turn {
            if s.index() > 1 {
                return Err(bad("turn", "a tables game has seats A and B"));
            }
        }
        let mut pos = Position {
            form: self.initial.form,
            match_len: self.initial.match_len,
            score: self.initial.score,
            ..Position::EMPTY
        };
        self.place_points(setup, &mut pos)?;
        self.place_waiting(setup, &mut pos)?;
        if setup.off.iter().any(|&n| n > self.variant.pieces) {
            return Err(bad("off", "more pieces borne off than a player has"));
        }
        pos.off = setup.off;
        pos.turns = setup.turns;
        pos.turn = match setup.turn {
            Turn::Seat(s) => s.index() as u8,
            _ => NO_TURN,
        };
        self.place_dice(setup, &mut pos)?;
        self.check_pieces(&pos)?;
        let offer = self.place_cube(setup, &mut pos)?;
        match setup.turn {
            Turn::Seat(_) => self.settle_to_move(&mut pos)?,
            Turn::Nobody => self.settle_over(&mut pos, UNDECIDED)?,
            Turn::Won(s) => self.settle_over(&mut pos, A_WON + s.index() as u8)?,
            Turn::Drawn => self.settle_over(&mut pos, DRAWN)?,
        }
        self.settle_offer(&mut pos, offer)?;
        Ok(pos)
    }

    /// The setup of `pos`, as its notation writes it.
    ///
    /// ```
    /// use racegames_board::Game;
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// let pos = game.new_initial_state();
    /// assert_eq!(game.setup(&pos).to_string(), pos.to_string());
    /// ```
    pub fn setup(&self, pos: &Position) -> Setup {
        setup_of(pos)
    }

    /// Reads a position from its notation: [`Setup`]'s `FromStr`, then
    /// [`Tables::position`]; an error about what well-formed text means
    /// points at the start of its field. The same as
    /// [`racegames_board::Game::parse_notation`].
    ///
    /// # Errors
    ///
    /// [`ParseError`] naming the field at fault and its byte offset: text
    /// that is no notation, or a setup this game cannot be in.
    ///
    /// ```
    /// use racegames_tables::Tables;
    /// let game = Tables::backgammon();
    /// let text = "B2,.,.,.,.,A5,.,A3,.,.,.,B5,A5,.,.,.,B3,.,B5,.,.,.,.,A2 - 0/0 B 31 0";
    /// let pos = game.parse_position(text).unwrap();
    /// assert_eq!(pos.to_string(), text);
    /// assert!(game.parse_position("B2,.,. - 0/0 B 31 0").is_err());
    /// ```
    pub fn parse_position(&self, text: &str) -> Result<Position, ParseError> {
        let setup: Setup = text.parse()?;
        self.position(&setup).map_err(|e| locate(text, e))
    }

    /// The position `setup` describes in the first preset game (with its
    /// default options, in [`racegames_board::FromParams::NAMES`] order,
    /// Seys dos e as first) that can be in it: what the bare
    /// [`Position`]'s `FromStr` and serde read. A setup with the cube's
    /// fields is read in the presets that take the cube, with the cube and
    /// resignation on and the match it writes. When none can, the error of
    /// the game that read furthest into the fields.
    pub(crate) fn position_of_any_preset(setup: &Setup) -> Result<Position, SetupError> {
        let mut error: Option<SetupError> = None;
        let games = <Tables as racegames_board::FromParams>::NAMES
            .iter()
            .filter_map(|name| match &setup.cube {
                None => crate::presets::preset(name),
                Some(c) => crate::presets::cubeful_preset(name, c),
            })
            .filter_map(|variant| Tables::new(variant).ok());
        for game in games {
            match game.position(setup) {
                Ok(pos) => return Ok(pos),
                Err(e) => {
                    let further =
                        error.map_or(true, |old| field_rank(e.field) > field_rank(old.field));
                    if further {
                        error = Some(e);
                    }
                }
            }
        }
        Err(error.unwrap_or(bad("points", "no tables game can be in this position")))
    }

    /// The points: as many as the board has, each piece on its owner's
    /// route, Doblet's stacks where they can stand.
    fn place_points(&self, setup: &Setup, pos: &mut Position) -> Result<(), SetupError> {
        if setup.points.len() != self.board_len {
            return Err(bad(
                "points",
                if self.board_len == 24 {
                    "the board has 24 points"
                } else {
                    "the board has 28 points"
                },
            ));
        }
        for (i, point) in setup.points.iter().enumerate() {
            let Some(Pieces {
                seat,
                count,
                stacked,
            }) = *point
            else {
                continue;
            };
            if count == 0 || count > self.variant.pieces {
                return Err(bad("points", "a point holds 1 to the game's pieces"));
            }
            let p = seat.index();
            if p > 1 {
                return Err(bad("points", "a tables game has seats A and B"));
            }
            let r = self.point_to_route[p][i];
            if r == OFF_ROUTE {
                return Err(bad("points", "the owner's route does not pass this point"));
            }
            let sign: i8 = if p == 0 { 1 } else { -1 };
            pos.board[i] = sign * count as i8;
            if stacked {
                if self.variant.mode != Mode::Doblet || usize::from(r) >= self.qlen || count != 2 {
                    return Err(bad(
                        "points",
                        "^ marks a doubled pair on a point of its owner's first quarter, in doblet only",
                    ));
                }
                pos.stacks[p] |= 1 << r;
            }
        }
        Ok(())
    }

    /// The waiting pieces, in quarters where the game lets them wait.
    fn place_waiting(&self, setup: &Setup, pos: &mut Position) -> Result<(), SetupError> {
        for (p, quarters) in setup.waiting.iter().enumerate() {
            for (quarter, &n) in quarters.iter().enumerate().filter(|(_, &n)| n > 0) {
                if n > self.variant.pieces {
                    return Err(bad("waiting", "more pieces waiting than a player has"));
                }
                let q = self.variant.directions[p].to_quarter(quarter);
                let allowed = (self.variant.reentry == Reentry::Opposite
                    && q * self.qlen < self.route_len)
                    || q == 0
                    || self.variant.setup.iter().any(|s| s.waiting[q] > 0);
                if !allowed {
                    return Err(bad(
                        "waiting",
                        "no piece of this player ever waits for that quarter",
                    ));
                }
                pos.waiting[p][q] = n;
            }
        }
        Ok(())
    }

    /// The dice: faces of the game's dice, highest first, no more than one
    /// throw gives; `p` and `+` where the game has them.
    fn place_dice(&self, setup: &Setup, pos: &mut Position) -> Result<(), SetupError> {
        let v = &self.variant;
        if setup.passed {
            if v.unusable_die != UnusableDie::ToOpponent {
                return Err(bad(
                    "dice",
                    "dice pass to the opponent in laquet and doblet only",
                ));
            }
            pos.flags |= PASSED;
        }
        if setup.again {
            if v.extra_throw == ExtraThrow::Never || setup.passed {
                return Err(bad("dice", "+ follows a player's own throw of equal dice"));
            }
            pos.flags |= AGAIN;
        }
        let dice = &setup.dice;
        if dice.len() > v.max_dice() {
            return Err(bad("dice", "more dice than one throw gives"));
        }
        if dice.iter().any(|&d| d == 0 || d > v.faces) {
            return Err(bad("dice", "a die shows a face of the game's dice"));
        }
        if dice.windows(2).any(|w| w[0] < w[1]) {
            return Err(bad("dice", "dice must be written highest first"));
        }
        let all_equal = dice.iter().all(|&d| d == dice[0]);
        if dice.len() > v.dice_thrown() && !(v.doubles == Doubles::Twice && all_equal) {
            return Err(bad("dice", "more dice than one throw gives"));
        }
        if setup.again && !all_equal {
            return Err(bad(
                "dice",
                "+ follows what is left of a throw of equal dice",
            ));
        }
        pos.dice[..dice.len()].copy_from_slice(dice);
        Ok(())
    }

    /// Each player has all its pieces, and at most one has reached its goal.
    fn check_pieces(&self, pos: &Position) -> Result<(), SetupError> {
        let empty = self.is_empty_board(pos);
        if !(self.check_counts(pos) || (empty && !self.setup_first)) {
            return Err(bad(
                "points",
                "each player must have all its pieces on points, waiting or borne off",
            ));
        }
        let winners = (0..2)
            .filter(|&p| {
                pos.off[p] >= self.variant.pieces
                    || (self.variant.goal == Goal::FillLastQuarter
                        && self.side(pos, Seat::new(p as u8)).filled(self))
            })
            .count();
        if winners > 1 {
            return Err(bad("off", "both players have reached their goal"));
        }
        Ok(())
    }

    fn is_empty_board(&self, pos: &Position) -> bool {
        pos.board.iter().all(|&v| v == 0) && pos.waiting == [[0; QUARTERS]; 2] && pos.off == [0, 0]
    }

    /// Nobody to move: the game is over (by `result`, by the board, or at
    /// the turn limit), or the roll-off is to come.
    fn settle_over(&self, pos: &mut Position, result: u8) -> Result<(), SetupError> {
        if pos.dice_len() > 0 || pos.flags != 0 {
            return Err(bad("dice", "no dice without a player to move"));
        }
        let board_winner = self.board_winner(pos);
        let initial = &self.initial;
        let limit = self.variant.max_turns;
        if result != UNDECIDED {
            let v = &self.variant;
            // A dropped double or an accepted resignation (checked with
            // the offer).
            let by_offer = pos.offer >= crate::cube::OFFER_DOUBLE && result != DRAWN;
            let by_rule = by_offer
                || if result == DRAWN {
                    v.dead_position == DeadPosition::Draw
                } else {
                    v.blocked_entry == BlockedEntry::Lose
                        || matches!(v.unusable_die, UnusableDie::Lose | UnusableDie::LoseIfNone)
                };
            if !by_rule {
                return Err(bad(
                    "turn",
                    "no rule of this game ends it so: the turn must be -",
                ));
            }
            if board_winner.is_some() {
                return Err(bad(
                    "turn",
                    "the board already shows the winner: the turn must be -",
                ));
            }
            let offer = pos.offer;
            self.finish(pos, result);
            pos.offer = offer;
        } else if let Some(w) = board_winner {
            self.win(pos, w);
        } else if pos.turns == 0
            && pos.board == initial.board
            && pos.waiting == initial.waiting
            && pos.off == initial.off
            && pos.stacks == initial.stacks
            && pos.cube == initial.cube
        {
            pos.phase = Phase::RollOff;
        } else if limit > 0 && pos.turns >= limit {
            pos.phase = Phase::Over;
        } else {
            return Err(bad(
                "turn",
                "nobody is to move, but the game is not over, and this is not the game's opening before its roll-off",
            ));
        }
        Ok(())
    }

    /// A player to move: the game goes on, and the dice (if any) can be
    /// used.
    fn settle_to_move(&self, pos: &mut Position) -> Result<(), SetupError> {
        if self.is_empty_board(pos) {
            return Err(bad("points", "the pieces are not set up"));
        }
        if self.board_winner(pos).is_some() {
            return Err(bad("turn", "the game is over: the turn must be -"));
        }
        let limit = self.variant.max_turns;
        if limit > 0 && pos.turns >= limit {
            return Err(bad(
                "turns",
                "the turn limit is reached: the turn must be -",
            ));
        }
        if pos.dice_len() == 0 {
            if pos.flags != 0 {
                return Err(bad("dice", "p and + go with dice to use"));
            }
            pos.phase = Phase::Throw;
        } else {
            pos.phase = Phase::Move;
            let side = self.side(pos, Seat::new(pos.turn));
            let n = pos.dice_len();
            pos.max_use = self.max_use(&side, &pos.dice, n, n) as u8;
            if pos.max_use == 0 {
                return Err(bad("dice", "the player to move can use none of these dice"));
            }
        }
        Ok(())
    }
}

/// The setup of a position, read with the board length and directions it
/// carries.
pub(crate) fn setup_of(pos: &Position) -> Setup {
    let n = pos.board_len();
    let qlen = n / QUARTERS;
    let points = pos.board[..n]
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let p = usize::from(v < 0);
            // Doblet's stacks stand in the owner's first quarter, which the
            // half track shares with the full one.
            let r = match pos.direction(p) {
                crate::variant::Direction::Forward => i,
                crate::variant::Direction::Backward => n - 1 - i,
            };
            (v != 0).then(|| Pieces {
                seat: Seat::new(p as u8),
                count: v.unsigned_abs(),
                stacked: r < qlen && pos.stacks[p] & (1 << r) != 0,
            })
        })
        .collect();
    let mut waiting = [[0; QUARTERS]; 2];
    for (p, quarters) in waiting.iter_mut().enumerate() {
        for (quarter, n) in quarters.iter_mut().enumerate() {
            *n = pos.waiting[p][pos.direction(p).to_quarter(quarter)];
        }
    }
    let turn = match (pos.turn(), pos.phase, pos.winner()) {
        (Some(s), _, _) => Turn::Seat(s),
        (None, Phase::Over, w) if pos.form & FORM_RESULT_WRITTEN != 0 => match w {
            Some(s) => Turn::Won(s),
            None => Turn::Drawn,
        },
        _ => Turn::Nobody,
    };
    Setup {
        points,
        waiting,
        off: pos.off,
        turn,
        dice: pos.dice().iter().copied().collect(),
        passed: pos.flags & PASSED != 0,
        again: pos.flags & AGAIN != 0,
        turns: pos.turns,
        cube: pos.is_cubeful().then(|| CubeSetup {
            value: pos.cube_value(),
            owner: pos.cube_owner(),
            offer: pos.offer(),
            match_score: (pos.match_len > 0).then(|| MatchScore {
                length: pos.match_len,
                score: pos.score,
                crawford: pos.is_crawford_game(),
            }),
        }),
    }
}

impl Tables {
    /// The cube and the match score: present exactly in games with the
    /// cube, resignation or match play, turned only with the cube, and the
    /// match the game's. Returns the offer's code, settled later.
    fn place_cube(&self, setup: &Setup, pos: &mut Position) -> Result<u8, SetupError> {
        let v = &self.variant;
        let Some(c) = setup.cube else {
            if v.is_cubeful() {
                return Err(bad(
                    "cube",
                    "this game (with the cube, resignation or match play) writes the cube and the offer after the turns",
                ));
            }
            return Ok(crate::cube::OFFER_NONE);
        };
        if !v.is_cubeful() {
            return Err(bad(
                "cube",
                "this game has no cube: the notation ends with the turns",
            ));
        }
        if (c.value == 1) != c.owner.is_none() || c.owner.is_some_and(|s| s.index() > 1) {
            return Err(bad(
                "cube",
                "the cube is centred at 1, and owned by A or B once turned: 1, 2A, 4B",
            ));
        }
        if c.value > 1 && !v.cube {
            return Err(bad("cube", "the cube stays at 1 in a game without it"));
        }
        let game_match = (v.match_length > 0).then_some(MatchScore {
            length: v.match_length,
            score: v.score,
            crawford: v.crawford_game,
        });
        if c.match_score != game_match {
            return Err(bad(
                "match",
                "the match length, score and Crawford game are the game's options (none in money play)",
            ));
        }
        let log2 = c.value.trailing_zeros() as u8;
        let owner = c.owner.map_or(0, |s| s.index() as u8 + 1);
        pos.cube = log2 | owner << 4;
        let code = c
            .offer
            .code()
            .ok_or(bad("offer", "a resignation is of 1, 2 or 3"))?;
        // Read by `settle_over` for a game that ended by an offer.
        pos.offer = code;
        Ok(code)
    }

    /// The offer fits the settled position: a decision before the throw
    /// that the game gives, or how a finished game ended.
    fn settle_offer(&self, pos: &mut Position, code: u8) -> Result<(), SetupError> {
        use crate::cube::Offer;
        let v = &self.variant;
        let offer = Offer::from_code(code);
        let max_resign = v.max_score() as u8;
        let resign_ok = |l: u8| v.resign && l <= max_resign;
        match pos.phase {
            Phase::Over => {
                let ended = pos.form & FORM_RESULT_WRITTEN != 0 && pos.winner().is_some();
                let fits = match offer {
                    Offer::None => true,
                    Offer::Double => v.cube && ended,
                    Offer::Resign(l) => resign_ok(l) && ended,
                    _ => false,
                };
                if !fits {
                    return Err(bad(
                        "offer",
                        "a finished game shows - , or D (a dropped double) or R1 to R3 (an accepted resignation) with the winner after the turn's -",
                    ));
                }
                pos.offer = code;
            }
            Phase::Throw => {
                pos.offer = crate::cube::OFFER_NONE;
                let fits = match offer {
                    Offer::None => return Ok(()),
                    Offer::Deciding => v.resign || self.may_double(pos),
                    Offer::DecidingAfterRejection => v.resign && self.may_double(pos),
                    Offer::Double => self.may_double(pos),
                    Offer::Resign(l) => resign_ok(l),
                };
                if !fits {
                    return Err(bad(
                        "offer",
                        "no such decision here: a double needs the cube centred or the doubler's (and no Crawford game), a resignation the resign option",
                    ));
                }
                pos.phase = Phase::Cube;
                pos.offer = code;
            }
            _ => {
                if offer != Offer::None {
                    return Err(bad(
                        "offer",
                        "nothing is offered before the roll-off or with dice to use",
                    ));
                }
                pos.offer = code;
            }
        }
        Ok(())
    }
}

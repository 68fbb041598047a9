//! A room (SPEC §14): several players on one board and one clock, each on
//! their own device. A room waits for players, plays a round, and is over
//! when the clock runs out; another round rolls a new board and keeps the
//! players. At the end every player's words are marked unique or shared,
//! and a word two or more players found scores for none of them (the box's
//! rule).
//!
//! Every entry is judged by [`Game::judge`], the single-player game's own
//! judge, for the player who made it alone: what a client claims to have
//! scored is never asked. Like [`Clock`], a room never reads the time: every
//! call that depends on it is given `now`. Tokens, the network, rate limits
//! and expiry are the server's; this file holds only the rules, so they are
//! tested without a socket.

use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{Clock, Game, MIN_BOARD_SCORE, Verdict};
use crate::dice::Roller;
use crate::dict::Dictionary;
use crate::rules::RulesChoice;

/// The most players a room holds.
pub const MAX_PLAYERS: usize = 16;

/// The longest name, in characters, once trimmed.
pub const MAX_NAME_CHARS: usize = 24;

/// The most words a player may score in one round.
pub const MAX_WORDS_PER_PLAYER: usize = 500;

/// What a room plays: how its boards are rolled, what counts, how long a
/// round lasts.
#[derive(Clone, Debug)]
pub struct RoomSetup {
    /// Rolls each round's board.
    pub roller: Roller,
    /// The rules; `Auto` picks them from the board's size.
    pub rules: RulesChoice,
    /// The shortest word that counts; the rules' minimum when `None`.
    pub min_len: Option<usize>,
    /// How long a round lasts.
    pub time: Duration,
    /// The most words a player may score in a round (normally
    /// [`MAX_WORDS_PER_PLAYER`]).
    pub max_words: usize,
}

/// Where a room is in its round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Players join; the board is not shown yet.
    Waiting,
    /// The clock runs and players enter words.
    Playing,
    /// The clock ran out: the results are shown.
    Over,
}

/// A player of a room, by the order they joined in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerId(usize);

/// Why a room refused a join, a start or a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// The name is empty once trimmed.
    EmptyName,
    /// The name is longer than [`MAX_NAME_CHARS`] characters.
    LongName { chars: usize },
    /// The name holds a control, invisible or text-direction character.
    HiddenCharacter,
    /// Another player of the room has this name.
    NameTaken { name: String },
    /// The room has [`MAX_PLAYERS`] players already.
    Full,
    /// A word came before the round started.
    NotStarted,
    /// A start came while a round is being played.
    AlreadyPlaying,
    /// A word came after the clock ran out.
    Over,
    /// Another round was asked for before this one was over.
    NotOver,
    /// The player has scored the most words a round allows.
    TooManyWords { max: usize },
    /// No such player in this room.
    NoSuchPlayer,
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoomError::EmptyName => write!(f, "a name cannot be empty or only spaces"),
            RoomError::LongName { chars } => write!(
                f,
                "a name is at most {MAX_NAME_CHARS} characters, not {chars}"
            ),
            RoomError::HiddenCharacter => {
                write!(
                    f,
                    "a name may not hold control, invisible or text-direction characters"
                )
            }
            RoomError::NameTaken { name } => write!(f, "the name {name:?} is taken in this room"),
            RoomError::Full => write!(f, "the room is full ({MAX_PLAYERS} players)"),
            RoomError::NotStarted => write!(f, "the round has not started"),
            RoomError::AlreadyPlaying => write!(f, "the round has started already"),
            RoomError::Over => write!(f, "the round is over"),
            RoomError::NotOver => write!(f, "the round is not over"),
            RoomError::TooManyWords { max } => {
                write!(f, "a player may score at most {max} words in a round")
            }
            RoomError::NoSuchPlayer => write!(f, "no such player in this room"),
        }
    }
}

impl std::error::Error for RoomError {}

/// A player: their name and the words they scored this round.
#[derive(Clone, Debug)]
struct Player {
    name: String,
    /// Indices in the game's words of the words scored, in the order
    /// scored; each at most once.
    found: Vec<usize>,
}

/// One room: a board, a clock and the players.
#[derive(Debug)]
pub struct Room<'d> {
    dict: &'d Dictionary,
    setup: RoomSetup,
    /// This round's board, its words and its judge. Its own found list is
    /// always empty between calls: each player's is lent to it while that
    /// player's entry is judged.
    game: Game<'d>,
    /// The seed this round's board was rolled from.
    seed: u64,
    /// Running from the start of the round; `None` while waiting.
    clock: Option<Clock>,
    /// When the round started; `None` while waiting.
    started: Option<Instant>,
    players: Vec<Player>,
}

impl<'d> Room<'d> {
    /// A waiting room whose first board is rolled from `seed`.
    pub fn new(dict: &'d Dictionary, setup: RoomSetup, seed: u64) -> Room<'d> {
        let Deal { game, seed } = deal(dict, &setup, seed);
        Room {
            dict,
            setup,
            game,
            seed,
            clock: None,
            started: None,
            players: Vec::new(),
        }
    }

    /// The setup the room was made with.
    pub fn setup(&self) -> &RoomSetup {
        &self.setup
    }

    /// The seed of this round's board.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// This round's game: the board and every word on it.
    pub fn game(&self) -> &Game<'d> {
        &self.game
    }

    /// Where the round is at `now`.
    pub fn phase(&self, now: Instant) -> Phase {
        match &self.clock {
            None => Phase::Waiting,
            Some(clock) if clock.is_over(now) => Phase::Over,
            Some(_) => Phase::Playing,
        }
    }

    /// The time left at `now` while the round is played.
    pub fn remaining(&self, now: Instant) -> Option<Duration> {
        let clock = self.clock.as_ref()?;
        let left = clock.remaining(now);
        (!left.is_zero()).then_some(left)
    }

    /// When the round ends, once it has started.
    pub fn ends_at(&self) -> Option<Instant> {
        // The clock never pauses, so its end is its start plus its limit.
        Some(self.started? + self.setup.time)
    }

    /// How many players joined.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// The name of `player`.
    pub fn name(&self, player: PlayerId) -> Option<&str> {
        self.players.get(player.0).map(|p| p.name.as_str())
    }

    /// Adds a player called `name` (see [`check_name`]); at any phase, so a
    /// late player plays the time left.
    pub fn join(&mut self, name: &str) -> Result<PlayerId, RoomError> {
        let name = check_name(name)?;
        if self
            .players
            .iter()
            .any(|p| p.name.to_lowercase() == name.to_lowercase())
        {
            return Err(RoomError::NameTaken { name });
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(RoomError::Full);
        }
        self.players.push(Player {
            name,
            found: Vec::new(),
        });
        Ok(PlayerId(self.players.len() - 1))
    }

    /// Shows the board and starts the clock at `now`.
    pub fn start(&mut self, now: Instant) -> Result<(), RoomError> {
        match self.phase(now) {
            Phase::Waiting => {
                self.clock = Some(Clock::start(self.setup.time, now));
                self.started = Some(now);
                Ok(())
            }
            Phase::Playing => Err(RoomError::AlreadyPlaying),
            Phase::Over => Err(RoomError::Over),
        }
    }

    /// What deals this room's boards, to deal the next one away from
    /// whatever guards the room: dealing solves up to [`MAX_ROLLS`] boards.
    ///
    /// [`MAX_ROLLS`]: super::MAX_ROLLS
    pub fn dealer(&self) -> Dealer<'d> {
        Dealer {
            dict: self.dict,
            setup: self.setup.clone(),
        }
    }

    /// Once a round is over: the new board `next` (from [`Room::dealer`]),
    /// every word cleared, the players kept, and the room waiting again.
    pub fn another_round(&mut self, next: Deal<'d>, now: Instant) -> Result<(), RoomError> {
        if self.phase(now) != Phase::Over {
            return Err(RoomError::NotOver);
        }
        self.game = next.game;
        self.seed = next.seed;
        self.clock = None;
        self.started = None;
        for player in &mut self.players {
            player.found.clear();
        }
        Ok(())
    }

    /// Judges `entry` for `player` at `now`, with the single-player game's
    /// judge: the verdict is that player's alone, and a new word is counted
    /// for them.
    pub fn judge(
        &mut self,
        player: PlayerId,
        entry: &str,
        now: Instant,
    ) -> Result<Verdict, RoomError> {
        match self.phase(now) {
            Phase::Waiting => return Err(RoomError::NotStarted),
            Phase::Over => return Err(RoomError::Over),
            Phase::Playing => {}
        }
        let player = self
            .players
            .get_mut(player.0)
            .ok_or(RoomError::NoSuchPlayer)?;
        if player.found.len() >= self.setup.max_words {
            return Err(RoomError::TooManyWords {
                max: self.setup.max_words,
            });
        }
        // The game judges against the found list it holds: lend it this
        // player's, and take it back whatever the verdict.
        std::mem::swap(&mut self.game.found, &mut player.found);
        let verdict = self.game.judge(entry);
        std::mem::swap(&mut self.game.found, &mut player.found);
        Ok(verdict)
    }

    /// Every player's words, marked unique or shared, and their scores: a
    /// word found by two or more players scores for none of them.
    pub fn results(&self) -> Vec<PlayerResult> {
        let mut finders: HashMap<usize, usize> = HashMap::new();
        for player in &self.players {
            for &n in &player.found {
                *finders.entry(n).or_default() += 1;
            }
        }
        let words = self.game.words();
        self.players
            .iter()
            .map(|player| {
                let words: Vec<ResultWord> = player
                    .found
                    .iter()
                    .map(|&n| ResultWord {
                        word: words[n].word.clone(),
                        points: words[n].score,
                        shared: finders[&n] > 1,
                    })
                    .collect();
                let score = words
                    .iter()
                    .filter(|word| !word.shared)
                    .map(|word| u64::from(word.points))
                    .sum();
                PlayerResult {
                    name: player.name.clone(),
                    score,
                    words,
                }
            })
            .collect()
    }

    /// What everyone may see at `now` (SPEC §14's room state): the board
    /// once the round has started, each player's name and word count, the
    /// time left while playing, and everyone's words only once over.
    pub fn view(&self, now: Instant) -> RoomView {
        let phase = self.phase(now);
        RoomView {
            state: phase,
            board: (phase != Phase::Waiting).then(|| self.game.board().canonical()),
            players: self
                .players
                .iter()
                .map(|player| PlayerView {
                    name: player.name.clone(),
                    found: player.found.len(),
                })
                .collect(),
            ends_in_ms: self
                .remaining(now)
                .map(|left| u64::try_from(left.as_millis()).unwrap_or(u64::MAX)),
            results: (phase == Phase::Over).then(|| self.results()),
        }
    }
}

/// Deals a room's boards: its dictionary and setup, without the room.
#[derive(Clone, Debug)]
pub struct Dealer<'d> {
    dict: &'d Dictionary,
    setup: RoomSetup,
}

impl<'d> Dealer<'d> {
    /// The board dealt from `seed`, for [`Room::another_round`].
    pub fn deal(&self, seed: u64) -> Deal<'d> {
        deal(self.dict, &self.setup, seed)
    }
}

/// A round's board and the seed it was dealt from.
#[derive(Debug)]
pub struct Deal<'d> {
    game: Game<'d>,
    seed: u64,
}

/// The game `setup` deals from `seed`: as in the browser and terminal
/// games, a board worth at least [`MIN_BOARD_SCORE`] points, so no round
/// starts on a board without a word.
fn deal<'d>(dict: &'d Dictionary, setup: &RoomSetup, seed: u64) -> Deal<'d> {
    let game = Game::deal_with_rules(
        dict,
        &setup.roller,
        setup.rules,
        seed,
        setup.min_len,
        MIN_BOARD_SCORE,
    );
    Deal { game, seed }
}

/// `name` trimmed, if it may name a player: 1 to [`MAX_NAME_CHARS`]
/// characters, none of them a control character (a line break, an escape)
/// or one that changes the direction of the text around it.
pub fn check_name(name: &str) -> Result<String, RoomError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RoomError::EmptyName);
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(RoomError::LongName { chars });
    }
    if name.chars().any(|c| c.is_control() || is_hidden(c)) {
        return Err(RoomError::HiddenCharacter);
    }
    Ok(name.to_owned())
}

/// The invisible characters that reorder or hide the text around them
/// (marks, embeddings, overrides and isolates, zero-width ones and the
/// BOM), and those that show nothing yet are not white space, so that a
/// name of them alone would pass for one: the soft hyphen, the combining
/// grapheme joiner, the Hangul and Khmer fillers, the Mongolian vowel
/// separator and the Arabic letter mark.
fn is_hidden(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'
            | '\u{1160}'
            | '\u{17B4}'
            | '\u{17B5}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2069}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
    )
}

/// A room as everyone sees it: SPEC §14's `GET /api/rooms/ID`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoomView {
    pub state: Phase,
    /// The board in canonical form; `None` while waiting.
    pub board: Option<String>,
    pub players: Vec<PlayerView>,
    /// The time left while playing, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_in_ms: Option<u64>,
    /// Everyone's words, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<PlayerResult>>,
}

/// A player as everyone sees them during a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// How many words they scored.
    pub found: usize,
}

/// A player's round, once over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerResult {
    pub name: String,
    /// The points of the words no one else found.
    pub score: u64,
    /// The words scored, in the order scored.
    pub words: Vec<ResultWord>,
}

/// A word a player scored, once the round is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultWord {
    pub word: String,
    /// What the word is worth; it counts in the score only when unique.
    pub points: u32,
    /// Whether another player found it too.
    pub shared: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Normalizer;
    use crate::board::Board;
    use crate::dice::{BoardRng, DiceSet};
    use crate::rules::Rules;

    fn secs(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    /// A room of 3-minute rounds on `dict`'s words, with the default dice.
    fn room(dict: &'static Dictionary) -> Room<'static> {
        let setup = RoomSetup {
            roller: Roller::choose(Some(DiceSet::New), None).unwrap(),
            rules: RulesChoice::Auto,
            min_len: None,
            time: secs(180),
            max_words: MAX_WORDS_PER_PLAYER,
        };
        Room::new(dict, setup, 7)
    }

    fn english() -> &'static Dictionary {
        let words = [
            "arc", "arcs", "cart", "carts", "cat", "cats", "rat", "rats", "star", "tsar", "zebra",
            "tar", "art", "car",
        ];
        Box::leak(Box::new(
            Dictionary::from_words(words, Normalizer::default()).unwrap(),
        ))
    }

    /// A room on a fixed board:
    ///
    /// ```text
    /// c a t
    /// a r s
    /// ```
    ///
    /// "arc" is spelled by two paths (through either `a`).
    fn fixed_room() -> Room<'static> {
        let dict = english();
        let mut room = room(dict);
        let board = Board::parse("cat/ars", &Normalizer::default()).unwrap();
        room.game = Game::new(dict, board, Rules::Classic, None);
        room
    }

    /// One entry of the table: who entered what, and what they were told.
    type Entry = (&'static str, &'static str, &'static str);

    /// Plays `entries` in order in a round of `fixed_room`, then checks each
    /// player's score and words (`word` unique, `word*` shared).
    #[track_caller]
    fn check(entries: &[Entry], expected: &[(&str, u64, &[&str])]) {
        let mut room = fixed_room();
        let t0 = Instant::now();
        let mut ids = HashMap::new();
        for &(name, _, _) in entries {
            if !ids.contains_key(name) {
                ids.insert(name, room.join(name).unwrap());
            }
        }
        room.start(t0).unwrap();
        for (n, &(name, entry, told)) in entries.iter().enumerate() {
            let now = t0 + secs(n as u64);
            let verdict = room.judge(ids[name], entry, now).unwrap();
            assert_eq!(verdict.to_string(), told, "{name} entering {entry:?}");
        }
        // Nobody sees another's words while the round is played.
        assert_eq!(room.view(t0 + secs(179)).results, None);
        let view = room.view(t0 + secs(180));
        assert_eq!(view.state, Phase::Over);
        let results: Vec<(String, u64, Vec<String>)> = view
            .results
            .unwrap()
            .into_iter()
            .map(|player| {
                let words = player
                    .words
                    .iter()
                    .map(|w| format!("{}{}", w.word, if w.shared { "*" } else { "" }))
                    .collect();
                (player.name, player.score, words)
            })
            .collect();
        let expected: Vec<(String, u64, Vec<String>)> = expected
            .iter()
            .map(|(name, score, words)| {
                let words = words.iter().map(|w| w.to_string()).collect();
                (name.to_string(), *score, words)
            })
            .collect();
        assert_eq!(results, expected);
    }

    #[test]
    fn a_word_two_players_found_scores_for_neither() {
        // Ann: cat and arc are shared with Bob, star with Cy, carts (five
        // letters, 2 points) is hers alone: 2. Her second "arc" is already
        // found and counts once. Bob: rats alone, 1 point. Cy: cat and star
        // are shared, the rest is refused: 0. Ann and Bob traced "arc"
        // through different a's: it is one word, shared.
        check(
            &[
                ("Ann", "cat", "+1 point: cat"),
                ("Bob", "arc", "+1 point: arc"),
                ("Ann", "ARC", "+1 point: arc"),
                ("Cy", "star", "+1 point: star"),
                ("Ann", "carts", "+2 points: carts"),
                ("Ann", "a-r-c", "already found: arc"),
                ("Bob", "cat", "+1 point: cat"),
                ("Cy", "zebra", "not on the board: zebra"),
                ("Bob", "rats", "+1 point: rats"),
                ("Cy", "rac", "not a word: rac"),
                ("Ann", "star", "+1 point: star"),
                ("Cy", "ca", "too short: ca (at least 3 letters)"),
                ("Cy", "Cat", "+1 point: cat"),
            ],
            &[
                ("Ann", 2, &["cat*", "arc*", "carts", "star*"]),
                ("Bob", 1, &["arc*", "cat*", "rats"]),
                ("Cy", 0, &["star*", "cat*"]),
            ],
        );
        // Alone, every word is unique; three finders share as two do.
        check(
            &[
                ("Ann", "tsar", "+1 point: tsar"),
                ("Ann", "carts", "+2 points: carts"),
            ],
            &[("Ann", 3, &["tsar", "carts"])],
        );
        check(
            &[
                ("Ann", "cats", "+1 point: cats"),
                ("Bob", "cats", "+1 point: cats"),
                ("Cy", "cats", "+1 point: cats"),
                ("Cy", "cart", "+1 point: cart"),
            ],
            &[
                ("Ann", 0, &["cats*"]),
                ("Bob", 0, &["cats*"]),
                ("Cy", 1, &["cats*", "cart"]),
            ],
        );
    }

    #[test]
    fn arc_has_two_paths() {
        // The premise of the table above: both a's lead from r to c.
        let room = fixed_room();
        let board = room.game().board();
        let a_cells: Vec<usize> = (0..board.len())
            .filter(|&cell| board.tiles()[cell].to_string() == "a")
            .collect();
        assert_eq!(a_cells, [1, 3]);
        for a in a_cells {
            assert!(board.neighbours(a).any(|cell| cell == 0), "a c next to {a}");
            assert!(
                board.neighbours(a).any(|cell| cell == 4),
                "an r next to {a}"
            );
        }
    }

    #[test]
    fn waiting_playing_over_and_another_round() {
        let mut room = fixed_room();
        let t0 = Instant::now();
        let ann = room.join("Ann").unwrap();
        let view = room.view(t0);
        assert_eq!(
            (view.state, view.board, view.ends_in_ms),
            (Phase::Waiting, None, None)
        );
        assert_eq!(room.judge(ann, "cat", t0), Err(RoomError::NotStarted));
        room.start(t0).unwrap();
        assert_eq!(room.start(t0 + secs(1)), Err(RoomError::AlreadyPlaying));
        assert_eq!(
            room.another_round(room.dealer().deal(1), t0 + secs(1)),
            Err(RoomError::NotOver)
        );
        let view = room.view(t0 + secs(60));
        assert_eq!(view.state, Phase::Playing);
        assert_eq!(view.board.as_deref(), Some("cat/ars"));
        assert_eq!(view.ends_in_ms, Some(120_000));
        // A player may join during the round and play the time left.
        let bob = room.join("Bob").unwrap();
        assert!(matches!(
            room.judge(bob, "cat", t0 + secs(179)),
            Ok(Verdict::Scored { .. })
        ));
        assert_eq!(room.judge(ann, "cat", t0 + secs(180)), Err(RoomError::Over));
        assert_eq!(room.start(t0 + secs(181)), Err(RoomError::Over));
        let view = room.view(t0 + secs(200));
        assert_eq!(
            view.players[1],
            PlayerView {
                name: "Bob".into(),
                found: 1
            }
        );
        assert_eq!(view.results.unwrap()[1].score, 1);
        // Another round: a new board from the seed, no words, the same players.
        room.another_round(room.dealer().deal(8), t0 + secs(200))
            .unwrap();
        assert_eq!(room.seed(), 8);
        let view = room.view(t0 + secs(200));
        assert_eq!(view.state, Phase::Waiting);
        assert_eq!(
            view.players[1],
            PlayerView {
                name: "Bob".into(),
                found: 0
            }
        );
        room.start(t0 + secs(201)).unwrap();
        let board = room.view(t0 + secs(201)).board.unwrap();
        // The board the games deal from seed 8: on this small list no roll
        // reaches 10 points, so the best of 200 rolls, not the first.
        let roller = Roller::choose(Some(DiceSet::New), None).unwrap();
        let first = roller.roll(&mut BoardRng::new(8)).canonical();
        let dealt = Game::deal(room.dict, &roller, 8, None, MIN_BOARD_SCORE);
        assert_eq!(board, dealt.board().canonical());
        assert_ne!(board, first);
        assert!(room.game.max_score() > 0);
        assert_eq!(room.ends_at(), Some(t0 + secs(381)));
    }

    #[test]
    fn no_round_starts_on_a_board_without_words() {
        // Seed 10 first rolls a 3x3 board of random letters without a
        // word (see `game::tests`); a room on that seed deals another.
        let dict = Box::leak(Box::new(
            crate::dict::bundled::load(crate::dict::bundled::Lang::En).unwrap(),
        ));
        let roller = Roller::new(DiceSet::Uniform, Some((3, 3))).unwrap();
        let setup = RoomSetup {
            roller: roller.clone(),
            rules: RulesChoice::Auto,
            min_len: None,
            time: secs(180),
            max_words: MAX_WORDS_PER_PLAYER,
        };
        let wordless = Game::new(
            dict,
            roller.roll(&mut BoardRng::new(10)),
            Rules::Classic,
            None,
        );
        assert_eq!(wordless.max_score(), 0);
        for seed in 0..40 {
            let room = Room::new(dict, setup.clone(), seed);
            assert!(room.game.max_score() >= MIN_BOARD_SCORE, "seed {seed}");
        }
        assert_ne!(
            Room::new(dict, setup, 10).game.board().canonical(),
            wordless.board().canonical()
        );
    }

    #[test]
    fn names() {
        #[track_caller]
        fn check_one(name: &str, expected: Result<&str, RoomError>) {
            assert_eq!(check_name(name), expected.map(str::to_owned), "{name:?}");
        }
        check_one("  Ann ", Ok("Ann"));
        check_one("Zoë 🎲", Ok("Zoë 🎲"));
        check_one(&"é".repeat(24), Ok(&"é".repeat(24)));
        check_one(
            "<script>alert(1)</script>",
            Err(RoomError::LongName { chars: 25 }),
        );
        check_one("<b>x</b>", Ok("<b>x</b>"));
        check_one(&"x".repeat(25), Err(RoomError::LongName { chars: 25 }));
        check_one("", Err(RoomError::EmptyName));
        check_one(" \t\n ", Err(RoomError::EmptyName));
        check_one("a\nb", Err(RoomError::HiddenCharacter));
        check_one("a\u{1b}[31mb", Err(RoomError::HiddenCharacter));
        check_one("a\u{0}b", Err(RoomError::HiddenCharacter));
        check_one("evil\u{202E}gnp.exe", Err(RoomError::HiddenCharacter));
        check_one("a\u{200B}b", Err(RoomError::HiddenCharacter));
        for invisible in [
            "\u{AD}", "\u{34F}", "\u{3164}", "\u{FFA0}", "\u{115F}", "\u{180E}",
        ] {
            check_one(invisible, Err(RoomError::HiddenCharacter));
        }
        check_one("Anne-\u{AD}Marie", Err(RoomError::HiddenCharacter));
    }

    #[test]
    fn players_and_words_are_bounded() {
        let mut room = fixed_room();
        for n in 0..MAX_PLAYERS {
            room.join(&format!("player {n}")).unwrap();
        }
        assert_eq!(room.join("one more"), Err(RoomError::Full));
        assert_eq!(
            room.join(" PLAYER 3 "),
            Err(RoomError::NameTaken {
                name: "PLAYER 3".into()
            })
        );
        assert_eq!(room.player_count(), MAX_PLAYERS);

        let mut room = fixed_room();
        room.setup.max_words = 2;
        let ann = room.join("Ann").unwrap();
        let t0 = Instant::now();
        room.start(t0).unwrap();
        assert!(matches!(
            room.judge(ann, "cat", t0),
            Ok(Verdict::Scored { .. })
        ));
        assert!(matches!(
            room.judge(ann, "rac", t0),
            Ok(Verdict::NotAWord { .. })
        ));
        assert!(matches!(
            room.judge(ann, "arc", t0),
            Ok(Verdict::Scored { .. })
        ));
        assert_eq!(
            room.judge(ann, "star", t0),
            Err(RoomError::TooManyWords { max: 2 })
        );
        assert_eq!(
            room.judge(PlayerId(5), "star", t0),
            Err(RoomError::NoSuchPlayer)
        );
        assert_eq!(room.view(t0).players[0].found, 2);
    }

    #[test]
    fn the_state_as_json() {
        let mut room = fixed_room();
        let t0 = Instant::now();
        let ann = room.join("Ann \"<b>\"").unwrap();
        let json = serde_json::to_string(&room.view(t0)).unwrap();
        assert_eq!(
            json,
            r#"{"state":"waiting","board":null,"players":[{"name":"Ann \"<b>\"","found":0}]}"#
        );
        room.start(t0).unwrap();
        room.judge(ann, "carts", t0).unwrap();
        let json = serde_json::to_string(&room.view(t0 + Duration::from_millis(1500))).unwrap();
        assert_eq!(
            json,
            r#"{"state":"playing","board":"cat/ars","players":[{"name":"Ann \"<b>\"","found":1}],"ends_in_ms":178500}"#
        );
        let json = serde_json::to_string(&room.view(t0 + secs(180))).unwrap();
        assert_eq!(
            json,
            r#"{"state":"over","board":"cat/ars","players":[{"name":"Ann \"<b>\"","found":1}],"results":[{"name":"Ann \"<b>\"","score":2,"words":[{"word":"carts","points":2,"shared":false}]}]}"#
        );
    }
}

//! `boggle random`: boards rolled with real dice (SPEC §8), and the options
//! every command that rolls boards shares (`--dice`, `--size`, `--seed`).

use std::io::Write;

use boggle::dice::{self, BoardRng, DiceSet, Roller};
use boggle::lang::Lang;
use clap::{Args, ValueEnum};

use super::{Outcome, Usage};

const EXAMPLES: &str = "\
Examples:
  boggle random --seed 42
  boggle random --dice superbig --seed 7 -n 3
  boggle random --dice uniform --size 3x7
  boggle random --lang fi --seed 3
  boggle random -n 1000 --seed 7 | boggle solve --format summary";

/// `boggle random` options.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct RandomArgs {
    #[command(flatten)]
    roll: RollArgs,

    /// Roll this language's dice (without --dice) [default: en]
    #[arg(long, value_name = "LANG", value_parser = super::dict_args::lang_parser())]
    lang: Option<Lang>,

    /// How many boards
    #[arg(short = 'n', long = "count", value_name = "COUNT", default_value_t = 1)]
    count: u64,
}

/// How boards are rolled: the dice, the size and the seed.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// Dice set [default: the dice of --lang (new for English), or the set
    /// that fills --size]
    #[arg(long, value_enum, value_name = "DICE")]
    pub dice: Option<DiceArg>,

    /// Board size as RxC (e.g. 5x5) or N; dice sets have their own size,
    /// uniform letters fill any [default: 4x4]
    #[arg(long, value_name = "RxC", value_parser = dice::parse_size)]
    pub size: Option<(usize, usize)>,

    /// Seed of the generator: the same seed rolls the same boards, forever
    /// [default: a new one, printed on standard error]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// The dice sets, as `--dice` takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiceArg {
    /// The original 4x4 dice of 1976
    Classic,
    /// The 4x4 dice sold since 1987
    New,
    /// Big Boggle, 5x5
    Big,
    /// Super Big Boggle, 6x6, with Qu In Th Er He An and blank faces
    Superbig,
    /// Each cell a letter a-z with equal chance, any size
    Uniform,
    /// The dice of --lang: its 4x4 set, or its 5x5 set with --size 5x5
    Lang,
}

impl DiceArg {
    /// The library's dice set for this choice, in `lang` on a board of
    /// `size`: the one conversion of `--dice`.
    pub fn set(self, lang: Lang, size: Option<(usize, usize)>) -> DiceSet {
        match self {
            DiceArg::Classic => DiceSet::Classic,
            DiceArg::New => DiceSet::New,
            DiceArg::Big => DiceSet::Big,
            DiceArg::Superbig => DiceSet::SuperBig,
            DiceArg::Uniform => DiceSet::Uniform,
            DiceArg::Lang => {
                let (rows, cols) = size.unwrap_or((4, 4));
                DiceSet::of_lang(lang, rows, cols)
            }
        }
    }
}

impl RollArgs {
    /// Whether any of the options was given.
    pub fn any(&self) -> bool {
        self.dice.is_some() || self.size.is_some() || self.seed.is_some()
    }

    /// The roller these options ask for, for a game in `lang` (the
    /// language's own dice when `--dice` is not given).
    pub fn roller(&self, lang: Option<Lang>) -> Result<Roller, Usage> {
        let lang = lang.unwrap_or_default();
        Roller::choose_in(
            lang,
            self.dice.map(|dice| dice.set(lang, self.size)),
            self.size,
        )
        .map_err(|error| Usage(error.to_string()))
    }

    /// The seed given, or a new one, which is then printed on standard
    /// error so the boards can be rolled again.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            let seed = dice::new_seed();
            super::streams::say(format_args!("seed: {seed}"));
            seed
        })
    }
}

impl RandomArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        let roller = self.roll.roller(self.lang)?;
        let mut rng = BoardRng::new(self.roll.seed());
        let mut out = super::stdout_blocks();
        for _ in 0..self.count {
            writeln!(out, "{}", roller.roll(&mut rng))?;
        }
        out.flush()?;
        Ok(Outcome::Success)
    }
}

//! `boggle completions SHELL` and `boggle man`: the shell completion script
//! and the man page, both generated from the same clap definitions as the
//! command line itself.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Outcome};

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  boggle completions bash > ~/.local/share/bash-completion/completions/boggle
  boggle completions zsh > ~/.zfunc/_boggle
  boggle completions fish > ~/.config/fish/completions/boggle.fish";

const MAN_EXAMPLES: &str = "\
Examples:
  boggle man > ~/.local/share/man/man1/boggle.1
  boggle man | man -l -";

/// `boggle completions` options.
#[derive(Debug, Args)]
#[command(after_help = COMPLETIONS_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// `boggle man` takes no option.
#[derive(Debug, Args)]
#[command(after_help = MAN_EXAMPLES)]
pub struct ManArgs {}

impl CompletionsArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        // The generator panics when its writer fails, so it writes to memory
        // and a closed pipe is met by our own write instead.
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut Cli::command(), "boggle", &mut script);
        write_all(&script)
    }
}

impl ManArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        let mut page = Vec::new();
        clap_mangen::Man::new(Cli::command()).render(&mut page)?;
        write_all(&page)
    }
}

/// Writes `bytes` to standard output.
fn write_all(bytes: &[u8]) -> anyhow::Result<Outcome> {
    let mut out = super::stdout();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(Outcome::Success)
}

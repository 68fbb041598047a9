//! `boggle completions SHELL`: the shell completion script, generated from
//! the same clap definitions as the command line itself.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{Cli, Outcome};

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  boggle completions bash > ~/.local/share/bash-completion/completions/boggle
  boggle completions zsh > ~/.zfunc/_boggle
  boggle completions fish > ~/.config/fish/completions/boggle.fish";

/// `boggle completions` options.
#[derive(Debug, Args)]
#[command(after_help = COMPLETIONS_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

impl CompletionsArgs {
    pub fn run(self) -> anyhow::Result<Outcome> {
        // The generator panics when its writer fails, so it writes to memory
        // and a closed pipe is met by our own write instead.
        let mut script = Vec::new();
        clap_complete::generate(self.shell, &mut Cli::command(), "boggle", &mut script);
        let mut out = super::stdout();
        out.write_all(&script)?;
        out.flush()?;
        Ok(Outcome::Success)
    }
}

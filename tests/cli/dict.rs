//! Tests of dictionary loading (`--dict`, `--lang`, `boggle dict`).

//! Tests of the game commands (`random`, `show`, `stats`, completions).

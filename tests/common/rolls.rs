//! Whether a board is a roll of a dice set: each cell's letter on a die of
//! its own, checked by a search over every assignment of dice to cells,
//! independently of how the library rolls.

/// Whether each of `tiles` can be given a die of `dice` not `used` yet
/// that has it on a face (a die writes a two-letter face in brackets).
pub fn one_die_each(tiles: &[String], used: &mut [bool], dice: &[&str]) -> bool {
    let Some((tile, rest)) = tiles.split_first() else {
        return true;
    };
    let face = match tile.chars().count() {
        1 => tile.clone(),
        _ => format!("[{tile}]"),
    };
    for die in 0..dice.len() {
        if !used[die] && dice[die].contains(&face) {
            used[die] = true;
            if one_die_each(rest, used, dice) {
                return true;
            }
            used[die] = false;
        }
    }
    false
}

/// Whether `board` (canonical form: a letter a cell, `qu` one cell) is a
/// roll of `dice`.
pub fn is_roll(board: &str, dice: &[&str]) -> bool {
    let mut tiles: Vec<String> = Vec::new();
    let mut letters = board.chars().filter(|c| *c != '/').peekable();
    while let Some(letter) = letters.next() {
        if letter == 'q' && letters.peek() == Some(&'u') {
            letters.next();
            tiles.push("qu".to_owned());
        } else {
            tiles.push(letter.to_string());
        }
    }
    tiles.len() == dice.len() && one_die_each(&tiles, &mut vec![false; dice.len()], dice)
}

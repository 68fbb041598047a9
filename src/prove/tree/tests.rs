use super::build::FEW;
use super::*;
use proptest::prelude::*;

proptest! {
    /// Sorting a range of paths by their next step, each of the three
    /// ways, puts them in the order of that step (the paths that end
    /// first), keeps every path and tells where each step's paths end:
    /// checked against the standard sort, on ranges of every size up
    /// to 600 paths.
    #[test]
    fn paths_sort_by_step(
        paths in prop::collection::vec((any::<u32>(), any::<u128>(), 0u32..4), 1..600),
        ended in 0usize..8,
        from in 0u32..6,
    ) {
        sorts_by_step::<End12>(&paths, ended, from)?;
        sorts_by_step::<End16>(&paths, ended, from)?;
        sorts_by_step::<End25>(&paths, ended, from)?;
    }

    /// The layout of 12 cells gives back what it was given: every
    /// value of each field it holds, and no field spills into another.
    #[test]
    fn paths_of_12_cells_keep_their_fields(
        ranks in 0u32..1 << 12,
        letters in 0u128..1 << 60,
        points in 0u32..=127,
        word in any::<u32>(),
        fixed in prop_oneof![Just(ALONE), 0u32..1 << 12],
        (new_ranks, new_word, new_fixed) in (0u32..1 << 12, any::<u32>(), prop_oneof![Just(ALONE), 0u32..1 << 12]),
    ) {
        let mut end = End12::new(ranks, letters, points, word, fixed);
        let wide = End25::new(ranks, letters, points, word, fixed);
        prop_assert_eq!((end.ranks(), end.letters(), end.points(), end.word(), end.fixed()), (ranks, letters, points, word, fixed));
        for rank in 0..12 {
            prop_assert_eq!(end.letter(rank), wide.letter(rank));
        }
        for from in 0..12 {
            prop_assert_eq!(end.bucket(from), wide.bucket(from));
        }
        end.set_ranks(new_ranks);
        prop_assert_eq!((end.ranks(), end.letters(), end.points(), end.word(), end.fixed()), (new_ranks, letters, points, word, fixed));
        end.set_word(new_word);
        prop_assert_eq!((end.ranks(), end.letters(), end.points(), end.word(), end.fixed()), (new_ranks, letters, points, new_word, fixed));
        end.set_fixed(new_fixed);
        prop_assert_eq!((end.ranks(), end.letters(), end.points(), end.word(), end.fixed()), (new_ranks, letters, points, new_word, new_fixed));
    }

    /// The layouts of 16 and of 25 cells give back what they were given.
    #[test]
    fn paths_keep_their_fields(
        ranks in 0u32..1 << 16,
        letters in 0u128..1 << 80,
        points in 0u32..=255,
        word in any::<u32>(),
        fixed in any::<u32>(),
    ) {
        let narrow = End16::new(ranks, letters, points, word, fixed);
        let wide = End25::new(ranks, letters, points, word, fixed);
        let given = (ranks, letters, points, word, fixed);
        prop_assert_eq!((narrow.ranks(), narrow.letters(), narrow.points(), narrow.word(), narrow.fixed()), given);
        prop_assert_eq!((wide.ranks(), wide.letters(), wide.points(), wide.word(), wide.fixed()), given);
        for rank in 0..16 {
            prop_assert_eq!(narrow.letter(rank), wide.letter(rank));
        }
        for from in 0..16 {
            prop_assert_eq!(narrow.bucket(from), wide.bucket(from));
        }
    }
}

/// One of the ways to sort a range of paths by step.
type Sort<E> = fn(&mut TreeBuilder<E>, usize, usize, u32);

/// See `paths_sort_by_step`.
fn sorts_by_step<E: End>(
    paths: &[(u32, u128, u32)],
    ended: usize,
    from: u32,
) -> Result<(), TestCaseError> {
    let ends = paths
        .iter()
        .enumerate()
        .map(|(index, &(ranks, letters, points))| {
            // A few paths with no step left, and few distinct steps, so
            // that buckets repeat.
            let ranks = if index % 8 < ended { 0 } else { ranks & 0x1f };
            E::new(ranks, letters & 0x3_1ce7_39ce, points, index as u32, ALONE)
        })
        .collect();
    let mut builder = TreeBuilder::<E> {
        ends,
        ..TreeBuilder::default()
    };
    let key = |end: &E| end.bucket(from);
    let mut expected = builder.ends.clone();
    expected.sort_by_key(|end| (key(end), end.word()));
    let len = builder.ends.len();
    // A run per bucket, where the bucket's last path is in the standard
    // sort.
    let runs: Vec<(usize, usize)> = (0..len)
        .filter(|&at| at + 1 == len || key(&expected[at]) != key(&expected[at + 1]))
        .map(|at| (key(&expected[at]), at + 1))
        .collect();
    let given = builder.ends.clone();
    let sorts: [Sort<E>; 3] = [
        |builder, lo, hi, from| {
            if hi - lo <= FEW {
                builder.sort_few(lo, hi, from);
            } else {
                builder.sort_apart(lo, hi, from);
            }
        },
        TreeBuilder::sort_apart,
        TreeBuilder::sort_in_place,
    ];
    for sort in sorts {
        builder.ends.clone_from(&given);
        builder.runs.clear();
        sort(&mut builder, 0, len, from);
        let made: Vec<(usize, usize)> = builder
            .runs
            .iter()
            .map(|run| (usize::from(run.bucket), run.end as usize))
            .collect();
        prop_assert_eq!(&made, &runs);
        sorted_as_expected(&builder.ends, &expected, key)?;
    }
    Ok(())
}

/// Whether `sorted` is in the order of `key` and holds the paths of
/// `expected`.
fn sorted_as_expected<E: End>(
    sorted: &[E],
    expected: &[E],
    key: impl Fn(&E) -> usize,
) -> Result<(), TestCaseError> {
    let mut sorted = sorted.to_vec();
    prop_assert!(sorted.windows(2).all(|pair| key(&pair[0]) <= key(&pair[1])));
    sorted.sort_by_key(|end| (key(end), end.word()));
    let fields = |ends: &[E]| -> Vec<(u32, u128, u32, u32)> {
        ends.iter()
            .map(|end| (end.ranks(), end.letters(), end.points(), end.word()))
            .collect()
    };
    prop_assert_eq!(fields(&sorted), fields(expected));
    Ok(())
}

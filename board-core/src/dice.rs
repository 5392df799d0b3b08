//! Throws of identical dice, with exact probabilities.
//!
//! A throw is written as its faces sorted from highest to lowest (`31`,
//! `6662`), as the racegames notations do. Throws are listed *unordered*: the
//! throw `31` stands for both `3,1` and `1,3` and carries their summed
//! probability, so a chance node has few outcomes and every probability is
//! exact (a multinomial count over `faces^count`).

use core::fmt;

/// The most dice one throw may hold.
pub const MAX_DICE: usize = 4;

/// One unordered throw: up to [`MAX_DICE`] faces, highest first.
///
/// ```
/// use racegames_board::dice::Throw;
/// let t = Throw::new(&[1, 3]).unwrap();
/// assert_eq!(t.faces(), &[3, 1]);
/// assert_eq!(t.to_string(), "31");
/// assert!(!t.is_double());
/// assert_eq!(t.sum(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Throw {
    faces: [u8; MAX_DICE],
    len: u8,
}

impl Throw {
    /// A throw of these faces, in any order. `None` if there are more than
    /// [`MAX_DICE`] faces or a face is 0 or above 9.
    pub fn new(faces: &[u8]) -> Option<Throw> {
        if faces.len() > MAX_DICE || faces.iter().any(|&f| f == 0 || f > 9) {
            return None;
        }
        let mut t = Throw {
            faces: [0; MAX_DICE],
            len: faces.len() as u8,
        };
        t.faces[..faces.len()].copy_from_slice(faces);
        t.faces[..faces.len()].sort_unstable_by(|a, b| b.cmp(a));
        Some(t)
    }

    /// The faces, highest first.
    #[inline]
    pub fn faces(&self) -> &[u8] {
        // `min`: a deserialised value may claim more dice than it holds.
        &self.faces[..(self.len as usize).min(MAX_DICE)]
    }

    /// How many dice the throw holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.faces().len()
    }

    /// True for a throw of no dice.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when there are at least two dice and all show the same face.
    pub fn is_double(&self) -> bool {
        self.len() >= 2 && self.faces().iter().all(|&f| f == self.faces[0])
    }

    /// The sum of the faces.
    pub fn sum(&self) -> u32 {
        self.faces().iter().map(|&f| u32::from(f)).sum()
    }

    /// The throw with one die showing `face` removed, if it has one.
    pub fn without(&self, face: u8) -> Option<Throw> {
        let i = self.faces().iter().position(|&f| f == face)?;
        let mut t = *self;
        t.faces.copy_within(i + 1..MAX_DICE, i);
        t.faces[MAX_DICE - 1] = 0;
        t.len -= 1;
        Some(t)
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &d in self.faces() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// `count` identical dice with faces `1..=faces`, all faces equally likely.
///
/// ```
/// use racegames_board::dice::DiceSpec;
/// let three_d6 = DiceSpec::new(3, 6).unwrap();
/// assert_eq!(three_d6.num_throws(), 56);
/// let (index, p) = three_d6.find(&[6, 6, 6]).unwrap();
/// assert_eq!(p, 1.0 / 216.0);
/// assert_eq!(three_d6.throw(index).unwrap().to_string(), "666");
/// assert_eq!(DiceSpec::new(5, 6), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiceSpec {
    count: u8,
    faces: u8,
}

impl DiceSpec {
    /// `count` dice (1 to [`MAX_DICE`]) of `faces` faces (1 to 9); `None`
    /// outside those ranges.
    pub const fn new(count: u8, faces: u8) -> Option<DiceSpec> {
        if count >= 1 && count as usize <= MAX_DICE && faces >= 1 && faces <= 9 {
            Some(DiceSpec { count, faces })
        } else {
            None
        }
    }

    /// The number of dice.
    pub const fn count(&self) -> u8 {
        self.count
    }

    /// The number of faces of each die.
    pub const fn faces(&self) -> u8 {
        self.faces
    }

    /// The count and faces brought into range: a deserialised value is not
    /// checked by [`DiceSpec::new`].
    const fn dims(&self) -> (usize, usize) {
        let count = if self.count == 0 {
            1
        } else {
            self.count as usize
        };
        let count = if count > MAX_DICE { MAX_DICE } else { count };
        let faces = if self.faces == 0 {
            1
        } else {
            self.faces as usize
        };
        (count, if faces > 9 { 9 } else { faces })
    }

    /// The number of distinct unordered throws: C(faces + count − 1, count).
    pub const fn num_throws(&self) -> usize {
        let (k, faces) = self.dims();
        let n = faces + k - 1;
        let mut num = 1usize;
        let mut i = 0;
        while i < k {
            num = num * (n - i) / (i + 1);
            i += 1;
        }
        num
    }

    /// Calls `f(index, throw, probability)` for every unordered throw, in a
    /// fixed order: faces highest first, throws in decreasing lexicographic
    /// order (`44`, `43`, …, `11` for two four-sided dice). The index is the
    /// position in that order.
    pub fn for_each_throw(&self, mut f: impl FnMut(usize, Throw, f64)) {
        let (k, top) = self.dims();
        let total = pow(top as u64, k as u32) as f64;
        let mut faces = [top as u8; MAX_DICE];
        let mut index = 0;
        loop {
            let throw = Throw {
                faces: {
                    let mut a = [0; MAX_DICE];
                    a[..k].copy_from_slice(&faces[..k]);
                    a
                },
                len: k as u8,
            };
            f(index, throw, arrangements(&faces[..k]) as f64 / total);
            index += 1;
            // Next non-increasing sequence in decreasing order.
            let Some(i) = (0..k).rev().find(|&i| faces[i] > 1) else {
                return;
            };
            faces[i] -= 1;
            for j in i + 1..k {
                faces[j] = faces[i];
            }
        }
    }

    /// The throw with this index in [`DiceSpec::for_each_throw`]'s order.
    pub fn throw(&self, index: usize) -> Option<Throw> {
        // The same walk as `for_each_throw`, without the probabilities:
        // move strings ask for a throw at every chance node.
        let (k, top) = self.dims();
        let mut faces = [top as u8; MAX_DICE];
        for _ in 0..index {
            let i = (0..k).rev().find(|&i| faces[i] > 1)?;
            faces[i] -= 1;
            for j in i + 1..k {
                faces[j] = faces[i];
            }
        }
        let mut a = [0; MAX_DICE];
        a[..k].copy_from_slice(&faces[..k]);
        Some(Throw {
            faces: a,
            len: k as u8,
        })
    }

    /// The index and probability of the throw showing these faces, in any
    /// order; `None` if the faces do not make a throw of these dice.
    pub fn find(&self, faces: &[u8]) -> Option<(usize, f64)> {
        let want = Throw::new(faces)?;
        let (count, top) = self.dims();
        if want.len() != count || want.faces().iter().any(|&f| usize::from(f) > top) {
            return None;
        }
        let mut found = None;
        self.for_each_throw(|i, t, p| {
            if t == want {
                found = Some((i, p));
            }
        });
        found
    }
}

const fn pow(base: u64, exp: u32) -> u64 {
    let mut r = 1;
    let mut i = 0;
    while i < exp {
        r *= base;
        i += 1;
    }
    r
}

/// The number of ordered arrangements of a sorted multiset of faces.
fn arrangements(sorted: &[u8]) -> u64 {
    let mut result = factorial(sorted.len() as u64);
    let mut run = 1;
    for i in 1..=sorted.len() {
        if i < sorted.len() && sorted[i] == sorted[i - 1] {
            run += 1;
        } else {
            result /= factorial(run);
            run = 1;
        }
    }
    result
}

fn factorial(n: u64) -> u64 {
    (1..=n).product()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn probabilities_sum_to_one_and_count_matches() {
        for count in 1..=4 {
            for faces in 1..=6 {
                let spec = DiceSpec::new(count, faces).unwrap();
                let mut total = 0.0;
                let mut n = 0;
                spec.for_each_throw(|i, t, p| {
                    assert_eq!(i, n);
                    assert_eq!(t.len(), count as usize);
                    assert!(t.faces().windows(2).all(|w| w[0] >= w[1]));
                    n += 1;
                    total += p;
                });
                assert_eq!(n, spec.num_throws());
                assert!((total - 1.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn two_d4_lists_doubles_at_one_sixteenth() {
        let spec = DiceSpec::new(2, 4).unwrap();
        spec.for_each_throw(|_, t, p| {
            let expected = if t.is_double() { 1.0 } else { 2.0 } / 16.0;
            assert_eq!(p, expected);
        });
        assert_eq!(spec.throw(0).unwrap().to_string(), "44");
        assert_eq!(spec.throw(9).unwrap().to_string(), "11");
        assert_eq!(spec.throw(10), None);
        for (count, faces) in [(1, 6), (2, 6), (3, 6), (2, 4), (4, 7), (1, 1)] {
            let spec = DiceSpec::new(count, faces).unwrap();
            let mut n = 0;
            spec.for_each_throw(|i, t, _| {
                assert_eq!(spec.throw(i), Some(t));
                n += 1;
            });
            assert_eq!((spec.throw(n), n), (None, spec.num_throws()));
        }
    }

    #[test]
    fn without_removes_one_die() {
        let t = Throw::new(&[6, 6, 2]).unwrap();
        assert_eq!(t.without(6).unwrap().faces(), &[6, 2]);
        assert_eq!(t.without(2).unwrap().faces(), &[6, 6]);
        assert!(t.without(5).is_none());
    }
}

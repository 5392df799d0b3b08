//! gnubg's one-sided bear-off database (Debian's `gnubg` installs it as
//! `/usr/share/gnubg/gnubg_os0.bd`) against the table rebuilt with gnubg's
//! own arithmetic ([`super::rolls_as_gnubg`]): equal in all 54,264
//! positions; the exact table differs from the file only by the rounding
//! the file carries (see `docs/analysis.md`). The same for gnubg's
//! two-sided database (`makebearoff -t 6x6`) against the two-sided table
//! rebuilt with gnubg's arithmetic. Skipped where gnubg is not installed.

use super::*;

const DB: &str = "/usr/share/gnubg/gnubg_os0.bd";

/// gnubg's `PositionBearoff`: the placement as stars and bars, ranked as
/// a combination of its 6 bars among 21 places, in gnubg's order.
fn gnubg_index(counts: &[u8; POINTS]) -> usize {
    let total: usize = counts.iter().map(|&c| usize::from(c)).sum();
    let mut j = POINTS - 1 + total;
    let mut bits = 1u32 << j;
    for &c in &counts[..POINTS - 1] {
        j -= usize::from(c) + 1;
        bits |= 1 << j;
    }
    let (mut n, mut r, mut index) = (PIECES + POINTS, POINTS, 0);
    while n != r {
        if bits & (1 << (n - 1)) != 0 {
            index += choose(n - 1, r);
            r -= 1;
        }
        n -= 1;
    }
    index
}

/// The bear-off distribution of gnubg's position `index` in its
/// compressed file: a 40-byte header, 8 index bytes a position, then
/// the non-zero 16-bit counts.
fn read(bytes: &[u8], index: usize) -> Option<[u16; TURNS]> {
    let at = 40 + 8 * index;
    let entry = bytes.get(at..at + 8)?;
    let offset = u32::from_le_bytes(entry[..4].try_into().ok()?) as usize;
    let (nz, first) = (usize::from(entry[4]), usize::from(entry[5]));
    let base = 40 + 8 * PLACEMENTS + 2 * offset;
    let mut out = [0u16; TURNS];
    for k in 0..nz {
        let b = bytes.get(base + 2 * k..base + 2 * k + 2)?;
        *out.get_mut(first + k)? = u16::from_le_bytes([b[0], b[1]]);
    }
    Some(out)
}

#[test]
#[ignore = "about 20 s: run with --ignored where gnubg is installed"]
fn gnubgs_rounding_rebuilds_its_one_sided_database() {
    let Ok(bytes) = std::fs::read(DB) else {
        eprintln!("skipped: {DB} not found (install gnubg)");
        return;
    };
    assert!(
        bytes.starts_with(b"gnubg-OS-06-15-1-1-"),
        "an unknown database"
    );
    let index: Vec<usize> = (0..PLACEMENTS).map(|r| gnubg_index(&unrank(r))).collect();
    let q = super::gnubg_rounding::table();
    let exact = &tables().off;
    let (mut differ, mut units, mut largest) = (0, 0u16, 0.0f64);
    for (r, rounded) in q.iter().enumerate() {
        let file = read(&bytes, index[r]).expect("a position of the file");
        if file != *rounded {
            differ += 1;
        }
        for (f, g) in file.iter().zip(rounded) {
            units = units.max(f.abs_diff(*g));
        }
        for (e, f) in exact[r].iter().zip(file) {
            largest = largest.max((f64::from(*e) - f64::from(f) / 65535.0).abs());
        }
    }
    eprintln!(
        "rebuilt with gnubg's rounding: {differ} of {PLACEMENTS} positions differ from gnubg's file, \
         by at most {units} unit(s) of 1/65535; the exact table differs from the file by at most {largest:.2e}"
    );
    assert_eq!(
        differ, 0,
        "positions unlike gnubg's file, by at most {units} unit(s)"
    );
}

/// gnubg's two-sided database of up to six chequers a side, rebuilt with
/// gnubg's arithmetic (`makebearoff.c`'s `BearOff2`): signed 16-bit
/// equities (32767 a win, -32768 a loss), a successor's seen from the
/// mover as its complement `-e - 1`, each throw's best summed and the sum
/// divided by 36, truncated toward zero; the file holds `e + 0x8000`, the
/// entry of (on roll `us`, `them`) at `gnubg_index(us) · 924 +
/// gnubg_index(them)`.
#[test]
#[ignore = "about 2 min: runs gnubg's makebearoff -t 6x6; run with --ignored where gnubg is installed"]
fn gnubgs_arithmetic_rebuilds_its_two_sided_database() {
    const MAKE: &str = "/usr/games/makebearoff";
    if !std::path::Path::new(MAKE).exists() {
        eprintln!("skipped: {MAKE} not found (install gnubg)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("racegames-ts66-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ts66.bd");
    let made = std::process::Command::new(MAKE)
        .current_dir(&dir)
        .args(["-t", "6x6", "-f"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        bytes.starts_with(b"gnubg-TS-06-06-1"),
        "an unknown database"
    );
    let n = choose(CHECKERS + POINTS, POINTS);
    let mut order: Vec<(usize, usize)> = (1..n).flat_map(|x| (1..n).map(move |y| (x, y))).collect();
    order.sort_by_key(|&(x, y)| pips(&unrank(x)) + pips(&unrank(y)));
    let (won, lost) = (0x7FFFi32, !0x7FFFi32);
    let mut e = vec![lost; n * n];
    e[..n].fill(won);
    for (x, y) in order {
        let c = unrank(x);
        let mut total = 0;
        for a in 1..=6 {
            for b in 1..=a {
                let best = ends(&c, a, b)
                    .iter()
                    .map(|end| !e[y * n + rank(end)])
                    .max()
                    .unwrap();
                total += if a == b { best } else { 2 * best };
            }
        }
        e[x * n + y] = total / 36;
    }
    let exact = super::two_sided::table();
    let (mut same, mut largest) = (0, 0.0f64);
    for x in 0..n {
        for y in 0..n {
            let at = 40 + 8 * (gnubg_index(&unrank(x)) * n + gnubg_index(&unrank(y)));
            let unit = i32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
            same += usize::from(e[x * n + y] + 0x8000 == unit);
            let theirs = f64::from(unit) / 32767.5 - 1.0;
            largest = largest.max((2.0 * exact.get(x, y) - 1.0 - theirs).abs());
        }
    }
    eprintln!(
        "rebuilt with gnubg's arithmetic: {same} of {} equities equal gnubg's file; \
         the exact table differs from the file by at most {largest:.2e} in equity",
        n * n
    );
    assert_eq!(same, n * n);
    // The file's rounding compounds to a few units of 1/32767.5.
    assert!(largest < 5.0 / 32767.5, "{largest}");
}

//! Reading a policy file from disk: regular files only, the magic bytes
//! first, the size capped before anything else is read.

use std::io::Read;

use super::MAGIC;

/// The largest policy file read (the largest net [`super::MAX_WEIGHTS`]
/// allows is bigger, but no shipped or trained policy comes near it).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The bytes of the policy file at `path`, checked before they are read:
/// it must be a regular file (not a directory, FIFO or device), start with
/// the magic bytes `RGPL` and be at most [`MAX_FILE_BYTES`] long. The
/// error says which, in words, with the path cut short.
///
/// ```
/// use racegames_players::policy::read_policy_file;
/// let err = read_policy_file(std::path::Path::new("/")).unwrap_err();
/// assert!(err.contains("not a regular file"));
/// ```
pub fn read_policy_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let shown: String = path.display().to_string().chars().take(200).collect();
    let cannot = |e: std::io::Error| format!("cannot read policy file {shown:?}: {e}");
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!("policy file {shown:?} is not a regular file"));
    }
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    let mut magic = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match file.read(&mut magic[got..]).map_err(cannot)? {
            0 => break,
            n => got += n,
        }
    }
    if got < 4 || magic != MAGIC {
        return Err(format!(
            "policy file {shown:?}: {}",
            super::PolicyError::Magic
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "policy file {shown:?} is {} bytes, more than the {MAX_FILE_BYTES} a policy may have",
            meta.len()
        ));
    }
    let mut bytes = magic.to_vec();
    // Capped again while reading: the file may have grown since.
    file.take(MAX_FILE_BYTES - 4)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    Ok(bytes)
}

//! Reading a net file from disk, bounded: a regular file, a magic first,
//! at most [`MAX_FILE_BYTES`] long.

use std::io::Read;

use super::{FileError, LEGACY_POLICY_MAGIC, LEGACY_VALUE_MAGIC, MAGIC, MAX_FILE_BYTES};

/// Why a net or policy file could not be read from disk: each message names
/// the path (cut to 200 characters).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadFileError {
    /// The file system refused (no such file, no permission, ...).
    #[error("cannot read net file {path:?}: {source}")]
    Io {
        /// The path, cut short.
        path: String,
        /// What the file system said.
        source: std::io::Error,
    },
    /// A directory, FIFO or device, which is never read.
    #[error("net file {path:?} is not a regular file")]
    NotAFile {
        /// The path, cut short.
        path: String,
    },
    /// Longer than a net may be ([`MAX_FILE_BYTES`]).
    #[error("net file {path:?} is {size} bytes, more than the {max} a net may have")]
    TooLarge {
        /// The path, cut short.
        path: String,
        /// The file's size.
        size: u64,
        /// The most a net file may have.
        max: u64,
    },
    /// Read, but not a net file: no magic, or content [`NetFile::from_bytes`](super::NetFile::from_bytes)
    /// refuses.
    #[error("net file {path:?}: {error}")]
    Content {
        /// The path, cut short.
        path: String,
        /// What is wrong with the bytes.
        error: FileError,
    },
}

/// The path as shown in messages: at most 200 characters.
pub(super) fn shown(path: &std::path::Path) -> String {
    path.display().to_string().chars().take(200).collect()
}

/// The bytes of the net file at `path`, checked before they are read: it
/// must be a regular file (not a directory, FIFO or device), start with
/// one of the magics `RGNF`, `RGNT` or `RGPL` and be at most
/// [`MAX_FILE_BYTES`] long. The error says which, in words, with the path
/// cut short.
///
/// ```
/// use racegames_players::net::file::{read_net_file, ReadFileError};
/// let err = read_net_file(std::path::Path::new("/")).unwrap_err();
/// assert!(matches!(err, ReadFileError::NotAFile { .. }));
/// assert!(err.to_string().contains("not a regular file"));
/// ```
///
/// # Errors
///
/// A [`ReadFileError`] that says which check failed.
pub fn read_net_file(path: &std::path::Path) -> Result<Vec<u8>, ReadFileError> {
    let shown = shown(path);
    let cannot = |source: std::io::Error| ReadFileError::Io {
        path: shown.clone(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(ReadFileError::NotAFile { path: shown });
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
    if got < 4 || ![MAGIC, LEGACY_VALUE_MAGIC, LEGACY_POLICY_MAGIC].contains(&magic) {
        return Err(ReadFileError::Content {
            path: shown,
            error: FileError::Magic,
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadFileError::TooLarge {
            path: shown,
            size: meta.len(),
            max: MAX_FILE_BYTES,
        });
    }
    let mut bytes = magic.to_vec();
    // Capped again while reading: the file may have grown since.
    file.take(MAX_FILE_BYTES - 4)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    Ok(bytes)
}

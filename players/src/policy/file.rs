//! Reading a policy file from disk: the one bounded net file reader.

pub use crate::net::file::{ReadFileError, MAX_FILE_BYTES};

/// The bytes of the policy file at `path`, checked before they are read
/// as [`crate::net::file::read_net_file`] does: a regular file, a net
/// file's magic first, at most [`MAX_FILE_BYTES`] long.
///
/// ```
/// use racegames_players::policy::read_policy_file;
/// let err = read_policy_file(std::path::Path::new("/")).unwrap_err();
/// assert!(err.to_string().contains("not a regular file"));
/// ```
///
/// # Errors
///
/// A [`ReadFileError`] that says which check failed.
pub fn read_policy_file(path: &std::path::Path) -> Result<Vec<u8>, ReadFileError> {
    crate::net::file::read_net_file(path)
}

//! Rewrites net files (value nets or policies, legacy `RGNT` or `RGPL`
//! layouts included) in the current net file layout, checking that the
//! new file reads back as the same net.
//!
//! ```text
//! cargo run -p racegames-players --example convert_net -- OLD NEW [OLD NEW ...]
//! ```
//!
//! `OLD` and `NEW` may be the same path: the file is replaced only once
//! the new bytes are checked.

use racegames_players::net::file::NetFile;

fn convert(old: &str, new: &str) -> Result<(), String> {
    let file = NetFile::from_path(std::path::Path::new(old)).map_err(|e| e.to_string())?;
    let bytes = file.to_bytes();
    if NetFile::from_bytes(&bytes).as_ref() != Ok(&file) {
        return Err(format!(
            "{old}: the rewritten file does not read back the same"
        ));
    }
    let tmp = format!("{new}.tmp");
    std::fs::write(&tmp, &bytes).map_err(|e| format!("cannot write {tmp}: {e}"))?;
    std::fs::rename(&tmp, new).map_err(|e| format!("cannot write {new}: {e}"))?;
    println!("{old} -> {new}: {:?} net, {} bytes", file.kind, bytes.len());
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.len() % 2 != 0 {
        eprintln!("usage: convert_net OLD NEW [OLD NEW ...]");
        std::process::exit(2);
    }
    for pair in args.chunks_exact(2) {
        if let Err(e) = convert(&pair[0], &pair[1]) {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}

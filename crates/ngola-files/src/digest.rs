//! SHA-256 digests, in lowercase hex: of bytes (a database level's
//! entries) and of a whole file read in blocks (a network a run reads).

use std::io::Read;
use std::path::Path;

use sha2::{Digest, Sha256};

/// SHA-256 of `data`, lowercase hex.
pub fn sha256_hex(data: &[u8]) -> String {
    hex(&Sha256::digest(data))
}

/// SHA-256 of the file at `path`, read in blocks, lowercase hex.
pub fn file_sha256(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut block)?;
        if n == 0 {
            break;
        }
        hasher.update(&block[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_has_the_digest_of_its_bytes() {
        // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        assert_eq!(sha256_hex(b"abc"), abc);
        let path = std::env::temp_dir().join(format!("ngola-files-digest-{}", std::process::id()));
        std::fs::write(&path, b"abc").unwrap();
        assert_eq!(file_sha256(&path).unwrap(), abc);
        std::fs::remove_file(&path).unwrap();
    }
}

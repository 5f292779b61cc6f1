//! UTC time stamps for default file and folder names, without a date
//! crate: `yyyymmdd-hhmmss`.

use ngola_arena::provenance::civil_from_days;

/// The UTC stamp `yyyymmdd-hhmmss` of a time in seconds since 1970.
pub fn utc_stamp(unix_seconds: u64) -> String {
    let (year, month, day) = civil_from_days((unix_seconds / 86_400) as i64);
    let rest = unix_seconds % 86_400;
    format!(
        "{year:04}{month:02}{day:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_stamps_of_known_times() {
        assert_eq!(utc_stamp(0), "19700101-000000");
        // 2000-02-29 12:34:56 UTC, a leap day.
        assert_eq!(utc_stamp(951_827_696), "20000229-123456");
        // 2026-03-01 00:00:00 UTC.
        assert_eq!(utc_stamp(1_772_323_200), "20260301-000000");
        // 2024-02-29 13:05:09 UTC is 19_782 days, then 47_109 s.
        assert_eq!(utc_stamp(1_709_211_909), "20240229-130509");
    }
}

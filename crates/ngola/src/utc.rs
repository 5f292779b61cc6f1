//! UTC time stamps for default file and folder names, without a date
//! crate: `yyyymmdd-hhmmss`.

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

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
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

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}

//! Game records (`ngola play` saves them; `ngola replay --record` reads
//! them): a record read is written in a form that reads back to the same
//! record, and writing that again gives the same text.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ngola_fuzz::text;
use ngola_viz::record::Record;

fuzz_target!(|data: &[u8]| {
    let Some(input) = text(data) else { return };
    let Ok(record) = Record::parse(input) else {
        return;
    };
    let written = record.to_string();
    let again = match Record::parse(&written) {
        Ok(again) => again,
        Err(e) => panic!("the written record does not read back ({e}):\n{written}"),
    };
    assert_eq!(again, record, "written as:\n{written}");
    assert_eq!(again.to_string(), written);
});

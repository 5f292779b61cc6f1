//! Game records (`ngola play` saves them; `ngola replay --record` reads
//! them): a record read is written in a form that reads back to the same
//! record, and writing that again gives the same text.

use crate::text;
use ngola_viz::record::Record;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
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
}

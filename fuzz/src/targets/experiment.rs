//! Experiment files (TOML): an experiment that reads and checks, with its
//! rules resolved against its game, is written by `to_toml` as a file that
//! reads back to the same experiment, which writes the same file again.
//! (An `openings` suite file is dropped before checking: the target reads
//! no files; the `suite` target covers suites.)

use crate::text;
use ngola_arena::{Experiment, ExperimentDraft};
use ngola_rules::with_game;

/// Checks one input (see the module's documentation); panics on a
/// failure, returns on input the format refuses.
pub fn fuzz(data: &[u8]) {
    let Some(input) = text(data) else { return };
    let Ok(mut draft) = ExperimentDraft::from_toml(input) else {
        return;
    };
    draft.openings = None;
    let Ok(mut experiment) = draft.finish() else {
        return;
    };
    if resolve(&mut experiment).is_none() {
        return;
    }
    // `out` is the one field a written file leaves out.
    experiment.out = None;
    let written = experiment.to_toml();
    let mut again = match ExperimentDraft::from_toml(&written).map(ExperimentDraft::finish) {
        Ok(Ok(again)) => again,
        Ok(Err(e)) => panic!("the written experiment is refused ({e}):\n{written}"),
        Err(e) => panic!("the written experiment does not read ({e}):\n{written}"),
    };
    assert!(
        resolve(&mut again).is_some(),
        "its rules are refused:\n{written}"
    );
    assert_eq!(again, experiment, "written as:\n{written}");
    assert_eq!(again.to_toml(), written);
}

/// Resolves the rules against the experiment's game; `None` if refused.
fn resolve(experiment: &mut Experiment) -> Option<()> {
    let kind = experiment.game;
    with_game!(kind, G => experiment.resolve::<G>().ok().map(|_| ()))
}

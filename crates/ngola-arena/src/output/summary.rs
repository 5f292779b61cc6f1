//! The summary table printed at the end of a run (and kept in
//! `summary.txt`).

use crate::experiment::Experiment;
use crate::openings::OpeningsNote;
use crate::runner::SprtStatus;
use crate::stats::sprt;
use crate::stats::Statistics;

use super::{percent, signed};

/// The summary table printed at the end of a run (and kept in
/// `summary.txt`): the openings, standings with the joint ratings,
/// pairings, first player, endings, distinct games, SPRT. Agents are named
/// by their labels (short names, or specs as given); the files keep the
/// canonical specs.
pub fn summary(
    experiment: &Experiment,
    stats: &Statistics,
    sprt_status: Option<&SprtStatus>,
    openings: &OpeningsNote,
) -> String {
    let mut out = String::new();
    out += &format!(
        "{} on {}: {} agents, {}, {} games per pairing, seed {}{}\n",
        experiment.name,
        experiment.game,
        experiment.agents.len(),
        experiment.format,
        experiment.games,
        experiment.seed,
        experiment
            .shard
            .map_or(String::new(), |s| format!(", shard {s}")),
    );
    let distinct = stats
        .distinct_games
        .map_or(String::new(), |d| format!(" ({d} distinct)"));
    out += &format!(
        "{} games{distinct}, {:.1} plies per game\n",
        stats.games, stats.mean_plies
    );
    out += &openings.lines();
    out += "\n";
    let display = experiment.display_names();
    let label = |id: u32, agent: &str| -> String {
        display
            .get(id as usize)
            .map_or(agent.to_string(), String::clone)
    };
    out += &standings(stats, &label);
    out += "\n";
    out += &pairings(stats, &label);
    out += &results(stats, sprt_status);
    out
}

/// The standings, best score first, each with its rating of the joint fit
/// (the table's one Elo); each agent's performance Elo against its own
/// opponents stays in `standings.csv`.
fn standings(stats: &Statistics, label: &dyn Fn(u32, &str) -> String) -> String {
    let width = stats
        .standings
        .iter()
        .map(|s| label(s.id, &s.agent).chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = format!(
        "{:>4}  {:<width$}  {:>6} {:>6} {:>6} {:>6}  {:>6}  {:>7}  95% interval\n",
        "rank", "agent", "games", "wins", "draws", "losses", "score", "Elo"
    );
    let ratings = &stats.ratings;
    for (rank, s) in stats.standings.iter().enumerate() {
        let rating = ratings.ratings.iter().find(|r| r.id == s.id);
        let elo = match rating {
            Some(r) if r.elo.is_finite() => format!(
                "{:>7}  {}",
                signed(r.elo, 1),
                elo_interval(r.elo_low, r.elo_high)
            ),
            Some(r) if r.elo.is_infinite() => format!(
                "{:>7}  (perfect scores separate it from the anchor's group)",
                if r.elo > 0.0 { "above" } else { "below" }
            ),
            _ => format!("{:>7}  (no games linking it to the anchor's)", "none"),
        };
        let name = label(s.id, &s.agent);
        let pad = width - name.chars().count();
        out += &format!(
            "{:>4}  {name}{:pad$}  {:>6} {:>6} {:>6} {:>6}  {:>6}  {elo}\n",
            rank + 1,
            "",
            s.wdl.games(),
            s.wdl.wins,
            s.wdl.draws,
            s.wdl.losses,
            percent(s.estimate.score),
        );
    }
    let anchor = stats
        .standings
        .iter()
        .find(|s| s.id == ratings.anchor)
        .map_or(String::new(), |s| label(s.id, &s.agent));
    out += &format!(
        "Elo: the joint fit (logistic, maximum likelihood over every colour-swapped pair,\n\
         {anchor} = 0), one scale for all agents whoever they met; each agent's Elo\n\
         against the field of its own opponents is in standings.csv, the fit in ratings.csv.\n"
    );
    out
}

/// An Elo interval as the summary prints it, `[low, high]`; an end at
/// `±inf` (the score interval reaches 0% or 100%, where Elo has no finite
/// value) is left out and the other said in words: `[at least -42.9]`.
fn elo_interval(low: f64, high: f64) -> String {
    match (low.is_finite(), high.is_finite()) {
        (true, true) => format!("[{}, {}]", signed(low, 1), signed(high, 1)),
        (true, false) => format!("[at least {}]", signed(low, 1)),
        (false, true) => format!("[at most {}]", signed(high, 1)),
        (false, false) => "[no bound either way]".to_string(),
    }
}

/// Each pairing from `a`'s side, and a note where games repeat.
fn pairings(stats: &Statistics, label: &dyn Fn(u32, &str) -> String) -> String {
    let mut out =
        "pairing (a vs b)  a's wins-draws-losses, score, Elo [95%], as South / as North\n"
            .to_string();
    for p in &stats.pairings {
        let e = &p.estimate;
        let wdl = |w: &crate::stats::Wdl| format!("{}-{}-{}", w.wins, w.draws, w.losses);
        let games = p.a_total.games();
        let elo = if e.elo == f64::INFINITY {
            format!(", no losses in {games} games, Elo")
        } else if e.elo == f64::NEG_INFINITY {
            format!(", no wins or draws in {games} games, Elo")
        } else {
            format!(" {}", signed(e.elo, 1))
        };
        out += &format!(
            "  {} vs {}: {}, {}{elo} {}, {} / {}\n",
            label(p.a_id, &p.a),
            label(p.b_id, &p.b),
            wdl(&p.a_total),
            percent(e.score),
            elo_interval(e.elo_low, e.elo_high),
            wdl(&p.a_south),
            wdl(&p.a_north),
        );
    }
    let repeated = stats.pairings.iter().filter(|p| p.repeated).count();
    if repeated > 0 {
        out += &format!(
            "note: in {repeated} pairing(s) the games repeat (same result, length and totals for \
             each colour): deterministic agents from one start replay one game; vary the starts \
             with opening_plies\n"
        );
    }
    out
}

/// The first player's results, the endings and the SPRT.
fn results(stats: &Statistics, sprt_status: Option<&SprtStatus>) -> String {
    let mut out = String::new();
    if let Some(f) = stats.overall_first_player() {
        out += &format!(
            "\nfirst player (South): {} wins, {} draws, {} losses in {} games: score {} [{}, {}] (Wilson 95%)\n",
            f.south.wins,
            f.south.draws,
            f.south.losses,
            f.south.games(),
            percent(f.score),
            percent(f.wilson.0),
            percent(f.wilson.1),
        );
    }
    let endings: Vec<String> = stats
        .terminations
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(reason, n)| format!("{} {n}", reason.as_str()))
        .collect();
    out += &format!("endings: {}\n", endings.join(", "));
    if let Some(s) = sprt_status {
        let (lower, upper) = sprt::bounds(&s.config);
        out += &format!(
            "SPRT ({}; logistic Elo, pentanomial GSPRT): LLR {:.3} in [{:.3}, {:.3}] after {} pairs: {}\n",
            s.config,
            s.llr,
            lower,
            upper,
            s.pairs,
            s.decision.as_str(),
        );
    }
    out
}

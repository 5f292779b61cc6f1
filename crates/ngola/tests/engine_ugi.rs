//! `ngola engine` speaks UGI: a session through the real program covering
//! the handshake, every option, every position form, every `go` form, the
//! queries and the errors (the engine answers and goes on).

use crate::common;

use std::time::Duration;

/// Runs `ngola engine ARGS` on `input` and returns its answer lines, its
/// exit status; fails the test if the engine takes more than a minute (a
/// `go` limit that is not honoured never ends on the agents used here).
fn engine(args: &[&str], input: &[u8]) -> (Vec<String>, std::process::ExitStatus) {
    common::engine_session(args, input, Duration::from_secs(60))
}

#[test]
fn handshake_lists_the_options_then_ugiok_and_isready_answers_readyok() {
    let (out, status) = engine(
        &["kalah", "--agent", "random", "--rule", "seeds=3"],
        b"ugi\nisready\nquit\n",
    );
    assert!(status.success());
    assert!(out[0].starts_with("id name ngola "), "{out:?}");
    assert!(out[0].ends_with(" random"), "{out:?}");
    assert!(out[1].starts_with("id author "), "{out:?}");
    assert_eq!(
        out[2],
        "option name game type combo default kalah var mangola var umelbagara var kalah var oware"
    );
    // The rules the engine plays now, every key explicit.
    assert_eq!(
        out[3],
        "option name rules type string default pits=6,seeds=3,empty_capture=false,max_plies=1000"
    );
    assert!(out[4].starts_with("option name seed type spin default 1 min 0 max "));
    assert_eq!(out[5..], ["ugiok", "readyok"]);
}

#[test]
fn options_switch_game_rules_and_seed_or_answer_info_error() {
    let input = "\
setoption name rules value pits=2,seeds=1
position startpos
show
setoption name rules value pits=9
setoption name rules value bogus=1
show
setoption name rules value
show
setoption name game value oware
show
setoption name rules value houses=3,seeds=2
show
setoption name game value chess
show
setoption name colour value red
setoption name seed value many
setoption name seed value 42
setoption name game value kalah
show
quit
";
    let (out, status) = engine(&["kalah", "--agent", "random"], input.as_bytes());
    assert!(status.success());
    assert_eq!(out[0], "position kalah 1,1/1,1 S 0 0,0");
    // Rules the engine cannot play: `info error <reason>`, rules unchanged.
    assert!(
        out[1].starts_with("info error cannot play rules `pits=9`"),
        "{}",
        out[1]
    );
    assert!(
        out[2].starts_with("info error") && out[2].contains("bogus"),
        "{}",
        out[2]
    );
    assert_eq!(out[3], "position kalah 1,1/1,1 S 0 0,0");
    // An empty rule set is the defaults.
    assert_eq!(out[4], "position kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    assert_eq!(out[5], "position oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    assert_eq!(out[6], "position oware 2,2,2/2,2,2 S 0 0,0");
    assert!(
        out[7].starts_with("info error unknown game `chess`"),
        "{}",
        out[7]
    );
    assert_eq!(out[8], "position oware 2,2,2/2,2,2 S 0 0,0");
    assert!(
        out[9].starts_with("info error unknown option `colour`"),
        "{}",
        out[9]
    );
    assert!(out[10].starts_with("info error seed `many`"), "{}", out[10]);
    assert_eq!(out[11], "position kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0");
    assert_eq!(out.len(), 12, "{out:?}");
}

#[test]
fn the_seed_option_makes_a_random_agent_replay_its_choices() {
    let game = "uginewgame\nposition startpos\ngo\nposition startpos moves a1\ngo\nposition startpos moves a1 b3\ngo\n";
    let input = format!(
        "setoption name seed value 7\n{game}setoption name seed value 8\n{game}setoption name seed value 7\n{game}"
    );
    let (out, _) = engine(&["oware", "--agent", "random"], input.as_bytes());
    assert_eq!(out.len(), 9, "{out:?}");
    assert_eq!(out[0..3], out[6..9], "seed 7 twice");
    assert_ne!(
        out[0..3],
        out[3..6],
        "seeds 7 and 8 (3 random moves of 6 alike is unlikely)"
    );
}

#[test]
fn every_position_form_and_an_illegal_move_leaves_the_position_unchanged() {
    let input = "\
position startpos moves a3
show
position startpos moves a3 a6
show
position fen kalah 0,0,0,0,1,0/0,0,0,0,0,10 S 40 21,16 moves a5
show
position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0
show
position startpos moves a3 a9
show
position fen kalah 4,4 S 0 0,0
position fen
show
quit
";
    let (out, _) = engine(&["kalah", "--agent", "random"], input.as_bytes());
    assert_eq!(out[0], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
    // The same moves and one more (a runner's next position): as a fresh
    // `position startpos moves a3 a6` gives it.
    assert_eq!(out[1], "position kalah 4,4,0,5,5,0/4,4,5,5,5,5 N 2 2,0");
    // a5 ends in the empty a6 and captures the 10 seeds facing it.
    assert_eq!(out[2], "position kalah 0,0,0,0,0,0/0,0,0,0,0,0 N 41 32,16");
    assert_eq!(out[3], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
    assert!(
        out[4].starts_with("error cannot read move `a9`"),
        "{}",
        out[4]
    );
    assert_eq!(out[5], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
    assert!(out[6].starts_with("error "), "{}", out[6]);
    assert!(out[7].starts_with("error position needs"), "{}", out[7]);
    assert_eq!(out[8], "position kalah 4,4,0,5,5,5/4,4,4,4,4,4 S 1 1,0");
    assert_eq!(out.len(), 9, "{out:?}");
}

#[test]
fn every_go_form_is_honoured_where_the_agent_alone_would_not_stop() {
    // Alpha-beta with depth 100 on Mangola's start would not finish: each
    // `go` returns only because its limit stops the search.
    let input = "\
position startpos
go depth 3
go nodes 3000
go movetime 50
go p1time 2000 p2time 2000 p1inc 10 p2inc 10
go p1time 500 p2time 100000
position startpos moves a1
go p1time 100000 p2time 300 p1inc 0 p2inc 0
quit
";
    let (out, status) = engine(
        &["mangola", "--agent", "alphabeta:depth=100"],
        input.as_bytes(),
    );
    assert!(status.success());
    assert_eq!(out.len(), 6, "{out:?}");
    for line in &out {
        assert!(line.starts_with("bestmove "), "{line}");
    }
    // Plain `go` and `go infinite`: the agent's own budget.
    let (out, _) = engine(
        &["mangola", "--agent", "alphabeta:depth=2"],
        b"go\ngo infinite\nquit\n",
    );
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out.iter().all(|l| l.starts_with("bestmove ")), "{out:?}");
    // MCTS with a huge simulation budget, stopped by the call's limits.
    let (out, _) = engine(
        &["kalah", "--agent", "mcts:sims=1000000000000"],
        b"go nodes 100\ngo movetime 30\ngo depth 2\ngo p1time 300 p2time 300\nquit\n",
    );
    assert_eq!(out.len(), 4, "{out:?}");
    assert!(out.iter().all(|l| l.starts_with("bestmove a")), "{out:?}");
}

#[test]
fn a_forced_move_is_the_answer_to_every_go_form() {
    // South's only seed is in a6: every form must answer it.
    let input = "\
position fen kalah 0,0,0,0,0,1/1,0,0,0,0,0 S 40 23,23
go
go depth 4
go nodes 10
go movetime 10
go p1time 1000 p2time 1000 p1inc 0 p2inc 0
go infinite
";
    let (out, _) = engine(&["kalah", "--agent", "alphabeta:depth=6"], input.as_bytes());
    assert_eq!(out, vec!["bestmove a6"; 6]);
}

#[test]
fn queries_answer_turn_end_and_result() {
    let input = "\
query gameover
query p1turn
query result
position startpos moves a3
query p1turn
position startpos moves a3 a6
query p1turn
position fen kalah 0,0,0,0,0,1/0,0,0,0,0,1 S 40 24,22 moves a6
query gameover
query result
go
position fen kalah 0,0,0,0,0,1/0,0,0,0,0,1 S 40 20,26 moves a6
query result
position fen kalah 0,0,0,0,0,1/0,0,0,0,0,1 S 40 23,23 moves a6
query result
query colour
";
    let (out, _) = engine(&["kalah", "--agent", "random"], input.as_bytes());
    assert_eq!(
        out[..9],
        [
            "response false",
            "response true",
            "response none",
            // a3 ends in South's store: South again.
            "response true",
            "response false",
            "response true",
            "response p1win",
            "error the game is over (S, natural)",
            "response p2win",
        ]
    );
    assert_eq!(out[9], "response draw");
    assert!(
        out[10].starts_with("error unknown query `colour`"),
        "{}",
        out[10]
    );
}

#[test]
fn bad_lines_answer_error_and_the_engine_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"fly\n");
    input.extend_from_slice(b"\xff\xfe not utf-8\n");
    input.extend_from_slice(b"isready\n");
    input.extend_from_slice(b"go depth x\n");
    input.extend_from_slice(b"go wtime 5\n");
    input.extend_from_slice(b"setoption seed 3\n");
    input.extend_from_slice(b"uginewgame\nstop\n\nquery p1turn\n");
    // No `quit`: the end of input ends the engine too.
    let (out, status) = engine(&["kalah", "--agent", "random"], &input);
    assert!(status.success(), "{status}");
    assert!(
        out[0].starts_with("error unknown command `fly`"),
        "{}",
        out[0]
    );
    assert!(
        out[1].starts_with("error the line is not UTF-8"),
        "{}",
        out[1]
    );
    assert_eq!(out[2], "readyok");
    assert!(out[3].starts_with("error go: `depth x`"), "{}", out[3]);
    assert!(
        out[4].starts_with("error go: unknown word `wtime`"),
        "{}",
        out[4]
    );
    assert!(
        out[5].starts_with("info error setoption: expected"),
        "{}",
        out[5]
    );
    assert_eq!(out[6], "response true");
    assert_eq!(out.len(), 7, "{out:?}");
}

#[test]
fn rules_the_agents_database_is_not_of_are_refused_as_a_tournament_refuses_them() {
    let db_text = common::small_kalah_database("engine-tb");
    let agent = format!("alphabeta:depth=2,tb={db_text}");
    let input = "\
setoption name rules value pits=3
show
setoption name rules value pits=2,max_plies=0
show
quit
";
    let args = ["kalah", "--rule", "pits=2", "--agent", &agent];
    let (out, status) = engine(&args, input.as_bytes());
    assert!(status.success());
    assert!(
        out[0].starts_with("info error the agent cannot play rules `pits=3`: tb=")
            && out[0].contains("other rules of play"),
        "{}",
        out[0]
    );
    // The rules stay those the agent can play.
    assert_eq!(out[1], "position kalah 4,4/4,4 S 0 0,0");
    assert_eq!(out[2], "position kalah 4,4/4,4 S 0 0,0");
    assert_eq!(out.len(), 3, "{out:?}");
    // Started on such rules: refused before the session, exit 2.
    common::refused(
        &["engine", "kalah", "--rule", "pits=3", "--agent", &agent],
        &["other rules of play"],
    );
}

//! Command-line handling shared by the agent examples.

use ngola_agents::AgentSpec;

/// The command line less the program name, split into the values of every
/// `--rule KEY=VALUE` and the other arguments (in order).
pub fn rules_and_args() -> (Vec<String>, Vec<String>) {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut rules = Vec::new();
    while let Some(i) = args.iter().position(|a| a == "--rule") {
        if i + 1 < args.len() {
            rules.push(args.remove(i + 1));
        }
        args.remove(i);
    }
    (rules, args)
}

/// An agent spec argument, or the parse error as text.
pub fn spec(text: &str) -> Result<AgentSpec, String> {
    text.parse()
        .map_err(|e: ngola_agents::SpecError| e.to_string())
}

/// Prints `program: error` and exits with status 2 on an error.
pub fn exit_on_error(program: &str, result: Result<(), String>) {
    if let Err(e) = result {
        eprintln!("{program}: {e}");
        std::process::exit(2);
    }
}

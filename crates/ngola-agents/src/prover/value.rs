//! A position's value as a sequence of questions, and the line of play
//! a proof follows.

use ngola_rules::MoveList;

use super::search::{Context, Search};
use super::{table, Answer, Asked, Monitor, Prover, Question, Target, Value};
use crate::eval::Evaluate;

impl<G: Evaluate> Prover<G> {
    /// The value of `root` (see the module documentation): the questions
    /// asked in turn, the principal variation of the deciding proof.
    ///
    /// ```
    /// use ngola_agents::prover::{Prover, ProverConfig, Silent};
    /// use ngola_rules::mangola::{Mangola, MangolaRules};
    /// use ngola_rules::{Game, RuleOptions};
    ///
    /// // Mangola on a 4 x 3 board: the side to move (South) loses.
    /// let rules = MangolaRules::from_assignments(&["columns=3"]).unwrap();
    /// let config = ProverConfig { tt_mb: 16, ..ProverConfig::default() };
    /// let mut prover = Prover::<Mangola>::new(config, None).unwrap();
    /// let value = prover.value(&Mangola::start(rules), &mut Silent);
    /// assert_eq!((value.result, value.margin), (Some(-1), 0));
    /// assert!(!value.pv.is_empty()); // the loser's longest resistance
    /// ```
    pub fn value(&mut self, root: &G, monitor: &mut dyn Monitor) -> Value<G::Move> {
        self.begin(root);
        let me = root.to_move();
        let opp = me.opponent();
        let mut value = Value {
            result: None,
            margin: 0,
            bounds: (i32::MIN, i32::MAX),
            proof: None,
            depth: None,
            pv: Vec::new(),
            asked: Vec::new(),
            nodes: 0,
            seconds: 0.0,
        };
        let mut ask = |prover: &mut Self, q: Question| -> Asked { prover.ask(root, q, monitor) };
        if !G::SCORED {
            let win = Question {
                attacker: me,
                target: Target::Win,
            };
            let lose = Question {
                attacker: opp,
                target: Target::Win,
            };
            let a = ask(self, win);
            match a.answer {
                Answer::Proven => {
                    value.result = Some(1);
                    value.proof = Some(win);
                }
                Answer::Unknown => {}
                Answer::Disproven => {
                    let b = ask(self, lose);
                    match b.answer {
                        Answer::Proven => {
                            value.result = Some(-1);
                            value.proof = Some(lose);
                        }
                        Answer::Disproven => value.result = Some(0),
                        Answer::Unknown => {}
                    }
                }
            }
        } else {
            // P(m): the side to move can force a margin of at least m.
            // m >= 1: "me margin>=m"; m <= 0: not "opponent margin>=1-m".
            let mut p = |prover: &mut Self, m: i32| -> Option<bool> {
                let (q, flip) = if m >= 1 {
                    (
                        Question {
                            attacker: me,
                            target: Target::Margin(m),
                        },
                        false,
                    )
                } else {
                    (
                        Question {
                            attacker: opp,
                            target: Target::Margin(1 - m),
                        },
                        true,
                    )
                };
                match ask(prover, q).answer {
                    Answer::Proven => Some(!flip),
                    Answer::Disproven => Some(flip),
                    Answer::Unknown => None,
                }
            };
            // Known: P(lo) true, P(hi) false.
            let (mut lo, mut hi) = (i32::MIN, i32::MAX);
            let mut undecided = false;
            match p(self, 1) {
                Some(true) => {
                    lo = 1;
                    // Double upwards until P fails.
                    let mut step = 1;
                    loop {
                        let m = lo.saturating_add(step);
                        match p(self, m) {
                            Some(true) => lo = m,
                            Some(false) => {
                                hi = m;
                                break;
                            }
                            None => {
                                undecided = true;
                                break;
                            }
                        }
                        step = step.saturating_mul(2);
                        if m >= 1 << 16 {
                            break;
                        }
                    }
                }
                Some(false) => {
                    hi = 1;
                    match p(self, 0) {
                        Some(true) => lo = 0,
                        Some(false) => {
                            hi = 0;
                            let mut step = 1;
                            loop {
                                let m = hi.saturating_sub(step);
                                match p(self, m) {
                                    Some(true) => {
                                        lo = m;
                                        break;
                                    }
                                    Some(false) => hi = m,
                                    None => {
                                        undecided = true;
                                        break;
                                    }
                                }
                                step = step.saturating_mul(2);
                                if m <= -(1 << 16) {
                                    break;
                                }
                            }
                        }
                        None => undecided = true,
                    }
                }
                None => undecided = true,
            }
            while !undecided && hi.saturating_sub(lo) > 1 && lo != i32::MIN && hi != i32::MAX {
                let mid = lo + (hi - lo) / 2;
                match p(self, mid) {
                    Some(true) => lo = mid,
                    Some(false) => hi = mid,
                    None => undecided = true,
                }
            }
            value.bounds = (lo, hi.saturating_sub(1));
            if !undecided && hi.saturating_sub(lo) == 1 {
                value.margin = lo;
                value.result = Some(lo.signum());
                value.proof = match lo.signum() {
                    1 => Some(Question {
                        attacker: me,
                        target: Target::Margin(lo),
                    }),
                    -1 => Some(Question {
                        attacker: opp,
                        target: Target::Margin(-lo),
                    }),
                    _ => None,
                };
            }
        }
        if let Some(q) = value.proof {
            value.depth = self
                .asked
                .iter()
                .find(|a| a.question == q)
                .and_then(|a| a.depth);
            value.pv = self.proof_line(root, q);
        }
        value.asked = self.asked.clone();
        let (nodes, seconds) = self.totals();
        value.nodes = nodes;
        value.seconds = seconds;
        value
    }

    /// Follows a proof of `question` from `root` through the table: the
    /// attacker's proving move (the shortest proof), the defender's reply
    /// whose proof is longest. Stops where the table has lost the proof.
    pub fn proof_line(&self, root: &G, question: Question) -> Vec<G::Move> {
        let ctx = self.context(root, question);
        let search = Search::new(&self.shared, ctx, false, false);
        let mut line = Vec::new();
        let mut game = root.clone();
        let mut history = 0;
        while game.outcome().is_none() && line.len() < 10_000 {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let attacker = game.to_move() == question.attacker;
            // (move, position after it, its history hash, its rank)
            type Choice<G> = (<G as ngola_rules::Game>::Move, G, u64, (u32, i64));
            let mut choice: Option<Choice<G>> = None;
            for &mv in &moves {
                let mut child = game.clone();
                child.play(mv);
                let h = Context::child_history(&game, &child, history);
                let Some((table::Kind::Proven, e)) = search.probe_child(&child, h) else {
                    if attacker {
                        continue;
                    }
                    return line;
                };
                let rank = if attacker {
                    (e.hi, -i64::from(e.depth))
                } else {
                    (0, i64::from(e.depth))
                };
                if choice.as_ref().is_none_or(|c| rank > c.3) {
                    choice = Some((mv, child, h, rank));
                }
            }
            let Some((mv, child, h, _)) = choice else {
                break;
            };
            line.push(mv);
            game = child;
            history = h;
        }
        line
    }
}

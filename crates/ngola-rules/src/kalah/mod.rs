//! Kalah, exactly as OpenSpiel 2.0.2's game `mancala` (RULES.md, "Reference games").

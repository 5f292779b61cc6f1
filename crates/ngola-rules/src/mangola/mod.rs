//! Mangola, the four-row game of the Congo (RULES.md, "Mangola").

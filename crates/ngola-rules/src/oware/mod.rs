//! Oware, exactly as OpenSpiel 2.0.2's game `oware` (RULES.md, "Reference games").

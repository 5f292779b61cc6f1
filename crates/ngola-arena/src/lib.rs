//! Tournaments: schedule, parallel play, seeding, CSV output, statistics.

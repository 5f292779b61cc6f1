pub mod duel;
pub mod toys;

//! Um el-Bagara, the Sudanese 2 x 5 game (RULES.md, "Um el-Bagara").

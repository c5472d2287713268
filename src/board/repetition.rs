//! Repetition rulings (棋例): perpetual check, perpetual chase, and the natural move limit.

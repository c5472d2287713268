//! Move notation: ICCS, Chinese (炮二平五) and WXF (C2.5), and xiangqi PGN.

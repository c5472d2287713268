//! Protocol sessions against the built binary, as a GUI drives it.

use crate::common;

use chariot::board::{perft, Position};

use common::session;

fn nodes_searched(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("Nodes searched: "))
        .map(|n| n.parse().unwrap())
        .collect()
}

#[test]
fn uci_handshake_position_and_go_perft() {
    let lines = session(b"uci\nisready\nposition startpos moves h2e2 h9g7\ngo perft 3\nquit\n");
    assert!(lines[0].starts_with("id name Chariot"));
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Variant type combo default xiangqi var xiangqi"));
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    assert!(uciok < ready);

    let mut pos = Position::startpos();
    pos.try_play("h2e2").unwrap();
    pos.try_play("h9g7").unwrap();
    let expected = perft::perft(&mut pos.clone(), 3);
    assert_eq!(nodes_searched(&lines), vec![expected]);
    // One line per root move, `<move>: <count>`, summing to the total.
    let per_move: Vec<(String, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| m.len() == 4)
        .map(|(m, n)| (m.to_string(), n.parse().unwrap()))
        .collect();
    assert_eq!(per_move.len(), pos.legal_moves().len());
    assert_eq!(per_move.iter().map(|(_, n)| n).sum::<u64>(), expected);
    for (m, _) in &per_move {
        assert!(pos.parse_move(m).is_ok(), "{m} is legal");
    }
    assert!(!lines.iter().any(|l| l == "bye"), "UCI says no bye");
}

#[test]
fn ucci_handshake_fen_and_quit() {
    let fen = "3akab2/8r/2n6/2p3p2/1c7/R6C1/P1P3P1P/2N6/9/3K1A3 w - - 0 1";
    let input = format!("ucci\nisready\nposition fen {fen}\ngo perft 2\nstop\nquit\nisready\n");
    let lines = session(input.as_bytes());
    assert!(lines.contains(&"ucciok".to_string()));
    assert!(lines.contains(&"readyok".to_string()));
    assert_eq!(nodes_searched(&lines), vec![1476]);
    assert!(
        lines.contains(&"nobestmove".to_string()),
        "stop while idle answers nobestmove"
    );
    assert_eq!(lines.last().unwrap(), "bye", "nothing is read after quit");
}

#[test]
fn bare_fen_and_startpos_lines_are_positions() {
    let lines = session(b"ucci\nstartpos moves h2e2\ngo perft 1\nfen 3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo perft 1\n");
    let mut after = Position::startpos();
    after.try_play("h2e2").unwrap();
    // Bare kings: the black king may go to d8 but not to e9, where it would face the
    // red king on the open e-file.
    assert_eq!(
        nodes_searched(&lines),
        vec![after.legal_moves().len() as u64, 1]
    );
}

#[test]
fn bad_input_gets_one_error_line_and_the_engine_keeps_answering() {
    let mut input = Vec::new();
    input.extend_from_slice(b"ucci\n");
    input.extend_from_slice(b"xyzzy\n");
    input.extend_from_slice(&[0xff, 0xfe, 0x00, 0x80, b'\n']);
    input.extend_from_slice(b"position fen rnbakabnr/9/1c5c1 w\n");
    input.extend_from_slice(b"position startpos moves h2e2 h2e2 h9g7\n");
    // The refused move list leaves no position: an error, no count.
    input.extend_from_slice(b"go perft 1\n");
    input.extend_from_slice(b"position startpos moves h2e2\n");
    input.extend_from_slice(b"go perft 1\n");
    input.extend_from_slice(b"go perft -3\n");
    input.extend_from_slice(b"go perft 99999999999999999999\n");
    input.extend_from_slice(&vec![b'x'; 3 << 20]);
    input.extend_from_slice(b"\n\n\r\n   \n");
    input.extend_from_slice(b"isready\n");
    // No quit: end of input must end the engine cleanly.
    let lines = session(&input);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info message error"))
        .collect();
    assert_eq!(errors.len(), 8, "{errors:#?}");
    // `rnbakabnr/9/1c5c1` has 3 ranks.
    assert!(
        errors[2].contains("the board has 3 ranks, expected 10"),
        "{}",
        errors[2]
    );
    assert!(
        errors[3].contains("move 2") && errors[3].contains("position refused"),
        "{}",
        errors[3]
    );
    assert!(errors[4].contains("go perft: no position"), "{}", errors[4]);
    assert!(errors[7].contains("longer than the 1 MiB"), "{}", errors[7]);
    // Only the valid position after it (h2e2: Black to move) was counted.
    let mut after = Position::startpos();
    after.try_play("h2e2").unwrap();
    assert_eq!(
        nodes_searched(&lines),
        vec![after.legal_moves().len() as u64]
    );
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn option_errors_keep_their_wording() {
    let lines = session(
        b"uci\n\
          setoption name Hash value abc\n\
          setoption name Hash value 70000\n\
          setoption name Threads value -5\n\
          setoption name Rule60 value maybe\n\
          setoption name Repetition Rule value western\n\
          setoption name UCI_Variant value chess\n\
          setoption name EvalFile value /nonexistent/chariot-test.nnue\n\
          setoption name Nope value 1\n\
          setoption name Hash value 1\n\
          quit\n",
    );
    let errors: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string error: "))
        .collect();
    assert_eq!(errors.len(), 8, "{errors:#?}");
    assert_eq!(
        errors[..6],
        [
            "option Hash: 'abc' is not a number",
            "option Hash: 70000 is out of range 0..65536",
            "option Threads: -5 is out of range 0..256",
            "option Rule60: 'maybe' is not true or false",
            "option Repetition Rule: 'western' is not chinese or asian",
            "option UCI_Variant: only the variant xiangqi is played, not 'chess'",
        ]
    );
    assert!(
        errors[6].starts_with("option EvalFile: cannot load '/nonexistent/chariot-test.nnue': ")
            && errors[6].ends_with("; keeping the net '<embedded>'"),
        "{}",
        errors[6]
    );
    assert_eq!(errors[7], "unknown option 'Nope'");
}

//! What every format implements: the [`Scheduler`] the runner asks for encounters, and
//! [`places_in_order`], the places of an ordering with shared places
//! ([`places_of_ranking`] for a ranking's entries).

use crate::event::encounter::Encounter;
use crate::event::standings::{Placing, Standings};
use crate::report::rating::RankEntry;

/// Who meets whom next, and how the event's results read.
pub trait Scheduler: Send {
    /// The encounters that can be named now, given the standings so far (empty when
    /// the event is over). The runner asks again once every game it was given has
    /// finished, so a format that pairs by score names one round at a time; a format
    /// fixed in advance names them all at the first call.
    fn next_encounters(&mut self, standings: &Standings) -> Vec<Encounter>;

    /// The places so far (final once [`Scheduler::next_encounters`] has nothing more),
    /// best first.
    fn placings(&self, standings: &Standings) -> Vec<Placing>;

    /// The event's table: a cross-table, the Swiss standings, the bracket, with the
    /// rating columns of the standings' method.
    fn table(&self, standings: &Standings) -> String;

    /// What to print after each batch of games (the bracket as it grows); `None` for
    /// formats whose table is printed only at the rating interval and the end.
    fn progress(&self, _standings: &Standings) -> Option<String> {
        None
    }
}

/// Places from an ordering by keys: an engine equal to the one before (`same`) shares
/// its place.
pub fn places_in_order(order: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<Placing> {
    let mut out: Vec<Placing> = Vec::with_capacity(order.len());
    for (k, &engine) in order.iter().enumerate() {
        let place = match out.last() {
            Some(prev) if same(prev.engine, engine) => prev.place,
            _ => k + 1,
        };
        out.push(Placing { engine, place });
    }
    out
}

/// The places of a ranking's entries (in rank order): engines of equal rank share the
/// place.
pub fn places_of_ranking(entries: &[RankEntry]) -> Vec<Placing> {
    let order: Vec<usize> = entries.iter().map(|e| e.engine).collect();
    let rank_of = |i: usize| entries.iter().find(|e| e.engine == i).map(|e| e.rank);
    places_in_order(&order, |a, b| rank_of(a) == rank_of(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::standings::champion;

    #[test]
    fn shared_places_and_the_champion() {
        let p = places_in_order(&[4, 2, 3, 0], |a, b| (a, b) == (2, 3));
        let places: Vec<usize> = p.iter().map(|x| x.place).collect();
        assert_eq!(places, [1, 2, 2, 4]);
        assert_eq!(champion(&p), Some(4));
        let tied = places_in_order(&[1, 0], |_, _| true);
        assert_eq!(champion(&tied), None);
    }
}

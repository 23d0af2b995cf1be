//! The poker-hand and trump evaluator of Blake's Chess (seed 003, "Poker Hands" and "Trump
//! Cards"): which groups of cards mean what, as data. The rules of playing them are in
//! `blakes_chess.rs`.

use rules::cards::{Card, Suit};
use rules::games::blakes::hands::{Block, Meaning, PokerHand, Timing, Trump, combinations, is_straight, meanings};

fn cards(text: &str) -> Vec<Card> {
    text.split(',').map(|c| c.parse().unwrap()).collect()
}

/// The meanings of a group, as short names, with hearts as trumps.
fn kinds(group: &str) -> Vec<String> {
    meanings(&cards(group), Suit::Hearts).into_iter().map(Meaning::kind).collect()
}

#[test]
fn every_poker_hand_of_the_seed_is_recognised() {
    let table: &[(&str, &[&str])] = &[
        ("7S,7C,9D,9S", &["two-pair"]),
        ("QS,QC,QD", &["three-of-a-kind"]),
        ("4S,4C,4D,4H", &["four-of-a-kind"]),
        ("5S,6D,7C", &["straight-3"]),
        ("5S,6D,7C,8S", &["straight-4"]),
        ("9S,10D,JC,QS,KD", &["straight-5"]),
        ("2S,9S,KS", &["flush-3"]),
        ("2S,9S,KS,4S", &["flush-4"]),
        ("2S,9S,KS,4S,6S", &["flush-5"]),
        // A straight flush is both, and the game lets the player say which.
        ("5S,6S,7S", &["straight-3", "flush-3"]),
        ("5C,6C,7C,8C,9C", &["straight-5", "flush-5"]),
    ];
    for (group, expected) in table {
        assert_eq!(kinds(group), *expected, "{group}");
    }
}

#[test]
fn groups_that_are_no_hand_of_the_seed_mean_nothing() {
    for group in ["7S,7C", "7S,7C,7D,9S,9C", "7S,7C,9D", "2S,3D,5C", "KD,AS,2C", "7S,7C,8D,8S,9C", "AS,2D"] {
        assert_eq!(kinds(group), Vec::<String>::new(), "{group}");
    }
}

#[test]
fn an_ace_is_low_or_high_in_a_straight_but_a_straight_never_wraps_around() {
    assert!(is_straight(&cards("AS,2D,3C")));
    assert!(is_straight(&cards("QS,KD,AC")));
    assert!(is_straight(&cards("10S,JD,QC,KS,AD")));
    assert!(!is_straight(&cards("KS,AD,2C")));
    assert!(!is_straight(&cards("5S,5D,6C")));
}

#[test]
fn roll_modifiers_add_one_two_and_three() {
    let bonus = |group: &str| meanings(&cards(group), Suit::Hearts)[0].roll_bonus();
    assert_eq!(bonus("7S,7C,9D,9S"), Some(1));
    assert_eq!(bonus("QS,QC,QD"), Some(2));
    assert_eq!(bonus("4S,4C,4D,4H"), Some(3));
    assert_eq!(bonus("5S,6D,7C"), None, "a straight builds, it adds nothing");
    for group in ["7S,7C,9D,9S", "QS,QC,QD", "4S,4C,4D,4H"] {
        assert_eq!(meanings(&cards(group), Suit::Hearts)[0].timing(), Timing::AfterRoll, "played after the roll");
    }
}

#[test]
fn single_kings_queens_and_jacks_block_attacks_on_the_king_the_queen_and_any_other_piece() {
    assert_eq!(meanings(&cards("KS"), Suit::Hearts), vec![Meaning::Block(Block::King)]);
    assert_eq!(meanings(&cards("QD"), Suit::Hearts), vec![Meaning::Block(Block::Queen)]);
    assert_eq!(meanings(&cards("JC"), Suit::Hearts), vec![Meaning::Block(Block::Jack)]);
    assert_eq!(Meaning::Block(Block::Jack).effect(), "blocks an attack on a rook, knight, bishop or pawn");
    assert_eq!(Meaning::Block(Block::King).timing(), Timing::Defending);
    assert_eq!(meanings(&cards("10S"), Suit::Hearts), vec![], "a single card of another suit is nothing");
}

#[test]
fn the_thirteen_cards_of_the_trump_suit_are_the_thirteen_trumps_in_the_seeds_order() {
    let names: Vec<&str> = (1..=13)
        .map(|rank| {
            let card = Card::new(rank, Suit::Clubs);
            let trump = meanings(&[card], Suit::Clubs).into_iter().find_map(|m| match m {
                Meaning::Trump(t) => Some(t),
                _ => None,
            });
            trump.expect("every club is a trump when clubs are trumps").name()
        })
        .collect();
    assert_eq!(
        names,
        [
            "misdirection",
            "invisibility",
            "brainwashing",
            "secret passageway",
            "teleportation",
            "sniper",
            "agility",
            "bodyguard",
            "tag-team",
            "kamikaze",
            "conversion",
            "uprising",
            "necromancy",
        ]
    );
    for trump in Trump::ALL {
        assert_eq!(Trump::of_rank(trump.rank()), trump);
        let when = if trump == Trump::Bodyguard { Timing::Defending } else { Timing::BeforeMove };
        assert_eq!(Meaning::Trump(trump).timing(), when, "{}", trump.name());
    }
}

#[test]
fn a_trump_king_queen_or_jack_is_both_its_trump_and_a_block() {
    assert_eq!(
        meanings(&cards("KH"), Suit::Hearts),
        vec![Meaning::Block(Block::King), Meaning::Trump(Trump::Necromancy)]
    );
    assert_eq!(
        meanings(&cards("JH"), Suit::Hearts),
        vec![Meaning::Block(Block::Jack), Meaning::Trump(Trump::Conversion)]
    );
    // Trump cards also count in poker hands.
    assert_eq!(kinds("2H,3H,4H"), ["straight-3", "flush-3"]);
}

#[test]
fn a_hand_lists_every_group_it_holds_with_what_each_does() {
    let hand = cards("7S,7C,9D,9S,KH");
    let found: Vec<(String, String, String)> = combinations(&hand, Suit::Hearts)
        .into_iter()
        .map(|c| (rules::games::blakes::hands::card_list(&c.cards), c.meaning.kind(), c.meaning.effect()))
        .collect();
    let expected = [
        ("KH", "block-king", "blocks an attack on the king"),
        ("KH", "necromancy", "brings back a captured piece"),
        ("7C,7S,9D,9S", "two-pair", "+1 to a roll"),
    ];
    let expected: Vec<(String, String, String)> =
        expected.iter().map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())).collect();
    assert_eq!(found, expected);
    assert_eq!(Meaning::Poker(PokerHand::ThreeOfAKind).name(), "three of a kind");
    assert_eq!(Meaning::Poker(PokerHand::Flush(5)).effect(), "removes an opposing piece, kings excepted");
}

#[test]
fn a_block_is_one_king_queen_or_jack_alone_and_two_of_them_together_block_nothing() {
    assert_eq!(kinds("KS,KD"), Vec::<String>::new(), "a pair of kings is no block, and a single pair no hand");
    assert_eq!(kinds("KS,KD,KC"), ["three-of-a-kind"], "three kings are three of a kind, not three blocks");
    assert_eq!(kinds("JC,QD,KS"), ["straight-3"], "a jack, queen and king together are a straight");
}

"""What expert infers in two-player Podkidnoy from how the other played, believed
as far as the other was seen to play by the cheapest-first rule in the game
(game/ai/podkidnoy_infer.py)."""

from __future__ import annotations

from game.ai import podkidnoy_infer
from game.ai.expert import TAKE_BELIEF, ExpertAgent
from game.ai.ismcts import TreeSearch
from game.ai.podkidnoy_infer import Inference, took_unseen
from game.ai.prostoy_infer import MIN_WEIGHT, Note
from game.engine import Attack, Defend, Take, apply_in_place, parse_card, view
from game.engine.cards import beaters_mask, mask_of
from game.engine.legal import legal_actions

from .ai_helpers import HEARTS, cards, table


def weighted(inference: Inference, v, seat: int = 1) -> int:
    """The cards with a weight below 1 for ``seat``."""
    w = inference.weights(v)[seat] or {}
    return mask_of(c for c, x in w.items() if x < 1.0)


def believed(inference: Inference, fits: int = 6) -> Inference:
    inference.fits += fits  # as if it had fitted the rule that often
    return inference


def test_a_lead_says_the_leader_lacked_cheaper_cards():
    s = table("7S 7C 9D QH AC", "8S 10S 8D KC JS", talon=26, attacker=1)
    apply_in_place(s, Attack(1, tuple(cards("8S"))))
    inference = believed(Inference())
    v = view(s, 0)
    inference.observe(v)
    sixes_sevens = mask_of(c for c in range(52) if c % 13 < 6 and c // 13 != HEARTS)
    assert weighted(inference, v) == sixes_sevens & v.unseen
    assert weighted(inference, v)  # some of them unseen


def test_a_cover_says_the_defender_lacked_cheaper_beaters():
    s = table("7S 8C 9D QH AC", "JS 10S KD 6C JD", talon=26, attacker=0)
    inference = believed(Inference())
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S"))))
    apply_in_place(s, Defend(1, *cards("7S JS")))  # not 10S, its cheaper beater
    v = view(s, 0)
    inference.observe(v)
    assert weighted(inference, v) == mask_of(cards("8S 9S 10S")) & v.unseen


def test_a_take_says_the_defender_held_no_beater():
    s = table("7S 8C 9D QH AC", "6C 10D KD 7D JD", talon=26, attacker=0)
    inference = believed(Inference())
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S"))))
    apply_in_place(s, Take(1))
    v = view(s, 0)
    inference.observe(v)
    beaters = beaters_mask(cards("7S")[0], HEARTS)
    assert weighted(inference, v) == beaters & v.unseen


def test_a_pass_says_the_attacker_held_no_plain_card_of_the_table_ranks():
    s = table("7S 8C 9D QH AC", "6C 10D KD 7D JD", talon=26, attacker=1)
    apply_in_place(s, Attack(1, tuple(cards("6C"))))
    v = view(s, 0)
    inference = believed(Inference())
    inference.observe(v)
    apply_in_place(s, Defend(0, *cards("6C 8C")))  # beaten off: nothing to throw in
    v = view(s, 0)
    inference.observe(v)
    plain_6_8 = mask_of(cards("6S 6D 8S 8D"))
    assert weighted(inference, v) & plain_6_8 == plain_6_8 & v.unseen
    assert plain_6_8 & v.unseen


def test_not_believed_once_its_known_cards_break_the_rule():
    s = table("7S 8C 9D QH AC", "JS 10S KD 6C JD", talon=26, attacker=0)
    s.known[1] = mask_of(cards("10S"))  # as if picked up earlier: seen in its hand
    inference = Inference()
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("7S"))))
    apply_in_place(s, Defend(1, *cards("7S JS")))  # above its known 10S
    v = view(s, 0)
    inference.observe(v)
    assert inference.breaks == 1 and inference.fits == 0
    assert inference.reliability() < Inference().reliability()
    inference.breaks += 2  # broken thrice: not believed at all
    assert inference.weights(v) == [None, None]  # flat


def test_a_card_played_that_a_note_said_it_lacked_breaks_the_rule():
    s = table("6S 6C 8C QH AC", "9H 7H KD 10D JD", talon=26, attacker=0)
    inference = Inference()
    inference.observe(view(s, 0))
    apply_in_place(s, Attack(0, tuple(cards("6S"))))
    apply_in_place(s, Defend(1, *cards("6S 9H")))  # the rule says: no 7H, 8H
    inference.observe(view(s, 0))
    assert inference.breaks == 0 and inference.notes
    apply_in_place(s, Attack(0, tuple(cards("6C"))))
    apply_in_place(s, Defend(1, *cards("6C 7H")))  # it held 7H: no draw since
    assert not view(s, 0).started  # (the bout over: nothing left for me to throw in)
    inference.observe(view(s, 0))
    assert inference.breaks == 1
    assert not any(n.cards >> cards("7H")[0] & 1 for n in inference.notes)


def test_the_checks_measure_how_far_it_is_believed():
    fitting, breaking = Inference(), Inference()
    fitting.fits, breaking.breaks = 8, 8
    assert breaking.reliability() == 0.0
    hard_like = Inference()
    hard_like.fits, hard_like.breaks = 9, 11  # fits 0.45 of its checks: a searcher's share
    assert hard_like.reliability() == 0.0
    assert fitting.reliability() > Inference().reliability() > 0.0
    assert fitting.reliability() <= podkidnoy_infer.MAX_RELIABILITY


def test_expert_samples_with_the_rule_notes_and_its_own_beside_them(monkeypatch):
    seen = []

    def spy(self, v, legal, avoid, weights=None):
        seen.append((avoid, weights))
        return legal[0]

    def tree_spy(self, v, legal, owner, avoid, weights, *args):
        return spy(owner, v, legal, avoid, weights)

    monkeypatch.setattr(ExpertAgent, "search", spy)  # the flat search
    monkeypatch.setattr(TreeSearch, "decide", tree_spy)  # and the tree
    s = table("7S 7C 9D QH AC", "8S 10S 8D KC JS", talon=26, attacker=1)
    apply_in_place(s, Attack(1, tuple(cards("8S"))))
    expert = ExpertAgent(0, 1, think_ms=5, iterations=2)
    expert._rule_notes.fits = 6
    expert._notes.append(Note(1, mask_of(cards("AD")), 28, TAKE_BELIEF))  # a take, one draw ago
    v = view(s, 0)
    expert.choose(v, legal_actions(s, 0))
    avoid, weights = seen[-1]
    assert not any(avoid)  # nothing avoided outright
    assert weights is not None and weights[1]
    assert MIN_WEIGHT < weights[1][cards("AD")[0]] < 1.0  # the take's note, believed in part
    assert weights[1][cards("6S")[0]] < 1.0  # below the lead


def test_a_take_read_after_the_bout_ended_names_the_cards_left_uncovered():
    s = table("7S 7C 9D QH AC 10D", "8S 10S 8D KC JS 6C", talon=20)
    lead = view(s, 0)
    apply_in_place(s, Attack(0, (parse_card("7S"), parse_card("7C"))))
    apply_in_place(s, Take(1))
    assert sorted(took_unseen(lead, view(s, 0)) or []) == sorted(cards("7S 7C"))


def test_a_take_after_covering_some_leaves_unclear_what_it_could_not_beat():
    s = table("7S 7C 9D QH AC 10D", "8S 10S 8D KC JS 6C", talon=20)
    lead = view(s, 0)
    apply_in_place(s, Attack(0, (parse_card("7S"), parse_card("7C"))))
    apply_in_place(s, Defend(1, parse_card("7S"), parse_card("8S")))
    apply_in_place(s, Take(1))
    v = view(s, 0)
    assert v.bout == lead.bout + 1 and v.known[1] & (1 << parse_card("8S"))
    assert took_unseen(lead, v) is None

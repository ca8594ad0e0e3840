"""The seam where a mode plugs in: each piece of a ruleset, exercised by small
test rulesets (the demonstration ruleset and a few one-rule variants of it),
none of which ``core/engine.py`` knows about."""
from __future__ import annotations

import inspect
from collections.abc import Generator
from typing import Any

import msgspec
import pytest

from sanguozhi.core import engine as engine_module
from sanguozhi.core import events as ev
from sanguozhi.core.cards.tricks import Trick
from sanguozhi.core.content import Content, Pack
from sanguozhi.core.deck import CARDS, NAMES
from sanguozhi.core.evolve import FoldError, fold
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import RULESETS, ModeError, register, ruleset_of
from sanguozhi.core.modes.identity import Identity
from sanguozhi.core.requests import Choice, Request
from sanguozhi.core.state import snapshot
from sanguozhi.core.view import SeatView, view
from sanguozhi.core.windows import Hook
from sanguozhi.replay.narrate import Narrator
from tests.scenario import Table

from .demo import Demo, Mourned


def variant(cls: type, **attrs: Any) -> str:
    """Register a one-off subclass of ruleset ``cls`` (once per process); its mode id."""
    mode_id = attrs.pop("id")
    if mode_id not in RULESETS:
        register(type(f"Test_{mode_id}", (cls,), {"id": mode_id, **attrs})())
    return mode_id


def test_the_engine_names_no_mode() -> None:
    source = inspect.getsource(engine_module)
    for name in ("identity", "demo", "hegemony", "lord", "loyalist", "rebel", "renegade"):
        for quoted in (f'"{name}"', f"'{name}'"):
            assert quoted not in source, f"core/engine.py names {quoted}"


# -- the table: seats and characters, concealed slots ------------------------------------


def test_a_concealed_general_is_seen_by_its_own_seat_only() -> None:
    t = Table(4, mode="demo", generals={0: "caocao"}, concealed={0: "guanyu"})
    st = t.state
    assert [s.general for s in st.chars[0].slots] == ["caocao", "guanyu"]
    assert view(st, 0)["characters"][0]["generals"] == ["caocao", "guanyu"]
    for other in (1, 2, 3):
        assert view(st, other)["characters"][0]["generals"] == ["caocao", None]
        assert SeatView(st, other).general(0, 1) is None
    # Kingdom, gender and skills come from the face-up general only.
    assert (st.chars[0].kingdom, st.chars[0].gender) == ("wei", "male")
    assert "wusheng" not in st.chars[0].skills and "wusheng" in st.chars[0].latent


def test_using_a_concealed_generals_skill_reveals_it_first() -> None:
    t = Table(4, mode="demo", concealed={0: "guanyu"}, hands={0: ["peach"]}, roles=("lord", "rebel", "loyalist", "renegade"))
    assert t.request.kind == "reveal"  # the demo's start phase offers the reveal
    t.pass_()
    choice = next(c for c in t.request.choices if c.option == "wusheng" and c.targets == (1,))  # a red card as 杀
    since = len(t.events)
    t.choose(choice)
    assert t.request.kind == "convert"
    t.pick(t.state.chars[0].hand[0])
    kinds = [type(e).__name__ for e in t.events[since:]]
    assert kinds.index("GeneralRevealed") < kinds.index("Triggered")
    assert "wusheng" in t.state.chars[0].skills and t.state.chars[0].slots[1].vis is None
    assert view(t.state, 2)["characters"][0]["generals"][1] == "guanyu"


def test_a_character_and_its_seat_share_one_hand() -> None:
    t = Table(4, hands={2: ["peach", "dodge"]})
    st = t.state
    assert st.chars[2].hand is st.seats[2].hand
    clone = st.clone()
    assert clone.chars[2].hand is clone.seats[2].hand and clone.chars[2].hand is not st.chars[2].hand


# -- secret decisions ---------------------------------------------------------------------


def test_generals_chosen_at_the_same_time_are_secret_until_shown() -> None:
    game = new_game("identity", 5, 3, {"generals": "choose"})
    while game.request is not None and game.request.kind == "general":
        game.submit(game.request.choices[-1])
    picks = [e for e in game.events if type(e) is ev.Decided and e.kind == "general"]
    assert picks[0].seat == 0 and picks[0].vis is None  # the lord's is shown
    assert all(e.vis == (e.seat,) for e in picks[1:])
    for e in picks[1:]:
        for seat in range(5):
            line = Narrator("en", seat).line(e)
            assert line is None or e.option not in line


# -- per-game content ------------------------------------------------------------------------


class TwoDamageVolley(Trick):
    """A mode's own 万箭齐发: every other character takes 2 damage (no 闪)."""

    name = "archery_attack"
    text_zh = "测试：所有其他角色各受到2点伤害。"
    text_en = "Test: every other character takes 2 damage."

    def target_choices(self, engine: Any, seat: int, card: int | None) -> list[tuple[int, ...]]:
        return [tuple(s for s in engine.state.seats_from(engine.state.next_alive(seat)) if s != seat)]

    def on_target(self, engine: Any, use: Any, target: int) -> Generator:
        yield from engine.damage(use.seat, target, 2, card=use.name, cards=use.cards, use=use)


VOLLEY = Pack("test-volley", "测试万箭", "Test volley")
VOLLEY.card(TwoDamageVolley())


def test_a_mode_gives_a_card_its_own_rule_while_identity_keeps_the_standard_one() -> None:
    mode = variant(Identity, id="volley", packs=lambda self, options: (*Identity.packs(self, options), VOLLEY))
    standard = Table(4, hands={0: ["archery_attack"]}, hp={1: 4, 2: 4, 3: 4}, pile=["dodge"] * 4)
    volley = Table(4, mode=mode, hands={0: ["archery_attack"]}, hp={1: 4, 2: 4, 3: 4})
    assert isinstance(volley.game.engine.rules["archery_attack"], TwoDamageVolley)
    assert not isinstance(standard.game.engine.rules["archery_attack"], TwoDamageVolley)
    volley.use("archery_attack")
    volley.until("play", 0)
    assert [e.n for e in volley.of_type(ev.Damaged)] == [2, 2, 2]


def test_a_later_pack_replaces_everything_an_owner_registered() -> None:
    from sanguozhi.core.cards import STANDARD_CARDS

    chain_mods = [o for o, _ in STANDARD_CARDS.mods["after_damage"]]
    assert "iron_chain" in chain_mods
    plain = Pack("test-plain-chain", "测试", "Test")
    plain.card(Trick.__new__(Trick), "iron_chain")
    content = Content((STANDARD_CARDS, plain))
    assert not [f for o, f in content.mods["after_damage"] if o == "iron_chain"]
    assert content.rules["iron_chain"] is plain.rules["iron_chain"]


def test_a_general_naming_a_missing_skill_is_refused_when_the_content_is_built() -> None:
    from sanguozhi.core.generals import General

    broken = Pack("test-broken", "测试", "Test")
    broken.general(General("test_broken", "缺", "qun", "male", 4, ("no_such_skill",), pack="test"))
    with pytest.raises(ValueError, match="no_such_skill"):
        Content((broken,))


# -- a mode's own events: folded, decoded, narrated ---------------------------------------------


def test_a_mode_event_round_trips_through_its_rulesets_decoder() -> None:
    e = Mourned(seat=3, mourners=(1, 4))
    line = ev.encode(e)
    assert ruleset_of("demo").decoder().decode(line) == e
    with pytest.raises(msgspec.ValidationError):
        ev.decoder().decode(line)  # the core decoder does not know it
    assert Narrator("en", mode="demo").line(e) == "seat 1, seat 4 mourn seat 3"


def test_a_mode_event_without_a_fold_is_refused() -> None:
    class Orphan(ev.Event, tag="test_orphan"):
        seat: int

    mode = variant(Identity, id="orphan", events=(Orphan,), handlers={})
    with pytest.raises(ModeError, match="events without a fold: Orphan"):
        new_game(mode, 4, 1)


# -- the turn plan ---------------------------------------------------------------------------


def _ask_next(self: Any, engine: Any) -> Generator:
    """The player whose turn ends chooses who acts next (the first turn: seat 0)."""
    st = engine.state
    if st.current < 0:
        return 0
    others = tuple(Choice(targets=(s,)) for s in st.alive_seats() if s != st.current)
    pick = yield from engine.ask(Request(st.current, "next", prompt="next", choices=others))
    return pick.targets[0]


def test_a_turn_order_may_be_a_decision() -> None:
    mode = variant(Identity, id="chosen-order", next_turn=_ask_next)
    t = Table(4, mode=mode)
    t.end()
    t.until("next", 0)
    t.choose(Choice(targets=(2,)))
    assert [e.seat for e in t.of_type(ev.TurnStarted)][-1] == 2


def test_phases_and_the_draw_count_come_from_the_ruleset() -> None:
    mode = variant(
        Identity,
        id="short-turns",
        phases=lambda self, state, c: ("draw", "play", "finish"),
        draw_count=lambda self, state, c: 4,
    )
    t = Table(4, mode=mode, pile=["dodge"] * 4)
    assert [e.phase for e in t.of_type(ev.PhaseStarted)] == ["draw", "play"]
    assert len(t.hand(0)) == 4


def test_the_hand_limit_comes_from_the_ruleset() -> None:
    mode = variant(Identity, id="big-hands", hand_limit=lambda self, state, c: state.chars[c].hp + 2)
    t = Table(4, mode=mode, hands={0: ["dodge"] * 5}, hp={0: 2}, pile=["peach", "peach"])
    t.end()
    req = t.request
    assert req.kind == "discard" and req.min == 7 - 4  # 7 cards, limit hp 2 + 2


def test_a_face_down_character_skips_its_next_turn() -> None:
    t = Table(4)
    t.game.engine.emit(ev.TurnedOver(seat=1, on=True))
    t.end()
    t.until("play", 2)
    after = t.events[-12:]
    turns = [e.seat for e in t.of_type(ev.TurnStarted)]
    assert turns[-2:] == [1, 2]
    assert any(type(e) is ev.TurnedOver and e.seat == 1 and not e.on for e in after)
    assert not t.state.chars[1].flipped
    assert not any(type(e) is ev.PhaseStarted and e.seat == 1 for e in t.events)


# -- dying, max hp and the outcome --------------------------------------------------------------


def test_only_the_dying_ones_side_is_asked_to_save() -> None:
    roles = ("lord", "rebel", "loyalist", "rebel")
    t = Table(4, mode="demo", roles=roles, hands={0: ["slash"], 2: ["peach"], 3: ["peach"]}, hp={1: 1})
    t.use("slash", 1)
    t.until("save")
    assert t.request.seat == 3  # the other rebel; the loyalist's 桃 is not asked for
    t.pass_()
    assert not t.state.chars[1].alive
    mourned = t.of_type(Mourned)
    assert [(e.seat, e.mourners) for e in mourned] == [(1, (3,))]
    assert t.state.seats[3].points == 1 and snapshot(fold(t.events)) == snapshot(t.state)


def test_max_hp_down_to_zero_kills() -> None:
    def shrink(engine: Any, seat: int) -> Generator:
        yield from engine.change_max_hp(seat, -1)

    mode = variant(Identity, id="shrinking", phase_flows={"start": shrink})
    t = Table(4, mode=mode, max_hp={0: 2}, hp={0: 2})
    assert t.state.chars[0].max_hp == 1
    t.finish()
    e = [x for x in t.events if type(x) is ev.MaxHpChanged]
    assert len(e) >= 2 and not t.state.chars[0].alive
    assert t.of_type(ev.Died)[0].seat == 0 and t.state.ended  # the lord died: the game is over


def test_the_outcome_is_checked_after_every_event_that_can_change_it() -> None:
    mode = variant(
        Identity,
        id="first-to-heal",
        outcome_events=frozenset({ev.Recovered}),
        outcome=lambda self, state: ((state.current,), "healed") if any(p.hp == p.max_hp == 5 for p in state.chars) else None,
    )
    t = Table(4, mode=mode, hands={0: ["peach"]}, hp={0: 4}, max_hp={0: 5})
    t.use("peach")
    assert t.state.ended and t.state.winners == (0,) and t.state.end_reason == "healed"
    assert type(t.events[-1]) is ev.GameEnded and type(t.events[-2]) is ev.Recovered
    assert t.game.request is None


def test_a_mode_names_cards_its_own_way() -> None:
    mode = variant(Identity, id="renamed", display_names={"peach": ("药", "Potion")})
    t = Table(4, mode=mode, hands={0: ["peach"]}, hp={0: 3})
    since = len(t.events)
    t.use("peach")
    for lang, word, standard in (("zh", "药", "桃"), ("en", "Potion", "peach")):
        n = Narrator(lang, 0, mode=mode)
        text = " ".join(n.line(e) or "" for e in t.events[since:])
        assert word in text and f"【{standard}】" not in text and f" {standard}[" not in text


# -- zones of a character's own, cards kept out of a hand, who killed whom -------------------------


STASH = Pack("test-stash", "测试", "Test stash")


def _stash_peaches(engine: Any, cards: tuple[int, ...], src: str, src_seat: int, seat: int, reason: str) -> tuple[int, ...]:
    peaches = tuple(c for c in cards if NAMES[c] == "peach")
    if peaches:
        engine.move(peaches, src, "stash", src_seat=src_seat, dst_seat=seat, reason=reason)
    return tuple(c for c in cards if c not in peaches)


STASH.mod("hand_divert", _stash_peaches, owner="stash")


def test_a_mode_keeps_cards_in_a_zone_of_a_characters_own_instead_of_its_hand() -> None:
    mode = variant(
        Identity,
        id="stash",
        zones={"stash": ("藏", "stash")},
        packs=lambda self, options: (*Identity.packs(self, options), STASH),
    )
    t = Table(4, mode=mode, pile=["peach", "dodge"])
    st = t.state
    peach = next(c for c in st.chars[0].zones["stash"])
    assert t.hand(0) == ["dodge"] and st.zone_cards()[peach] == "stash:0"
    move = next(e for e in t.events if type(e) is ev.CardsMoved and e.dst == "stash")
    assert (move.src, move.dst_seat, move.vis) == ("pile", 0, None)
    assert view(st, 2)["characters"][0]["zones"] == {"stash": [peach]} and SeatView(st, 2).zone(0, "stash") == [peach]
    label = CARDS[peach].label("en")
    assert Narrator("en", 2, mode=mode).line(move) == f"seat 0 puts {label} into its stash (draw)"
    assert Narrator("zh", 2, mode=mode).line(move) == f"0号位 将{CARDS[peach].label('zh')}置入藏（摸牌）"
    t.game.engine.move((peach,), "stash", "discard", src_seat=0, reason="test")
    assert st.chars[0].zones["stash"] == [] and peach in st.discard
    assert snapshot(fold(t.events)) == snapshot(st)
    with pytest.raises(FoldError, match="unknown zone"):  # identity has no such zone
        fold([*Table(4).events, ev.CardsMoved(cards=(1,), src="pile", dst="stash", dst_seat=0)])


def test_a_dead_character_remembers_its_killer() -> None:
    t = Table(4, roles=("lord", "rebel", "loyalist", "renegade"), hands={0: ["slash"]}, hp={1: 1})
    t.use("slash", 1)
    t.until("play", 0)
    assert (t.state.chars[1].alive, t.state.chars[1].killer, t.state.chars[2].killer) == (False, 0, -1)
    assert fold(t.events).chars[1].killer == 0


# -- rules that follow at once from an event; seats without a role yet ---------------------------


def _chain_the_hurt(self: Any, engine: Any, event: ev.Event) -> None:
    if not engine.state.chars[event.dst].chained:
        engine.emit(ev.ChainToggled(seat=event.dst, on=True))


def test_a_rule_may_follow_at_once_from_an_event() -> None:
    mode = variant(Identity, id="hurt-chained", reacts_to=frozenset({ev.Damaged}), react=_chain_the_hurt)
    t = Table(4, mode=mode, hands={0: ["slash"]})
    t.use("slash", 1)
    i = next(i for i, e in enumerate(t.events) if type(e) is ev.Damaged)
    assert t.events[i + 1] == ev.ChainToggled(seat=1, on=True)  # before anything else happens
    assert t.state.chars[1].chained and not any(type(e) is ev.ChainToggled for e in t.events[: i])
    plain = Table(4, hands={0: ["slash"]})
    plain.use("slash", 1)
    assert not plain.state.chars[1].chained  # identity reacts to nothing


def test_a_seat_without_a_role_yet_shows_none() -> None:
    t = Table(4, roles=("lord", "", "rebel", ""))
    assert [s["role"] for s in view(t.state, 1)["seats"]] == ["lord", None, "rebel", None]
    assert SeatView(t.state, 1).role(1) is None and SeatView(t.state, 3).roles() == ["lord", None, "rebel", None]
    assert not any(type(e) is ev.RolesDealt for e in t.events)


# -- pieces the duel needed (seed 003): generic, tested here --------------------------------------


def test_a_card_without_suit_has_no_colour() -> None:
    from sanguozhi.core.cards.base import color_of
    from sanguozhi.core.modes.duel.data import QIBING_CARDS

    card = next(iter(QIBING_CARDS))
    assert color_of((card,)) == "none" and color_of(()) == "none"


def test_a_mode_may_hide_hp_showing_only_what_was_lost() -> None:
    mode = variant(Identity, id="hidden-hp", hp_hidden=lambda self, state, viewer, c: c == 1 and viewer not in (None, 1))
    t = Table(4, mode=mode, hp={1: 2})
    st = t.state
    mine, theirs = view(st, 1)["characters"][1], view(st, 0)["characters"][1]
    assert (mine["hp"], mine["max_hp"], mine["lost"]) == (2, 4, 2)
    assert (theirs["hp"], theirs["max_hp"], theirs["lost"]) == (None, None, 2)
    assert (SeatView(st, 0).hp(1), SeatView(st, 0).max_hp(1), SeatView(st, 0).lost(1)) == (1, 3, 2)  # alive: 1 for sure
    assert (SeatView(st, 1).hp(1), SeatView(st, 2).hp(2)) == (2, 4)


def test_a_window_a_mode_opens_is_registered_once() -> None:
    from sanguozhi.core.windows import WINDOW_ZH, add_window

    assert add_window("redeployed", "调遣后") == "redeployed" and WINDOW_ZH["redeployed"] == "调遣后"
    with pytest.raises(ValueError, match="already"):
        add_window("redeployed", "别的")


def test_a_turn_belongs_to_a_seat_and_goes_on_while_it_has_a_living_character() -> None:
    # The duel's turn is its player's: the player's own place (never alive) is the current seat.
    from tests.core.modes.duel.scenario import DuelTable

    t = DuelTable(
        {0: ["guanyu", "caocao"], 1: ["simayi"]},
        face_up=["guanyu"],
        lost={"guanyu": 3},
        equip={"guanyu": "offensive_horse"},
        hands={0: ["duel", "peach"], 1: ["slash"]},
        pile=["dodge"] * 4,
    )
    assert t.state.current == 0 and not t.state.chars[0].alive and t.game.engine.acting(0)
    assert [e.phase for e in t.of_type(ev.PhaseStarted)] == ["draw", "play"]
    gy = t.find("guanyu")
    t.act(gy, "duel", t.find("simayi"))
    t.answer("respond", cards=(t.in_hand(1, "slash"),))  # 司马懿 answers with a 杀; 关羽 gives up and falls
    t.skip_to("play", 0)  # the turn goes on: 曹操 still stands
    # A death takes the general's equipment but not its player's hand (a hand is a seat's).
    assert not t.state.chars[gy].alive and not t.state.chars[gy].equip
    assert len(t.state.seats[0].hand) == 5 and t.in_hand(0, "peach")


def test_a_movement_seen_by_characters_is_seen_by_their_seats() -> None:
    from tests.core.modes.duel.scenario import DuelTable

    t = DuelTable({0: ["guanyu"], 1: ["caocao", "simayi"]}, face_up=["guanyu"], hands={0: ["snatch"], 1: ["dodge"]}, pile=["peach"] * 4)
    t.act("guanyu", "snatch", t.find("caocao"))
    t.answer("pick_card", "hand")
    took = [e for e in t.events if type(e) is ev.CardsMoved and e.reason == "snatch"][0]
    assert took.vis == (0, 1)  # 关羽's and 曹操's players, not "seats" 2 and 3


def test_a_mode_names_its_own_roles() -> None:
    e = ev.RolesDealt(roles=("first", "second"))
    assert Narrator("zh", 0, mode="duel").line(e) == "你的身份是先手"
    assert Narrator("en", 1, mode="duel").line(e) == "Your role is second"


# -- what a reveal sets off, death, dying, suits, responses --------------------------------------


def _reveal_with_bonus(self: Any, engine: Any, c: int, skill: str) -> Generator:
    """Reveal, then a decision of the mode's own before the skill goes on (珠联璧合)."""
    yield from Demo.reveal_for_skill(self, engine, c, skill)
    go = yield from engine.ask(Request(c, "bonus", prompt="bonus", choices=(Choice(option="draw"), Choice(option="pass"))))
    if go.option == "draw":
        yield from engine.draw(c, 1, reason="bonus")


def test_what_a_reveal_sets_off_is_resolved_before_the_skill() -> None:
    mode = variant(Demo, id="reveal-bonus", reveal_for_skill=_reveal_with_bonus)
    t = Table(4, mode=mode, concealed={0: "guanyu"}, hands={0: ["peach"]}, roles=("lord", "rebel", "loyalist", "renegade"))
    t.pass_()  # no reveal at the start of the turn
    since = len(t.events)
    t.choose(next(c for c in t.request.choices if c.option == "wusheng" and c.targets == (1,)))
    assert t.request.kind == "bonus"
    t.option("draw")
    assert t.request.kind == "convert"
    t.pick(t.in_hand(0, "peach"))
    kinds = [type(e).__name__ for e in t.events[since:]]
    assert kinds.index("GeneralRevealed") < kinds.index("CardsMoved") < kinds.index("Triggered") < kinds.index("CardUsed")


def _reveal_on_death(self: Any, engine: Any, c: int, killer: int) -> Generator:
    p = engine.state.chars[c]
    for i, sl in enumerate(p.slots):
        if sl.vis is not None:
            engine.emit(ev.GeneralRevealed(seat=c, slot=i, general=sl.general))
    return
    yield  # pragma: no cover


def test_a_death_reveals_before_the_death_window_and_the_discards() -> None:
    mode = variant(Demo, id="reveal-on-death", on_death=_reveal_on_death)
    roles = ("lord", "rebel", "loyalist", "renegade")
    t = Table(4, mode=mode, roles=roles, concealed={1: "guanyu"}, hands={0: ["slash"], 1: ["dodge"]}, hp={1: 1})
    t.use("slash", 1)
    t.pass_()  # no 闪; nobody of its side holds a 桃
    assert not t.state.chars[1].alive
    kinds = [type(e).__name__ for e in t.events]
    died = kinds.index("Died")
    assert kinds.index("GeneralRevealed", died) == died + 1
    assert any(type(e) is ev.CardsMoved and e.reason == "death" for e in t.events[died + 2 :])


KEEPER = Pack("test-keeper", "测试", "Test")
KEEPER.mod("keeps_alive", lambda state, seat: seat == 1, owner="test_keeper")


def test_a_rule_may_keep_a_character_alive_below_one_hp() -> None:
    mode = variant(Identity, id="keeper", packs=lambda self, options: (*Identity.packs(self, options), KEEPER))
    t = Table(4, mode=mode, hands={0: ["slash"], 2: ["peach"]}, hp={1: 1})
    t.use("slash", 1)
    assert t.request.kind == "play" and t.request.seat == 0  # nobody is asked to save seat 1
    assert t.state.chars[1].alive and t.hp(1) == 0 and t.of_type(ev.Dying)


HEARTS = Pack("test-hearts", "测试", "Test")
HEARTS.mod("suit", lambda state, seat, card: "heart" if seat == 1 and CARDS[card].suit == "spade" else "", owner="test_hearts")


def test_a_suit_modifier_changes_what_a_judgement_counts_as() -> None:
    mode = variant(Identity, id="hearts", packs=lambda self, options: (*Identity.packs(self, options), HEARTS))
    spade = next(c.number for c in CARDS if c.suit == "spade" and c.name == "slash")
    for m, skipped in ((mode, False), ("identity", True)):
        t = Table(4, mode=m, judge={1: ["indulgence"]}, pile=["dodge", "dodge", f"#{spade}"])  # seat 0 draws the first two
        t.end()
        t.until("play", 2 if skipped else 1)
        assert any(type(e) is ev.PhaseSkipped and e.seat == 1 for e in t.events) == skipped


def _count_responses(engine: Any, seat: int, ctx: Any) -> Generator:
    engine.emit(ev.Triggered(seat=seat, source="test_echo", targets=(), w="card_responding"))
    return
    yield  # pragma: no cover


ECHO = Pack("test-echo", "测试", "Test")
ECHO.hook(Hook("card_responding", "test_echo", _count_responses, lambda st, s: True, can=lambda e, s, ctx: ctx.seat == s and ctx.answered[0] == "dodge", silent=True, owners=lambda ctx: (ctx.seat,)))


def test_a_played_card_opens_the_responding_window() -> None:
    mode = variant(Identity, id="echo", packs=lambda self, options: (*Identity.packs(self, options), ECHO))
    t = Table(4, mode=mode, hands={0: ["slash"], 1: ["dodge"]}, equip={2: ["eight_diagram"]})
    t.use("slash", 1)
    t.use("dodge")
    echoes = [e for e in t.events if type(e) is ev.Triggered and e.source == "test_echo"]
    assert [e.seat for e in echoes] == [1]


def _cancel_indulgence(engine: Any, seat: int, use: Any) -> Generator:
    use.cancelled.add(seat)
    return
    yield  # pragma: no cover


SHY = Pack("test-shy", "测试", "Test")
SHY.hook(Hook("target_confirming", "test_shy", _cancel_indulgence, lambda st, s: s == 1, can=lambda e, s, use: use.name == "indulgence" and s in use.targets, owners=lambda use: use.targets))


def test_a_delayed_trick_is_not_placed_on_a_cancelled_target() -> None:
    mode = variant(Identity, id="shy", packs=lambda self, options: (*Identity.packs(self, options), SHY))
    t = Table(4, mode=mode, hands={0: ["indulgence"]})
    card = t.in_hand(0, "indulgence")
    t.use("indulgence", 1)
    assert not t.state.chars[1].judge and card in t.state.discard


def _drop_weapon(engine: Any, seat: int, ctx: Any) -> Generator:
    engine.move(tuple(engine.state.chars[seat].equip.values()), "equip", "discard", src_seat=seat, reason="test")
    return
    yield  # pragma: no cover


def _wielder(engine: Any, seat: int, ctx: Any) -> Generator:
    return
    yield  # pragma: no cover


TAKERS = Pack("test-takers", "测试", "Test")
TAKERS.hook(Hook("turn_start", "test_drop", _drop_weapon, lambda st, s: s == 0))
TAKERS.hook(Hook("turn_start", "test_wielder", _wielder, lambda st, s: "weapon" in st.chars[s].equip))


def test_a_hook_whose_holder_lost_it_in_the_same_window_does_not_act() -> None:
    mode = variant(Identity, id="takers", packs=lambda self, options: (*Identity.packs(self, options), TAKERS))
    t = Table(4, mode=mode, equip={0: ["crossbow"]})
    assert t.request.kind == "order" and {c.option for c in t.request.choices} == {"test_drop", "test_wielder"}
    t.option("test_drop")
    fired = [e.source for e in t.of_type(ev.Triggered)]
    assert fired == ["test_drop"] and not t.state.chars[0].equip


# -- actions owned by a rule, range and hand-limit modifiers, damage natures --------------------------


def _reach_pack() -> Pack:
    """A rule (no skill) that gives every seat a play-phase action, and modifiers
    that put everyone in everyone's attack range and raise hand limits by 2."""
    from sanguozhi.core.skills.base import Action

    pack = Pack("test-reach", "测试", "Test")

    def shout(engine: Any, seat: int) -> Generator:
        engine.emit(ev.Triggered(seat=seat, source="test_shout"))
        return
        yield  # pragma: no cover

    once = lambda engine, seat: engine.state.used.get(f"test_shout@{seat}", 0) < 1  # noqa: E731
    pack.action(Action("test_shout", once, shout, per_turn=1), owner="test-rule")
    pack.action(Action("test_hidden", lambda engine, seat: True, shout), owner="test_unheld_skill")
    pack.mod("in_range", lambda state, a, b: True, owner="test-rule")
    pack.mod("hand_limit", lambda state, seat, limit: limit + 2, owner="test-rule")
    return pack


def test_an_action_matters_while_its_owner_does_and_modifiers_reach_range_and_hand_limit() -> None:
    from sanguozhi.core.skills.base import Skill

    pack = _reach_pack()
    pack.skill(Skill("test_unheld_skill", "无", "None", "active", "", ""))
    mode = variant(Identity, id="reach", packs=lambda self, options: (*Identity.packs(self, options), pack))
    t = Table(5, mode=mode, hands={0: ["slash"] + ["dodge"] * 4}, hp={0: 1}, pile=["peach", "peach"])
    options = [c.option for c in t.request.choices]
    assert "test_shout" in options and "test_hidden" not in options  # a skill nobody has: never offered
    slash = t.in_hand(0, "slash")
    assert sorted(c.targets[0] for c in t.request.choices if c.cards == (slash,)) == [1, 2, 3, 4]  # all in range
    t.option("test_shout")
    assert "test_shout" not in [c.option for c in t.request.choices]
    t.end()
    req = t.request
    assert req.kind == "discard" and req.min == 7 - 3  # 7 cards, limit hp 1 + 2


def test_a_damage_nature_means_one_thing() -> None:
    from sanguozhi.core.natures import NATURES, add_nature, is_attribute

    assert add_nature("fire", "火焰", "fire") == NATURES["fire"]  # the same again is fine
    with pytest.raises(ValueError, match="already"):
        add_nature("fire", "火", "blaze")
    assert is_attribute("thunder") and not is_attribute("normal")

"""What the engine and the bots keep or work out the lean way equals a fresh computation,
at every decision of seeded games in every mode (issue 34): the bots' relations
(kept across decisions while the roles and damage they read stay the same) and
each character's attack reach (``in_reach``'s one-pass form of ``_within``, and a mode's
table steps from one character to all at once, ``Ruleset.table_steps``), and the
hooks, forms, actions, bans and modifiers the engine takes to matter at the table
(``Engine._in_play`` from the content's ``ByOwner`` indexes, and the card-use windows
it passes without a call), and the concealed characters that may act (kept for one ``State.epoch``: until the
skills at the table change or a character dies); the duel's ring (``row.Layout``, kept for one epoch, which
deaths, reveals and redeploys bump) and each player's play-request frame (``turn.SeatFrame``)."""
from __future__ import annotations

import pytest

from sanguozhi.core import events as ev
from sanguozhi.core.bots import bot_choice
from sanguozhi.core.bots import basic
from sanguozhi.core.distance import _within, attack_range, in_reach, table_distance
from sanguozhi.core.engine import CARD_WINDOW_NAMES
from sanguozhi.core.game import new_game
from sanguozhi.core.modes import RULESETS
from sanguozhi.core.modes.duel import row, turn
from sanguozhi.core.modes.duel.rules import face_up
from sanguozhi.core.view import SeatView

# Every mode at its smallest and largest table, a few seeds each: a few seconds in all.
CASES = [(mode, players) for mode in sorted(RULESETS) for players in sorted({min(RULESETS[mode].players), max(RULESETS[mode].players)})]


def _fresh_reach(state, seat: int) -> list[int]:
    r = attack_range(state, seat)
    return [t for t in state.seats_from(seat) if t != seat and _within(state, seat, t, r)]


def _check_in_play(engine) -> None:
    """What the engine takes to matter at the table (from the content's ``ByOwner`` indexes)
    is the content filtered afresh by the skills there."""
    content, st = engine.content, engine.state
    present = set().union(*(p.skills | p.latent for p in st.chars))

    def live(entries):
        return tuple(x for o, x in entries if o in present or o not in content.skills)

    assert engine._present == present
    for window, entries in content.hooks.items():
        assert engine.hooks_at(window) == live(entries), window
    assert engine.forms == live((content.form_owners[f.option], f) for f in content.forms.values())
    assert engine.actions == live((content.action_owners[sid], (sid, a)) for sid, a in content.actions.items())
    assert engine._bans == {n: fns for n, es in content.bans.items() if (fns := live(es))}
    for point in ("hand_lost", "equip_lost", "hand_divert", "slash_limit", "damage_applied", "after_damage", "keeps_alive", "hand_limit"):
        assert getattr(engine, f"_{point}") == live(content.mods[point]), point
    assert engine._concealing() == tuple(c for c in engine._concealed if engine.rs.may_conceal(st, c))
    fresh_live = {w for w in CARD_WINDOW_NAMES if live(content.hooks.get(w, ())) or (engine._concealable and engine._hidden_at(w))}
    assert engine._card_live == fresh_live


def _check_duel_layout(engine) -> None:
    """The ring kept for the epoch is the one worked out afresh from the marks, and so are
    the neighbours, steps, redeploys and each player's play-request frame read from it."""
    st = engine.state
    kept, fresh = row.layout(st), row.Layout(st)
    living = [p.seat for p in st.chars[row.PLAYERS :] if p.alive]
    ring = sorted(living, key=lambda c: st.chars[c].marks[row.ROW])
    assert kept.all == fresh.all == living
    assert kept.ring == fresh.ring == ring
    assert kept.by_seat == fresh.by_seat == {s: [c for c in living if st.chars[c].owner == s] for s in {st.chars[c].owner for c in living}}
    n = len(ring)
    for i, c in enumerate(ring):
        near = () if n < 2 else tuple(dict.fromkeys((ring[i - 1], ring[(i + 1) % n])))
        assert kept.neighbours(c) == fresh.neighbours(c) == near
        assert kept.own_neighbours(c) == tuple(x for x in near if st.chars[x].owner == st.chars[c].owner)
        assert kept.steps(c) == {t: min(abs(i - k), n - abs(i - k)) for k, t in enumerate(ring)}
    for seat in (0, 1):
        assert kept.redeploys(seat) == [(c, x) for c in living if st.chars[c].owner == seat for x in kept.own_neighbours(c)]
        frame, new = turn.seat_frame(engine, seat), turn.SeatFrame(engine, seat)
        assert [(c, up, list(forms)) for c, up, forms in frame.generals] == [(c, up, list(forms)) for c, up, forms in new.generals]
        assert [up for _, up, _ in frame.generals] == [face_up(st, c) for c in kept.by_seat.get(seat, [])]
        assert (frame.reveals, frame.redeploys) == (new.reveals, new.redeploys)


@pytest.mark.parametrize(("mode", "players"), CASES)
def test_kept_and_lean_values_equal_fresh_ones_at_every_decision(mode: str, players: int) -> None:
    checked = 0
    for seed in range(2):
        game = new_game(mode, players, seed)
        while not game.over and game.state.decisions < 400:
            state, request = game.state, game.request
            alive = state.alive_seats()
            for c in alive:
                assert in_reach(state, c) == _fresh_reach(state, c), (mode, seed, state.seq, c)
            if state.rs.table_steps is not None:
                for c in alive:
                    assert state.rs.table_steps(state, c) == {t: table_distance(state, c, t) for t in alive}, (mode, seed, state.seq, c)
            _check_in_play(game.engine)
            if mode == "duel":
                _check_duel_layout(game.engine)
            view = SeatView(state, request.seat)
            roles = view.roles()
            kept = basic.role_relations(view, roles)
            assert kept == basic._role_relations(view, roles), (mode, seed, state.seq)
            checked += 1
            game.submit(bot_choice("basic", state, request))
    assert checked > 0


def test_kept_relations_follow_a_change_of_what_they_read() -> None:
    """The same roles but other damage, or other living seats for a renegade: worked out anew."""
    game = new_game("identity", 5, 3)
    view = SeatView(game.state, 0)
    roles = ["lord", None, None, None, "renegade"]
    before = basic.role_relations(view, roles)
    game.state.damage_dealt[1][0] += 1  # seat 1 hurt the lord: a rebel, as seat 0 guesses
    after = basic.role_relations(view, roles)
    assert before[0][1] is None and after[0][1] == "rebel"
    assert after == basic._role_relations(view, roles)
    game.state.damage_dealt[1][0] -= 1
    assert basic.role_relations(view, roles) == before


def test_kept_concealing_follows_a_death() -> None:
    """A death bumps ``State.epoch``: the concealed characters that may act are worked
    out anew, even before the dead character's generals are revealed."""
    game = new_game("hegemony", 5, 0)
    while not game.engine._concealing():
        game.submit(bot_choice("basic", game.state, game.request))
    engine, st = game.engine, game.state
    c = engine._concealing()[0]
    engine._handlers[ev.Died](st, ev.Died(seat=c, role=""))  # the fold alone: no reveal follows
    assert c not in engine._concealing()
    assert engine._concealing() == tuple(x for x in engine._concealed if engine.rs.may_conceal(st, x))


def test_kept_duel_ring_follows_a_redeploy() -> None:
    """A redeploy swaps two places in the ring and bumps ``State.epoch``: the ring
    kept for the epoch before is not read again."""
    game = new_game("duel", 2, 0)
    while not (game.request.kind == "play" and any(c.option == "redeploy" for c in game.request.choices)):
        game.submit(bot_choice("basic", game.state, game.request))
    st = game.state
    before = list(row.ring(st))
    move = next(c for c in game.request.choices if c.option == "redeploy")
    game.submit(move)
    g, past = move.targets
    swapped = [past if c == g else g if c == past else c for c in before]
    assert row.ring(st) == swapped == row.Layout(st).ring

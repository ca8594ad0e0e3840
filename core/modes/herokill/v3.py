"""What Hero Kill's two 3v3 modes share (seed 004): six seats in two teams of
three (``Seat.team``), every role public, no lord skills (nobody is a lord),
post-game points by team result, and the die roll."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ... import events as ev
from ..base import ModeError
from .common import DiceRolled, HeroKill, _nothing, narrate_roll
from .heroes import events as hero_events

if TYPE_CHECKING:
    from ...engine import Engine
    from ...state import Character, Seat, State


class Teams(HeroKill):
    players = range(6, 7)
    roles: tuple[str, ...] = ()  # by seat
    events: tuple[type[ev.Event], ...] = (DiceRolled, *hero_events.EVENTS)
    handlers: dict = {DiceRolled: _nothing, **hero_events.HANDLERS}
    table_layout = "teams"

    def team_of(self, seat: int) -> int:
        raise NotImplementedError

    def check(self, players: int, options: dict) -> dict:
        if players != 6:
            raise ModeError(f"mode {self.id!r} takes 6 players (two teams of three), not {players}")
        return super().check(players, options)

    def table(self, start: ev.GameStarted) -> "tuple[list[Seat], list[Character]]":
        seats, chars = super().table(start)
        for s in seats:
            s.team = self.team_of(s.seat)
        return seats, chars

    def deal_roles(self, engine: "Engine") -> None:
        """Deal the roles by seat and show them all: the teams are public."""
        engine.emit(ev.RolesDealt(roles=self.roles))
        for seat, role in enumerate(self.roles):
            engine.emit(ev.RoleShown(seat=seat, role=role))

    @staticmethod
    def team(state: "State", team: int) -> tuple[int, ...]:
        """The characters of a team, in seat order (dead ones too)."""
        return tuple(p.seat for p in state.chars if state.seats[p.owner].team == team)

    def narrate(self, narrator: Any, event: ev.Event) -> str | None:
        if isinstance(event, DiceRolled):
            return narrate_roll(narrator, event)
        return super().narrate(narrator, event)

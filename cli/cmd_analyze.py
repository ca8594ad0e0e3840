"""`sgz analyze`: what each choice at a position is worth, by determinized rollouts; a game review."""
from __future__ import annotations

import click

from .common import LANG_OPTION, fail, format_option, load, output_format, reading, usage


def _jobs(jobs: int | None) -> int:
    from sanguozhi.replay.analyze import default_jobs

    if jobs is not None and jobs < 1:
        usage(f"--jobs must be at least 1, not {jobs}")
    return jobs or default_jobs()


def render_report(report, events, lang: str = "en") -> list[str]:  # report: replay.analyze.Report
    """The ranked choices in words, as the deciding seat was asked them."""
    from sanguozhi.replay.prompts import Asked
    from sanguozhi.replay.seek import Timeline

    game = Timeline(events).resume(report.at + 1)
    asked = Asked(game.request, game.state, lang)
    zh = lang == "zh"
    who = asked.n.seat(report.seat)
    head = (
        f"第{report.at}个事件后，{who}：{asked.title}（每个选择推演{report.rollouts}局）"
        if zh
        else f"after event {report.at}, {who}: {asked.title} ({report.rollouts} rollouts per choice)"
    )
    lines = [head]
    for rank, c in enumerate(report.choices, 1):
        low, high = c.interval
        mark = ("  ← 实际选择" if zh else "  <- taken") if c.taken else ""
        what = asked.choice(c.choice) or ("（空）" if zh else "(nothing)")
        lines.append(f"{rank:>3}. {100 * c.rate:5.1f}%  [{100 * low:4.1f}-{100 * high:5.1f}]  {c.mean_turns:5.1f} {'回合' if zh else 'turns'}  {what}{mark}")
    return lines


@click.command(epilog="Example: sgz analyze game.jsonl --at 120 --rollouts 32")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, default=None, help="Analyse the decision pending after event N.")
@click.option("--as", "seat", type=int, default=None, help="Only if that decision is this seat's (a check).")
@click.option("--seat", "review", type=int, default=None, help="With --blunders: the seat whose decisions are reviewed.")
@click.option("--blunders", is_flag=True, help="Review every decision of --seat and list those clearly worse than the best.")
@click.option("--rollouts", "-k", type=click.IntRange(1, 10_000), default=16, show_default=True, help="Rollouts per choice.")
@click.option("--threshold", type=click.FloatRange(0, 1), default=0.15, show_default=True, help="With --blunders: how much worse (in win rate) a blunder is.")
@click.option("--bots", default="basic", show_default=True, help="The bot that plays the rollouts on.")
@click.option("--seed", type=int, default=0, show_default=True, help="The analysis's own seed: the same seed gives the same report.")
@click.option("--jobs", "-j", type=int, default=None, help="Processes to use.  [default: all cores]")
@click.option("--keep", type=click.Path(file_okay=False), default=None, help="Write every rollout as a fork record into this folder.")
@click.option("--save", is_flag=True, help="With --blunders: keep the review beside FILE (FILE.analysis.json), for the analysis strip of sgz html and sgz serve.")
@format_option("text", "json", default="text", what="the report")
@LANG_OPTION
def analyze(file: str, at: int | None, seat: int | None, review: int | None, blunders: bool, rollouts: int, threshold: float, bots: str, seed: int, jobs: int | None, keep: str | None, save: bool, fmt: str, as_json: bool, lang: str) -> None:
    """Estimate the win probability of every legal choice at a position of FILE.

    Each choice is tried --rollouts times: the record is forked there, what
    the deciding seat could not see (others' hands, the pile, hidden roles and
    generals) is dealt again at random, and bots play on to the end.  Choices
    are ranked by win rate with a 95% interval; the one the record took is
    marked.  With --blunders, every decision of --seat is reviewed; --save
    keeps that review beside FILE, where replay pages find it.
    """
    from sanguozhi.core.bots import BotError
    from sanguozhi.core.bots import load as load_bot

    as_json = output_format(fmt, as_json) == "json"
    try:
        load_bot(bots)
    except BotError as exc:
        usage(f"--bots: {exc}")
    if blunders:
        if review is None or at is not None:
            usage("--blunders goes with --seat S (and not --at)")
    elif at is None:
        usage("give --at N (the position to analyse), or --seat S --blunders")
    if save and not blunders:
        usage("--save goes with --blunders (it keeps the review of a seat)")
    record = load(file)
    players, last = record.header.players, len(record.events) - 1
    for flag, value in (("--as", seat), ("--seat", review)):
        if value is not None and not 0 <= value < players:
            usage(f"{flag} {value}: the game has seats 0-{players - 1}")
    if at is not None and not 0 <= at <= last:
        usage(f"--at {at}: event {at} is not in the record (events 0-{last})")
    n_jobs = _jobs(jobs)
    with reading(file):
        _analyze(file, record, at, seat, review, blunders, save, rollouts, threshold, bots, seed, n_jobs, keep, as_json, lang)


def _analyze(file: str, record, at: int | None, seat: int | None, review: int | None, blunders: bool, save: bool, rollouts: int, threshold: float, bots: str, seed: int, n_jobs: int, keep: str | None, as_json: bool, lang: str) -> None:
    import json
    from pathlib import Path

    from sanguozhi.replay.analyze import AnalysisError
    from sanguozhi.replay.analyze import analyze as run
    from sanguozhi.replay.analyze import reviewed

    try:
        if not blunders:
            assert at is not None
            report = run(record.events, at, rollouts=rollouts, bots=bots, seed=seed, jobs=n_jobs, seat=seat, keep=Path(keep) if keep else None, header=record.header)
            if as_json:
                click.echo(json.dumps(report.as_data(), ensure_ascii=False))
            else:
                click.echo("\n".join(render_report(report, record.events, lang)))
            return
        from sanguozhi.replay.analyze import Blunder, Unjudged

        zh = lang == "zh"
        found: list[Blunder] = []
        unjudged: list[Unjudged] = []
        checked = 0
        seen = []
        for k, report, verdict in reviewed(record.events, review, rollouts=rollouts, threshold=threshold, bots=bots, seed=seed, jobs=n_jobs):
            checked += 1
            seen.append((k, report, verdict))
            if isinstance(verdict, Blunder):
                found.append(verdict)
            elif isinstance(verdict, Unjudged):
                unjudged.append(verdict)
    except AnalysisError as exc:
        fail(str(exc), lang=lang)
    if save:
        from sanguozhi.replay.review import review_of
        from sanguozhi.replay.review import save as keep_review

        assert review is not None
        try:
            where = keep_review(file, review_of(record.header.game, review, seen, rollouts=rollouts, threshold=threshold, bots=bots, seed=seed))
        except OSError as exc:
            fail(f"无法在 {file} 旁写入复盘：{exc.strerror or exc}" if zh else f"cannot write the review beside {file}: {exc.strerror or exc}", lang=lang)
        click.echo(f"{review}号位的复盘：{where}" if zh else f"review of seat {review}: {where}", err=True)
    found.sort(key=lambda b: -b.loss)  # the worst first
    unjudged.sort(key=lambda b: -b.loss)
    if as_json:
        click.echo(json.dumps({"seat": review, "decisions": checked, "blunders": [dict(b.report.as_data(), loss=round(b.loss, 4)) for b in found], "unjudged": [dict(b.report.as_data(), loss=round(b.loss, 4)) for b in unjudged]}, ensure_ascii=False))
        return
    for b in found:
        click.echo("\n".join(render_report(b.report, record.events, lang)))
        click.echo(f"     失误：-{100 * b.loss:.1f}%\n" if zh else f"     blunder: -{100 * b.loss:.1f}%\n")
    for b in unjudged:
        click.echo("\n".join(render_report(b.report, record.events, lang)))
        games = next(c.games for c in b.report.choices if c.taken)
        click.echo(f"     无法判断：落后{100 * b.loss:.1f}%，但推演{games}局后区间仍重叠\n" if zh else f"     could not be judged: {100 * b.loss:.1f}% behind, but the intervals still overlap after {games} rollouts\n")
    if zh:
        click.echo(f"{review}号位：复盘了{checked}个有选择的决定，{len(found)}个失误（按差距排序）" + (f"，{len(unjudged)}个无法判断" if unjudged else ""))
    else:
        click.echo(f"seat {review}: {checked} decisions with a choice reviewed, {len(found)} blunders (worst first)" + (f", {len(unjudged)} could not be judged" if unjudged else ""))

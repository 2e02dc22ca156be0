"""Random play through Discord: members of a random table (members and AI seats, random valid
options) click whatever they see, in any order, until the game ends; after every action the
test checks what a player would notice.

A seeded, bounded fuzzer: `random.Random(seed)`, a few seeds per game.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engines
from bot.render import renderer
from bot.variants import fields, pair
from cogs import ids
from cogs.messages import board_embed, results_text
from engines.core import encode_action
from engines.options import fitted
from tests.bot.conftest import LOCALES
from tests.bot.driver import (
    RESULTS_MARK,
    click_verb,
    components,
    only_session,
    open_game,
    pictures_off,
)

# --- what a member sees ---


def cid_of(comp: dict[str, Any]) -> str:
    return comp.get("custom_id", "")


def offered(panel: Any) -> dict[str, Any]:
    """What a panel offers, read from its components as a member sees them."""
    acts: set[str] = set()
    picks: set[str] = set()
    picked: str | None = None
    extras: set[str] = set()
    undo = reclaim = False
    for comp in components(panel):
        cid = cid_of(comp)
        if m := ids.ACT.pattern.fullmatch(cid):
            acts.add(ids.ACT.parse(m)["action"])
        elif cid.startswith("tb:sel:"):
            acts |= {o["value"] for o in comp["options"]}
        elif m := ids.PICK.pattern.fullmatch(cid):
            key = ids.PICK.parse(m)["key"]
            picks.add(key)
            if comp.get("style") == 1:  # primary: the card chosen first
                picked = key
        elif cid.startswith("tb:x:"):
            extras |= {o["value"] for o in comp["options"]}
        elif cid.startswith("tb:undo:"):
            undo = True
        elif cid.startswith("tb:back:"):
            reclaim = True
    return {
        "acts": acts,
        "picks": picks,
        "picked": picked,
        "extras": extras,
        "undo": undo,
        "reclaim": reclaim,
    }


def expected(session: Any, seat: int, picked: str | None, lang: str) -> dict[str, Any]:
    """What the seat's panel must offer now: exactly the engine's legal actions."""
    game, state = session.game, session.state
    if session.record.seats[seat].ai:
        return {
            "acts": set(),
            "picks": set(),
            "picked": None,
            "extras": set(),
            "undo": False,
            "reclaim": True,
        }
    legal = game.legal_actions(state, seat)
    view = game.view(state, seat)
    acts: set[str] = set()
    picks: set[str] = set()
    if len(legal) == 1 and not type(legal[0]).reveals:
        acts = {encode_action(legal[0])}
    else:
        for action in legal:
            step = renderer(session.record.slug).step(action, view, lang)
            if step is None:
                acts.add(encode_action(action))
            else:
                picks.add(step.key)
                if step.key == picked:
                    acts.add(encode_action(action))
    extras = {encode_action(a) for a in game.extra_actions(state, seat)[:25]}
    return {
        "acts": acts,
        "picks": picks,
        "picked": picked if picked in picks else None,
        "extras": extras,
        "undo": session.may_take_back(seat),
        "reclaim": False,
    }


def embed_dict(message: Any) -> dict[str, Any]:
    embed = message.embeds[0]
    data = embed.to_dict()
    data.pop("type", None)
    data.pop("image", None)
    return data


def as_shown(embed: Any) -> dict[str, Any]:
    data = embed.to_dict()
    data.pop("type", None)
    data.pop("image", None)
    return data


KEYS = {
    line.split("=")[0].strip()
    for path in Path("bot/locales").glob("*/*.ftl")
    for line in path.read_text().splitlines()
    if re.match(r"^[a-z][a-z0-9-]+\s*=", line)
}
KEY_WORD = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")

# --- the fuzzer ---


@dataclass
class Table:
    world: Any
    slug: str
    rng: random.Random
    caplog: Any
    humans: list[Any] = field(default_factory=list)
    host: Any = None
    session: Any = None
    live: dict[int, Any] = field(default_factory=dict)
    """Each member's latest panel shown by a click (an InteractionResult or a DM message id)."""
    old: list[tuple[Any, Any]] = field(default_factory=list)
    """(clicker, message) of panels seen before, to click again."""
    notices: list[Any] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)

    @property
    def lang(self) -> str:
        return self.session.record.language

    def note(self, text: str) -> None:
        self.trace.append(text)

    def fail(self, what: str) -> None:
        what += f"\n[version {self.session.version}, to act {sorted(self.session.to_act())}]"
        tail = [r.getMessage()[:260] for r in self.caplog.records[-60:]]
        what += "\n--- log ---\n" + "\n".join(tail)
        raise AssertionError(f"{what}\n--- steps ---\n" + "\n".join(self.trace[-40:]))

    async def settle(self) -> None:
        await self.world.env.bot.presenter.shown()
        await self.world.env.settle()

    # -- opening --

    async def open(self) -> None:
        rng, world, slug = self.rng, self.world, self.slug
        spec = engines.game(slug).SPEC
        players = rng.randint(spec.min_players, spec.max_players)
        humans = rng.randint(1, min(players, 5))
        members = list(world.members)
        extra = ["dave", "erin"]
        while len(members) < humans:
            members.append(world.member(extra.pop(0), rng.choice(["en-US", "ru"])))
        rng.shuffle(members)
        self.humans = members[:humans]
        for member in self.humans:  # members read the bot in either language
            LOCALES[member.id] = rng.choice(["en-US", "en-US", "ru"])
        self.host = self.humans[0]
        base = spec.Options()
        chosen = base
        for _ in range(30):
            changes = {f.name: rng.choice(f.values) for f in fields(slug) if rng.random() < 0.5}
            if not changes:
                break
            if slug == "genial":  # a long series would not fit the time budget
                changes["games"] = min(int(changes.get("games", 1) or 1), 2)
            fit = fitted(base, changes, players)
            if fit is not None and not fit.misfits(players):
                chosen = fit
                break
        words = [
            pair(slug, f, getattr(chosen, f.name), "en")
            for f in fields(slug)
            if getattr(chosen, f.name) != getattr(base, f.name)
        ]
        self.note(f"open {slug} players={players} humans={[m.name for m in self.humans]} {words}")
        if words:
            opened = await self.host.slash(
                world.channel, "newgame", game=slug, options=" ".join(words)
            )
        else:
            opened = await self.host.slash(world.channel, "newgame", game=slug)
        assert opened.acknowledged
        lobby = world.channel.last_message
        order = ["join"] * (humans - 1) + ["addai"] * (players - humans)
        rng.shuffle(order)
        guests = iter(self.humans[1:])
        for verb in order:
            actor = next(guests) if verb == "join" else self.host
            result = await click_verb(actor, lobby, verb)
            assert result.acknowledged
        started = await click_verb(self.host, lobby, "start")
        assert started.acknowledged, started
        await self.settle()
        self.session = only_session(world)
        assert self.session.running, started.response.content if started.response else started
        assert spec.Options.model_validate(self.session.record.options) == chosen
        self.check()

    # -- invariants --

    def no_errors(self) -> None:
        bad = [r.getMessage() for r in self.caplog.records if r.levelno >= logging.ERROR]
        if bad or self.world.env.errors:
            self.fail(f"errors: {bad} {self.world.env.errors}")

    def answered(self, result: Any, what: str) -> None:
        if not result.acknowledged:
            self.fail(f"{what}: not acknowledged (This interaction failed)")

    def panel_now(self, user: Any) -> Any | None:
        kept = self.live.get(user.id)
        if kept is None:
            return None
        kind, ref = kept
        if kind == "eph":
            return ref.response
        dm = user.user.dm_channel if hasattr(user, "user") else user.dm_channel
        return next((m for m in dm.history() if m.id == ref), None)

    def check_board(self) -> None:
        session = self.session
        if not session.running:
            return
        message = next(
            (m for m in self.world.channel.history() if m.id == session.record.message_id), None
        )
        if message is None:
            self.fail("the board message is gone")
        want = as_shown(board_embed(session, self.lang))
        got = embed_dict(message)
        if got != want:
            self.fail(f"board differs from board_embed:\n got={got}\nwant={want}")

    def check_panel(self, member: Any) -> None:
        session = self.session
        panel = self.panel_now(member)
        if panel is None or not panel.embeds:
            return
        seat = session.seat_of(member.id)
        if seat is None or session.record.seats[seat].kicked:
            if components(panel):
                self.fail(f"{member.name}: panel of a seat no longer theirs still has buttons")
            return
        got = offered(panel)
        if session.record.seats[seat].ai:
            if components(panel) and not got["reclaim"]:
                self.fail(f"{member.name}: AI plays the seat but the panel offers moves: {got}")
            return
        want = expected(session, seat, got["picked"], member_lang(member))
        if got != want:
            self.fail(
                f"{member.name} (seat {seat}) panel offers {got}\n"
                f"but the engine allows {want}\n"
                f"panel content={panel.content!r}"
            )
        # A panel drawn at the current version shows the member's own view as it is now.
        versions = {
            int(cid_of(c).split(":")[3])
            for c in components(panel)
            if cid_of(c).startswith(("tb:act:", "tb:sel:", "tb:pick:", "tb:undo:"))
        }
        if versions != {session.version}:
            return
        own = renderer(self.slug).hand(
            session.game.view(session.state, seat),
            session.names(member_lang(member)),
            member_lang(member),
        )
        if panel.embeds[0].description != "\n".join(own):
            self.fail(
                f"{member.name}: the panel's hand differs from the seat's view:\n"
                f"{panel.embeds[0].description!r}\n{own!r}"
            )

    def check_private(self) -> None:
        for member in self.humans:
            kept = self.live.get(member.id)
            if kept is None or kept[0] != "eph":
                continue
            shown = kept[1].response
            if shown is None:
                continue
            if not shown.ephemeral:
                self.fail(f"{member.name}'s panel is not ephemeral")
            for other in self.humans:
                if other is not member and shown.id in {
                    m.id for m in self.world.channel.history(viewer=other)
                }:
                    self.fail(f"{other.name} sees {member.name}'s panel")

    def check_words(self) -> None:
        """No catalogue key shows instead of its words, in the channel or in a member's DMs."""
        texts = []
        for m in self.world.channel.history():
            texts.append(m.content or "")
            texts += [e.description or "" for e in m.embeds]
            texts += [f.value or "" for e in m.embeds for f in e.fields]
        for member in self.humans:
            dm = member.user.dm_channel
            for m in dm.history() if dm is not None else []:
                texts.append(m.content or "")
                texts += [e.description or "" for e in m.embeds]
        for text in texts:
            for word in KEY_WORD.findall(text):
                if word in KEYS:
                    self.fail(f"a catalogue key shows as text: {word!r} in {text!r}")

    def check(self) -> None:
        self.no_errors()
        self.check_words()
        if not self.session.running:
            return
        self.check_board()
        for member in self.humans:
            self.check_panel(member)
        self.check_private()

    # -- actions --

    def remember(self, member: Any, result: Any, dm: bool = False) -> None:
        shown = result.response
        if shown is None or not shown.embeds:
            return
        if dm:
            self.live[member.id] = ("dm", shown.id)
        elif shown.ephemeral:
            self.live[member.id] = ("eph", result)
            self.old.append((member, result))

    async def my_hand(self, member: Any) -> Any:
        if self.rng.random() < 0.2:
            self.note(f"{member.name}: /game hand")
            result = await member.slash(self.world.channel, "game hand")
        else:
            self.note(f"{member.name}: My hand")
            board = next(
                m for m in self.world.channel.history() if m.id == self.session.record.message_id
            )
            result = await member.click(board, custom_id=ids.HAND.format(game_id=self.session.id))
        self.answered(result, f"{member.name} My hand")
        self.remember(member, result)
        return result

    async def use_panel(self, member: Any, clicker: Any, message: Any, dm: bool) -> Any:
        """Click a random component of a panel (a pick is followed by its second click)."""
        comps = [c for c in components(message) if cid_of(c).startswith("tb:")]
        if not comps:
            return None
        moves = [c for c in comps if cid_of(c).startswith(("tb:act:", "tb:sel:", "tb:pick:"))]
        comp = (
            self.rng.choice(moves) if moves and self.rng.random() < 0.85 else self.rng.choice(comps)
        )
        result = await self.press(member, clicker, message, comp)
        self.remember(member, result, dm)
        picked = cid_of(comp).startswith("tb:pick:") and result.response is not None
        if picked and self.rng.random() < 0.9:
            shown = result.response
            seconds = [c for c in components(shown) if cid_of(c).startswith("tb:act:")]
            if seconds:
                comp = self.rng.choice(seconds)
                target = shown if dm else shown.message
                result = await self.press(member, clicker, target, comp)
                self.remember(member, result, dm)
        return result

    def check_panel_of(self, member: Any, result: Any) -> None:
        self.check_panel(member)

    async def press(self, member: Any, clicker: Any, message: Any, comp: dict[str, Any]) -> Any:
        cid = cid_of(comp)
        target = getattr(message, "message", message)
        if comp.get("type") == 3:
            value = self.rng.choice(comp["options"])["value"]
            self.note(f"{member.name}: select {cid} = {value}")
            result = await clicker.select(target, [value], custom_id=cid)
        else:
            self.note(f"{member.name}: click {cid} ({comp.get('label')})")
            result = await clicker.click(target, custom_id=cid)
        self.answered(result, f"{member.name} {cid}")
        return result

    async def turn_dm(self, member: Any) -> Any:
        dm = member.user.dm_channel
        if dm is None or dm.last_message is None:
            return None
        message = dm.last_message
        if not components(message):
            return None
        self.note(f"{member.name}: turn DM {message.id}")
        return await self.use_panel(member, member.user, message, dm=True)

    async def old_panel(self, member: Any) -> Any:
        mine = [(m, r) for m, r in self.old if m is member and r.response is not None]
        if not mine:
            return None
        _, result = self.rng.choice(mine)
        self.note(f"{member.name}: old panel")
        return await self.use_panel(member, member, result.response, dm=False)

    async def leave(self, member: Any) -> None:
        self.note(f"{member.name}: /game leave")
        asked = await member.slash(self.world.channel, "game leave")
        self.answered(asked, "leave")
        if asked.response is None or not components(asked.response):
            return
        yes = next(c for c in components(asked.response) if cid_of(c).startswith("tb:ok:"))
        done = await member.click(asked.response.message, custom_id=cid_of(yes))
        self.answered(done, "leave confirm")
        self.live.pop(member.id, None)  # its panel is retired: no longer the member's
        self.notices.append(self.world.channel.last_message)

    async def reclaim(self, member: Any) -> None:
        for notice in reversed(self.notices):
            if any(cid_of(c).startswith("tb:back:") for c in components(notice)):
                self.note(f"{member.name}: Take my seat back")
                back = next(c for c in components(notice) if cid_of(c).startswith("tb:back:"))
                result = await member.click(notice, custom_id=cid_of(back))
                self.answered(result, "reclaim")
                return

    async def kick(self) -> None:
        others = [m for m in self.humans if m is not self.host]
        if not others:
            return
        victim = self.rng.choice(others)
        self.note(f"host kicks {victim.name}")
        result = await self.host.slash(self.world.channel, "game kick", member=victim)
        self.answered(result, "kick")
        self.live.pop(victim.id, None)

    async def status(self, member: Any) -> None:
        self.note(f"{member.name}: /game status")
        result = await member.slash(self.world.channel, "game status")
        self.answered(result, "status")

    async def restart(self) -> None:
        session = self.session
        state, seats = session.state, [(s.name, s.ai, s.kicked) for s in session.record.seats]
        self.note("restart")
        await self.world.restart()
        self.live.clear()
        self.session = only_session(self.world)
        if self.session.state != state:
            self.fail("after a restart the state differs")
        if [(s.name, s.ai, s.kicked) for s in self.session.record.seats] != seats:
            self.fail("after a restart the seats differ")

    async def step(self, chaos: bool) -> None:
        rng, session = self.rng, self.session
        acting = [
            m
            for m in self.humans
            if (seat := session.seat_of(m.id)) is not None
            and seat in session.to_act()
            and not session.record.seats[seat].ai
        ]
        member = rng.choice(acting) if acting and rng.random() < 0.75 else rng.choice(self.humans)
        roll = rng.random() if chaos else 0.0
        if roll < 0.6:
            result = await self.my_hand(member)
            if result.response is not None and result.response.ephemeral:
                await self.use_panel(member, member, result.response, dm=False)
        elif roll < 0.7:
            await self.turn_dm(member)
        elif roll < 0.78:
            await self.old_panel(member)
        elif roll < 0.84:
            await self.status(member)
        elif roll < 0.88:
            await self.leave(member)
        elif roll < 0.94:
            await self.reclaim(member)
        elif roll < 0.96:
            await self.kick()
        else:
            await self.restart()
        await self.settle()
        self.check()

    async def finish(self) -> None:
        session = self.session
        outcome = session.game.outcome(session.state)
        if outcome is None:
            self.fail("the game closed without an outcome")
        last = self.world.channel.last_message
        results = [m for m in self.world.channel.history() if m.content.startswith(RESULTS_MARK)]
        if len(results) != 1:
            self.fail(f"{len(results)} results messages; last message: {last.content!r}")
        want = results_text(session, self.lang)[:2000]
        if results[0].content != want:
            self.fail(f"results say {results[0].content!r}\nbut the engine's outcome: {want!r}")
        self.no_errors()


def member_lang(member: Any) -> str:
    return "ru" if LOCALES.get(member.id, "en-US").startswith("ru") else "en"


async def fuzz(world: Any, caplog: Any, slug: str, seed: int, steps: int = 120) -> Table:
    caplog.set_level(logging.INFO)
    await pictures_off(world)
    table = Table(world, slug, random.Random(seed), caplog)
    await table.open()
    for n in range(steps * 4):
        if table.session.record.status != "running":
            break
        await table.step(chaos=n < steps)
        if table.session.paused:
            # Nobody at the table: someone takes a seat back.
            await table.reclaim(table.rng.choice(table.humans))
            await table.settle()
            table.check()
    else:
        table.fail("the game did not end")
    if table.session.record.status == "finished":
        await table.finish()
    return table


SEEDS = [int(x) for x in os.environ.get("FUZZ_SEEDS", "1").split(",")]
CASES = [(slug, seed) for slug in engines.SLUGS for seed in SEEDS]


@pytest.mark.parametrize(("slug", "seed"), CASES)
async def test_random_play(world, caplog, slug, seed):
    """Whole games of every game played by random members' clicks (~20 s in all). More seeds:
    FUZZ_SEEDS=2,3,4."""
    await fuzz(world, caplog, slug, seed)


# --- minimal reproductions of what the fuzzer found ---


async def settled(world: Any) -> None:
    await world.env.settle()
    await world.env.bot.presenter.shown()
    await world.env.settle()


def boards_in(world: Any) -> list[Any]:
    """Messages of the channel that still carry a "My hand" button."""
    return [
        m
        for m in world.channel.history()
        if any(cid_of(c).startswith("tb:hand:") for c in components(m))
    ]


async def test_two_board_changes_in_one_instant_when_the_board_is_buried_post_it_once(
    world, caplog
):
    """The board, buried under the game's messages, is posted again below; a second change
    that lands as that redraw starts does not post it twice: the channel shows one live board,
    the one the game edits, showing the game as it is."""
    await pictures_off(world)
    alice, bob, carol = world.members

    await open_game(world, alice, "thegame", [bob, carol])
    session = only_session(world)
    presenter = world.env.bot.presenter
    # Three of the game's messages under the board (bob leaves and comes back three times),
    # with a server whose boards move down after three.
    presenter.repost_after = 0
    for _ in range(3):
        asked = await bob.slash(world.channel, "game leave")
        yes = next(c for c in components(asked.response) if cid_of(c).startswith("tb:ok:"))
        await bob.click(asked.response.message, custom_id=cid_of(yes))
        notice = world.channel.last_message
        back = next(c for c in components(notice) if cid_of(c).startswith("tb:back:"))
        await bob.click(notice, custom_id=cid_of(back))
    await settled(world)
    presenter.repost_after = 3
    old = session.record.message_id

    # Two changes of the game in one instant (two writes committed together by the group
    # commit): the second arrives once the outbox has taken the first redraw, before it ran.
    presenter.board_changed(session)
    await asyncio.sleep(0)
    presenter.board_changed(session)
    await settled(world)

    boards = boards_in(world)
    assert [m.id for m in boards] == [session.record.message_id]
    assert session.record.message_id != old
    assert embed_dict(boards[0]) == as_shown(board_embed(session, session.record.language))
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


def signal_choices(panel: Any) -> set[str]:
    return {
        o["value"] for c in components(panel) if cid_of(c).startswith("tb:x:") for o in c["options"]
    }


async def test_a_signal_from_another_player_updates_the_signals_a_panel_offers(world, caplog):
    """Bob puts "don't play" on pile 1: alice's open panel, redrawn by itself, offers "clear"
    there instead, exactly the signals she may give now."""
    await pictures_off(world)
    alice, bob = world.members[:2]

    board_message = await open_game(world, alice, "thegame", [bob])
    session = only_session(world)
    mine = await alice.click(board_message, custom_id=ids.HAND.format(game_id=session.id))
    assert "signal.0.dont_play" in signal_choices(mine.response)

    theirs = await bob.click(board_message, custom_id=ids.HAND.format(game_id=session.id))
    (menu,) = [c for c in components(theirs.response) if cid_of(c).startswith("tb:x:")]
    await bob.select(theirs.response.message, ["signal.0.dont_play"], custom_id=cid_of(menu))
    await settled(world)

    allowed = {encode_action(a) for a in session.game.extra_actions(session.state, 0)}
    assert "signal.0.clear" in allowed and "signal.0.dont_play" not in allowed
    # What alice's open panel offers now: what she may do now.
    assert signal_choices(mine.response) == allowed

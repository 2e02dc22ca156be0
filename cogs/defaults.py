"""/config option: a game's default options on this server, chosen with selects and toggles.

The panel is the admin's own (ephemeral); its components carry the game, so they still work
after a restart. Defaults must suit every table of the game, so they are offered for its
smallest one: a seat they name exists however few play.
"""

from __future__ import annotations

from typing import Any

import discord

import engines
from bot import variants
from bot.guild_config import GuildConfig
from bot.i18n import t
from bot.runtime import GameError
from cogs import ids
from cogs.items import Component
from cogs.messages import COLOUR, game_title
from cogs.options import arrange, controls, decode
from cogs.replies import Reply
from cogs.views import Button, Select, chosen, detached, select_options
from engines.options import fitted


class DefaultToggle(Component, discord.ui.DynamicItem[Button], layout=ids.DEFAULT_TOGGLE):
    """Turns one of a game's on/off defaults on or off (its custom_id says which)."""

    def __init__(
        self,
        slug: str,
        option: str,
        on: bool,
        label: str = "",
        lit: bool = False,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or option,
                style=discord.ButtonStyle.success if lit else discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=ids.DEFAULT_TOGGLE.format(slug=slug, option=option, on=on),
            )
        )
        self.slug, self.option, self.on = slug, option, on

    async def callback(self, interaction: discord.Interaction) -> None:
        """Store the default and redraw the panel."""
        value = "1" if self.on else "0"
        await self.answer(
            interaction, lambda reply: default_click(reply, self.slug, self.option, value)
        )


class DefaultSelect(Component, discord.ui.DynamicItem[Select], layout=ids.DEFAULT_OPTION):
    """Chooses one of a game's other defaults."""

    def __init__(
        self,
        slug: str,
        option: str,
        placeholder: str = "",
        options: list[discord.SelectOption] | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ids.DEFAULT_OPTION.format(slug=slug, option=option),
                placeholder=placeholder or None,
                options=options or select_options(None),
                disabled=disabled,
            )
        )
        self.slug, self.option = slug, option

    async def callback(self, interaction: discord.Interaction) -> None:
        """Store the chosen default and redraw the panel."""
        value = chosen(interaction)
        await self.answer(
            interaction, lambda reply: default_click(reply, self.slug, self.option, value)
        )


ITEMS = (DefaultToggle, DefaultSelect)


def defaults_panel(cfg: GuildConfig, slug: str, lang: str) -> dict[str, Any]:
    """A game's defaults on this server as message fields: each option, and its control."""
    smallest = engines.game(slug).SPEC.min_players
    options = cfg.options_for(slug)
    embed = discord.Embed(
        title=t(lang, "config-defaults", game=game_title(slug, lang)),
        description="\n".join(variants.lines(slug, options, None, lang)),
        colour=COLOUR,
    )
    toggles, selects = controls(
        slug,
        options,
        smallest,
        lang,
        lambda *args: DefaultToggle(slug, *args),
        lambda *args: DefaultSelect(slug, *args),
    )
    return {"embed": embed, "view": detached(*arrange([toggles], selects))}


async def default_click(reply: Reply, slug: str, option: str, text: str) -> None:
    """A default takes the chosen value, if it fits the others, once stored; the panel redraws."""
    member = reply.user
    guild_id = reply.interaction.guild_id
    if not isinstance(member, discord.Member) or not member.guild_permissions.manage_guild:
        raise GameError("error-config-admin-only")
    if slug not in engines.SLUGS or guild_id is None:
        raise GameError("error-unknown-game")
    spec = engines.game(slug).SPEC
    field, value = decode(slug, option, text)

    def change(current: GuildConfig) -> GuildConfig:
        changed = fitted(current.options_for(slug), {option: value}, spec.min_players)
        if changed is None:
            raise GameError(
                "error-option-unavailable",
                option=variants.option_name(slug, field, reply.lang),
                value=variants.value_label(slug, field, value, reply.lang),
            )
        base = spec.Options().model_dump(mode="json")
        mine = {k: v for k, v in changed.model_dump(mode="json").items() if base[k] != v}
        defaults = {game: values for game, values in current.defaults.items() if game != slug}
        if mine:
            defaults[slug] = mine
        return GuildConfig.model_validate({**current.model_dump(), "defaults": defaults})

    updated = await reply.bot.runtime.change_config(guild_id, change)
    await reply.edit(**defaults_panel(updated, slug, reply.lang))

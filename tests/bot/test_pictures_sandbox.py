"""The sandbox page shows the pictures of the table, as Discord would."""

from __future__ import annotations

import io

import aiohttp
from PIL import Image

from bot.sandbox import Sandbox
from tests.bot.page_client import PageClient
from tests.bot.test_sandbox import cid


async def test_the_sandbox_page_shows_the_board_and_hand_pictures(tmp_path):
    async with Sandbox(tmp_path / "sandbox.db", port=0) as sandbox, aiohttp.ClientSession() as http:
        page = PageClient(http, sandbox.url)
        await page.open(sandbox.members[0].id)
        await page.command("newgame", game="hourglass")
        await page.click(*page.control(cid("tb:lobby:", ":addai")))
        await page.click(*page.control(cid("tb:lobby:", ":start")))
        board_id, hand = page.control(cid("tb:hand:"))
        await page.click(board_id, hand)
        images = [
            embed["image"]
            for message in page.state["messages"].values()
            for embed in (message or {}).get("embeds", [])
            if embed.get("image")
        ]
        assert len(images) == 2  # the board and the ephemeral hand panel
        sizes = set()
        for image in images:
            assert image["available"]
            served = await http.get(
                page.base + f"api/assets/{image['asset_id']}", headers=page.headers
            )
            assert served.status == 200
            sizes.add(Image.open(io.BytesIO(await served.read())).size)
        assert sizes == {(800, 470), (800, 420)}

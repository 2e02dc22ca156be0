"""A minimal client of SimCord's preview page protocol: what the sandbox page does in a browser."""

from __future__ import annotations

import itertools
from typing import Any

import aiohttp


class PageClient:
    """One browser tab of the sandbox page, viewing as one member."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http = http
        self.base, self.capability = url.split("#")
        self.state: dict[str, Any] = {}
        self._sequence = itertools.count(1)

    @property
    def headers(self) -> dict[str, str]:
        return {
            "X-Simcord-Capability": self.capability,
            "X-Simcord-Context": self.state["context"]["id"],
        }

    async def open(self, viewer_id: int) -> None:
        response = await self.http.post(
            self.base + "api/pages",
            headers={"X-Simcord-Capability": self.capability},
            json={"viewer_id": str(viewer_id)},
        )
        assert response.status == 200, await response.text()
        self.state = await response.json()
        self._sequence = itertools.count(1)  # each page (each "viewing as") counts its own

    async def view_as(self, viewer_id: int) -> dict[str, Any]:
        """Switch "viewing as" to another member, as the page's selector does."""
        return await self.action("viewer", viewer_id=str(viewer_id))

    async def refresh(self) -> dict[str, Any]:
        response = await self.http.get(self.base + "api/state", headers=self.headers)
        self.state = await response.json()
        return self.state

    async def action(self, kind: str, **fields: Any) -> dict[str, Any]:
        body = {
            "protocol_version": 3,
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            "sequence": next(self._sequence),
            "request_id": f"r{len(str(self._sequence))}{id(fields)}",
            "kind": kind,
            **fields,
        }
        response = await self.http.post(self.base + "api/action", headers=self.headers, json=body)
        result = await response.json()
        await self.refresh()
        return result

    async def command(self, invocation: str, **options: Any) -> dict[str, Any]:
        response = await self.http.get(self.base + "api/commands", headers=self.headers)
        catalog = await response.json()
        entry = next(e for e in catalog["entries"] if e["invocation"] == invocation)
        return await self.action(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )

    def controls(self) -> list[tuple[str, dict[str, Any]]]:
        """(message id, component) for every control on the page, newest message last."""
        found = []
        for message_id in self.state["timeline"]:
            message = self.state["messages"].get(message_id)
            for row in (message or {}).get("components", []):
                for component in row.get("components", []):
                    if "control_key" in component:
                        found.append((message_id, component))
        return found

    def control(self, predicate: Any) -> tuple[str, dict[str, Any]] | None:
        """The newest control that matches."""
        matches = [(m, c) for m, c in self.controls() if predicate(c)]
        return matches[-1] if matches else None

    async def click(self, message_id: str, component: dict[str, Any]) -> dict[str, Any]:
        return await self.action(
            "click", target_id=message_id, control_key=component["control_key"]
        )

    async def select(
        self, message_id: str, component: dict[str, Any], value: str
    ) -> dict[str, Any]:
        return await self.action(
            "select", target_id=message_id, control_key=component["control_key"], values=[value]
        )

    def contents(self) -> list[str]:
        return [self.state["messages"][m].get("content", "") for m in self.state["timeline"]]

"""Discord-style rate limits: fixed-window buckets with the headers discord.py reads.

discord.py (http.py) learns a bucket from X-RateLimit-Bucket, pre-emptively waits when
X-RateLimit-Remaining reaches 0 (for X-RateLimit-Reset-After seconds), and on a 429 sleeps
`retry_after` from the JSON body; it only trusts a 429 that carries a `Via` header (otherwise it
assumes a Cloudflare ban and raises). A global 429 has `"global": true` and X-RateLimit-Global.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field


@dataclass
class Bucket:
    """One window: `limit` requests per `per` seconds."""

    limit: int
    per: float
    remaining: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float:
        """Use one request; 0.0 if allowed, else the seconds to wait."""
        if now >= self.reset_at:
            self.remaining = self.limit
            self.reset_at = now + self.per
        if self.remaining <= 0:
            return self.reset_at - now
        self.remaining -= 1
        return 0.0


@dataclass
class RateLimiter:
    """Per-route buckets keyed by (route name, major parameter), plus the global limit."""

    global_per_second: int | None = 50
    buckets: dict[tuple[str, str], Bucket] = field(default_factory=dict)
    _global: Bucket | None = None

    def __post_init__(self) -> None:
        if self.global_per_second:
            self._global = Bucket(self.global_per_second, 1.0)

    def check_global(self) -> tuple[float, dict[str, str]]:
        """(seconds to wait, headers) for the global limit; 0.0 when allowed."""
        if self._global is None:
            return 0.0, {}
        wait = self._global.take(time.monotonic())
        if not wait:
            return 0.0, {}
        return wait, {
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
            "Retry-After": str(math.ceil(wait)),
            "Via": "1.1 google",
        }

    def check(self, route: str, major: str, limit: int, per: float) -> tuple[float, dict[str, str]]:
        """(seconds to wait, headers) for one route bucket; 0.0 when allowed."""
        key = (route, major)
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(limit, per)
        now = time.monotonic()
        wait = bucket.take(now)
        reset_after = max(0.0, bucket.reset_at - now)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(bucket.remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": f"fake-{route}",
        }
        if wait:
            headers.update(
                {
                    "X-RateLimit-Scope": "user",
                    "Retry-After": str(math.ceil(wait)),
                    "Via": "1.1 google",
                }
            )
        return wait, headers

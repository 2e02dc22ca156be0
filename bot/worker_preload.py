"""Imported by the AI worker's fork server, for its effect (bot.ai_worker.PRELOAD).

The fork server forks every worker process. Loading here once what a worker needs means each
worker is forked with it in memory, instead of spending seconds of CPU on it first.
"""

import signal

# Ctrl-C in a terminal reaches the whole process group, the fork server too: the bot ends it.
# Python's fork server ignores it only once this preload has run, which takes seconds.
signal.signal(signal.SIGINT, signal.SIG_IGN)

from bot.worker_load import load_worker  # noqa: E402 - after the signal, as said

load_worker()

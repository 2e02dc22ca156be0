"""Imported by the AI worker's fork server, for its effect (bot.ai_worker.PRELOAD).

The fork server forks every worker process. Loading here once what a worker needs means each
worker is forked with it in memory, instead of spending seconds of CPU on it first.
"""

from bot.worker_load import load_worker

load_worker()

"""Playing strength of the computer levels: ``arena`` (duplicate matches between two levels),
``probes`` (measurement-only variants of the expert for the arena), ``regret`` and
``decisions`` (decision-level regret against double-dummy play), ``bid_slack`` and
``carton_stats`` (figures behind expert constants), ``v1_golden`` (the recorded choices of
``expert@v1``). docs/bots.md keeps what they measured."""

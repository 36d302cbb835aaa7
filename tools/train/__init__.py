"""Offline fitting of the Cuatrola expert from self-play: ``leads`` (a lead correction's
weights, ``lead_model``: not shipped; the arena plays one as ``expert+leads=FILE``) and
``bids`` (its bid constants)."""

"""Offline fitting of the Cuatrola expert from self-play: ``leads`` (the lead correction's
weights, engine/bots/cuatrola_leads.json) and ``bids`` (its bid constants)."""

"""Tapete: rules engines for Spanish-deck card games (Cuatrola, Cuarenta).

Pure Python, no I/O, no clock, no global random: every state is a pure
function of (rules, seed or explicit deals, action log).
"""

__version__ = "0.1.0"

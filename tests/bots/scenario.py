"""Build Cuatrola positions from explicit hands and actions, for rule tests."""

from engine.bots.cuatrola.info import Info
from engine.cuatrola import new_match
from engine.cuatrola import rules as R

P = R.DECK.parse


def deal(hands: dict, trump: str, dealer: int) -> tuple:
    """Explicit deal: ``hands`` maps seats to card texts; missing cards are filled in
    (the shown trump card always goes to the dealer)."""
    given = {s: [P(c) for c in cs] for s, cs in hands.items()}
    used = {c for cs in given.values() for c in cs}
    t = P(trump)
    rest = [c for c in R.CARDS if c not in used]
    out = []
    for s in range(4):
        cs = list(given.get(s, []))
        if s not in given:
            if s == dealer and t in rest:
                rest.remove(t)
                cs.append(t)
            while len(cs) < 5:
                c = next(c for c in rest if c != t or s == dealer)
                rest.remove(c)
                cs.append(c)
        out.append(cs)
    assert sorted(c for cs in out for c in cs) == sorted(R.CARDS), out
    assert t in out[dealer], "the trump card must be in the dealer's hand"
    masks = tuple(sum(1 << c for c in cs) for cs in out)
    return masks, t


def scenario(hands, trump, dealer, actions=(), rules=None):
    """The state after ``actions`` (texts) from the given deal."""
    s = new_match(seed="scenario", options=rules or {}, deals=(deal(hands, trump, dealer),),
                  first_dealer=dealer)
    for a in actions:
        s = s.apply(s.parse_action(a))
    return s


def info_of(state, seat=None):
    seat = state.current_player if seat is None else seat
    return Info.from_view(state.view(seat))


PASS4 = ["pass"] * 4

"""Fixed hands found by search, used by scenario tests."""

# A normal hand whose totals tie at 65: seed "tie11752", dealer 3,
# random legal play (random.Random(11752)).
TIE_DEAL = {"hands": ['1C 11C 1B 3B 10B', '1O 10C 10E 12E 11B', '3O 11O 3C 1E 3E', '10O 12O 12C 11E 12B'], "trump": '12O'}
TIE_ACTIONS = ('pass', 'pass', 'pass', 'pass', '3B', '11B', '11O', '12B', '3C', '12C', '1C', '10C', '1B', '1O', '3O', '12O', '10E', '1E', '11E', '10B', '3E', '10O', '11C', '12E')

"""Helpers for the engine tests of both games."""


def act(state, *action_texts):
    """Apply action texts in order."""
    for t in action_texts:
        state = state.apply(state.parse_action(t))
    return state


def legal(state) -> set[str]:
    """The texts of the legal actions."""
    return {state.action_text(a) for a in state.legal_actions()}

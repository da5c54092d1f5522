"""Errors the game raises on purpose. Each carries a message that a player can read."""

from game.core.i18n import msg


def error_text(exc: BaseException) -> str:
    """An error's message as it was raised: a Msg keeps its parts for the translation, where
    str(exc) would give only its English."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, str) else str(exc)


class GameError(Exception):
    """Base of every error we raise on purpose (the CLI turns these into one line, exit 2)."""


class IllegalAction(GameError):
    """An action the rules refuse. `reason` quotes the rule; the state is left unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class InputFileError(GameError):
    """A file the player gave us is missing or malformed. The message names the file."""

    def __init__(self, path, problem: str):
        super().__init__(msg("{path}: {problem}", path=str(path), problem=problem))
        self.path = str(path)
        self.problem = problem


class MapError(InputFileError):
    """A Tiled map that cannot be used."""


class DataError(InputFileError):
    """A unit-profile or force file that cannot be used."""


class SaveError(InputFileError):
    """A save or replay file that cannot be read."""

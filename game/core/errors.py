"""Errors the game raises on purpose. Each carries a message that a player can read."""

from game.core.i18n import msg


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

"""Skirmish Table: five tabletop charge-and-melee rulesets on one engine."""

__version__ = "0.1.0"

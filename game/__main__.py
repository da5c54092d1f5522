"""`python -m game` runs the command line (same as the `skirmish` script)."""

from game.cli import main

raise SystemExit(main())

"""Drawing shared by the live client and the `render` command: the board (tiles cached per
zoom), bases, rule overlays, the dice tray and the battle log. No rule is computed here."""

"""The window's screens: menu, battle, hand-over (hot-seat), pause, help and results."""

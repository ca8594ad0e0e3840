"""sanguozhi core: the pure rules engine (no I/O, no clock, no global random)."""

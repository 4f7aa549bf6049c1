"""The rules engine (DESIGN layer 3): pure game logic, no I/O."""

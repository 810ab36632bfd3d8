"""A match in progress, without pygame: the game loop, seats, action log."""

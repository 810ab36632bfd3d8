"""`python -m game`: the same as `durak`."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())

"""Entry point of the frozen game: PyInstaller starts here, not at game/app.py."""

import multiprocessing
import sys


def run() -> int:
    # A frozen worker process (computer players think off the frame) re-runs this
    # executable; freeze_support() turns that run into the worker instead of a new game.
    multiprocessing.freeze_support()
    from game.app import main

    result = main()
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(run())

"""``python -m manastack``: the same command line as the ``manastack`` script."""

from manastack.cli import main

if __name__ == "__main__":
    main()

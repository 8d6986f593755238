"""``python -m sheepkit``: the ``sheepkit`` command where scripts are not on the PATH
(``py -m sheepkit serve`` on Windows). See sheepkit/cli.py."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())

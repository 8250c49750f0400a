"""``python -m posenc_sym``: the ``posenc-sym`` command."""

from .cli import console_main

if __name__ == "__main__":
    console_main()

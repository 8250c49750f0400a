"""``python -m posenc_sym.cli``: the ``posenc-sym`` command (as ``python -m posenc_sym``)."""

from . import console_main

if __name__ == "__main__":
    console_main()

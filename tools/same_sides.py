"""List the catalogue's claims whose two sides display identically (issue 12: target 0).

Run from the repository root: ``PYTHONPATH=. python tools/same_sides.py [PATH ...]``. The
notes writer refuses such claims (loading the catalogue renders nothing); this lists them, and
those marked intended.
"""

from __future__ import annotations

import sys

from posenc_sym.catalog import load_catalog, without_same_sides


def main(paths: list[str]) -> int:
    catalog = without_same_sides(load_catalog(paths))
    same = [p for p in catalog.problems if "both sides display as" in p.message]
    for problem in same:
        print(problem)
    intended = [(c, loaded) for c, loaded in catalog.claims if c.same_sides_ok]
    for claim, loaded in intended:
        print(f"intended: {loaded.file}: {claim.id}: {claim.same_sides_ok}")
    total = len(catalog.claims) + len(same)
    print(f"{len(same)} claim(s) with identical sides, {len(intended)} marked intended, of {total}")
    return 1 if same else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

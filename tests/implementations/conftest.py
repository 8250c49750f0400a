"""The implementations are imported by the tests, not collected: torch_impls, torch_functions and
transformers_functions import torch at the top (an optional dependency: a fresh install with only
the test extra has no torch, and collecting them there was an error), and seed_runner is a script
run in a subprocess."""

collect_ignore = ["torch_impls.py", "torch_functions.py", "transformers_functions.py", "seed_runner.py"]

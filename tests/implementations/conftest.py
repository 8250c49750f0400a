"""The implementations are imported by the tests, not collected: torch_impls needs torch (absent in
CI), and seed_runner is a script run in a subprocess."""

collect_ignore = ["torch_impls.py", "seed_runner.py"]

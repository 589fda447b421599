"""mjref tests (a package, so ``tests.support`` imports the same way from tests and bench)."""

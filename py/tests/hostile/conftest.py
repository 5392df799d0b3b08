"""The hostile-input suite: property tests (hypothesis) that feed every
public entry point odd values, damaged files and damaged pickles.

The test command runs it on its own, under a memory limit and a timeout
(`scripts/hostile.sh`), so that an input that makes the process grab memory
or hang fails the run instead of the machine. Examples are derandomized:
the same inputs on every run, so that a failure reproduces.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

#: The settings of every test here (applied per test, so that collecting
#: this folder with the others changes no other test's settings).
HOSTILE = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

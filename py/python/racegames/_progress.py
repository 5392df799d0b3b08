"""Progress bars (tqdm) for the long native calls: the arena, the luck
judge."""

from __future__ import annotations

from typing import Any, Callable, Dict


def _bar(total: int, desc: str) -> Any:
    """A tqdm bar counting games (tqdm imported only when asked for)."""
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ModuleNotFoundError as e:  # pragma: no cover - tqdm is a dependency
        raise ModuleNotFoundError("progress=True needs tqdm: pip install tqdm") from e
    return tqdm(total=total, desc=desc, unit="game", dynamic_ncols=True)


def _with_progress(progress: bool, total: int, desc: str, run: Callable[[Any], Dict[str, Any]]) -> Dict[str, Any]:
    """Runs ``run(callback)`` with a bar fed by ``callback(done, total)``
    when ``progress`` is true."""
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be a bool, not {type(progress).__name__}")
    if not progress:
        return run(None)
    bar = _bar(total, desc)

    def update(done: int, _total: int) -> None:
        bar.update(done - bar.n)

    try:
        counts = run(update)
        bar.update(total - bar.n)
        return counts
    finally:
        bar.close()

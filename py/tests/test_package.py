"""The package as a newcomer meets it: submodules reachable after ``import
racegames``, and a clear message when an environment's extra is missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


def run(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_submodules_are_attributes_after_import_racegames() -> None:
    out = run(
        """
        import racegames
        state = racegames.make_game("daldos").state_from_notation(
            "BBB............./..BA............./a............... B - 0")
        print(0.0 < racegames.daldos.capture_odds(state, "m3") < 1.0)
        print(racegames.vector.VectorEnv.__name__)
        print(sorted({"daldos", "gym", "pettingzoo", "vector"} - set(dir(racegames))))
        """
    )
    assert out.split() == ["True", "VectorEnv", "[]"]


def test_unknown_attributes_are_attribute_errors() -> None:
    import racegames

    with pytest.raises(AttributeError, match="no_such_thing"):
        racegames.no_such_thing  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize(
    "module, missing, extra",
    [
        ("racegames.vector", "gymnasium", "gym"),
        ("racegames.gym", "gymnasium", "gym"),
        ("racegames.pettingzoo", "pettingzoo", "pettingzoo"),
    ],
)
def test_a_missing_extra_is_named_with_the_command_that_installs_it(
    module: str, missing: str, extra: str
) -> None:
    out = run(
        f"""
        import sys
        import racegames

        class Missing:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == {missing!r}:
                    raise ModuleNotFoundError(name=name)
                return None

        for name in [m for m in sys.modules if m.split(".")[0] == {missing!r}]:
            del sys.modules[name]
        sys.meta_path.insert(0, Missing())
        try:
            import {module}
        except ModuleNotFoundError as e:
            print(e.name)
            print(e)
        """
    )
    name, message = out.splitlines()
    assert name == missing
    assert f"pip install 'racegames[{extra}]'" in message and module in message
    # The command that works before racegames is on PyPI.
    assert f"pip install './py[{extra}]'" in message

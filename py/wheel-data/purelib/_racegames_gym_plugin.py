"""Registers the racegames Gymnasium ids in every process that imports gymnasium.

Gymnasium 1.x has no plugin entry points, so ``gymnasium.make("racegames/...")``
in a fresh process (a Ray worker, a subprocess vector env) would not find the
ids unless ``racegames`` were imported first. The ``racegames_gym_plugin.pth``
file installed beside this module imports it at interpreter start; it only
watches for gymnasium's own import (nothing is imported until then), and once
gymnasium has loaded, imports ``racegames`` to register the ids.
"""

import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import PathFinder


class _AfterGymnasium(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return spec
        load = spec.loader.exec_module

        def exec_module(module):  # type: ignore[no-untyped-def]
            load(module)
            try:
                import racegames  # noqa: F401  (registers the ids)
            except Exception:  # a broken install must not break gymnasium
                pass

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "gymnasium" not in sys.modules:
    sys.meta_path.insert(0, _AfterGymnasium())

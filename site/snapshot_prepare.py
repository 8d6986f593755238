"""What the build's Pyodide runs before its memory is saved (site/snapshot.mjs; site/build.py).

Every page's Python restores that memory, so a module imported here is one a page never
imports again: the Pyodide kernel with its IPython shell, ipywidgets, ipycanvas and sheepkit
(IPython alone took 2.7 s in Node.js). Not here: micropip, which holds a JavaScript object the
page could not give back (configure_piplite). What a restored page must do again is in the
hooks left in `sys._sheepkit_snapshot`, which the build's patches of the kernel's worker call:

- `after_restore()`: once Pyodide is restored and the packages' files are written back;
- `configure_piplite(disable_pypi, urls)`: in place of the kernel's own `import piplite`;
- and `random_would_give`, what `random.random()` would draw had the page not been reseeded,
  for a test.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import random
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

# The kernel's shell's user module, kept out of sys.modules while the snapshot is made.
_shell_main: ModuleType | None = None


class _LeftOut(importlib.abc.MetaPathFinder):
    """Makes `name` and its submodules unimportable while it is in sys.meta_path."""

    def __init__(self, name: str):
        self.name = name

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == self.name or fullname.startswith(self.name + "."):
            raise ModuleNotFoundError(f"{fullname}: left out of the snapshot", name=fullname)
        return None


def import_kernel() -> None:
    """The Pyodide kernel, its IPython shell made (0.8 s of a page's start). The shell makes
    its own user module `__main__`; Pyodide takes its globals from `__main__` as it restores,
    and must find its own there, as in a page that imports the kernel itself: the shell's
    goes back in after_restore. IPython's completer imports jedi (with parso) if it can:
    1 MB of every page's download that only the lab's completion uses. So jedi is left out
    here and imported when the kernel first completes code (complete_with_jedi)."""
    main = sys.modules["__main__"]
    left_out = _LeftOut("jedi")
    sys.meta_path.insert(0, left_out)
    try:
        import pyodide_kernel  # type: ignore[import-not-found]  # only in Pyodide
    finally:
        sys.meta_path.remove(left_out)
    if "jedi" in sys.modules or "parso" in sys.modules:
        raise RuntimeError("jedi was imported for the snapshot after all")

    global _shell_main
    _shell_main = sys.modules["__main__"]
    sys.modules["__main__"] = main
    kernel = pyodide_kernel.kernel_instance
    plain_complete = kernel.complete

    def complete(code: str, cursor_pos: int | None) -> Any:
        del kernel.complete  # the class's own again
        complete_with_jedi()
        return plain_complete(code, cursor_pos)

    kernel.complete = complete
    del pyodide_kernel


def complete_with_jedi() -> None:
    """What IPython's completer does as it is imported when jedi is there."""
    import jedi  # type: ignore[import-untyped, unused-ignore]
    import jedi.api.classes  # type: ignore[import-untyped, unused-ignore]
    import jedi.api.helpers  # type: ignore[import-untyped, unused-ignore]
    from IPython import get_ipython
    from IPython.core import completer

    jedi.settings.case_insensitive_completion = False
    completer.jedi = jedi
    completer.JEDI_INSTALLED = True
    get_ipython().Completer.use_jedi = True


def after_restore() -> None:
    """The page has written the packages' folders again: the import system's finders must
    read them afresh. (`importlib.invalidate_caches()` would also make Python 3.12's zip
    importer re-read the whole standard library's index: 0.4 s of a page's start.)"""
    for finder in sys.path_importer_cache.values():
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()
    random.seed()  # every page would otherwise draw the snapshot's numbers: the same dice
    import pyodide_kernel

    assert _shell_main is not None
    sys.modules["__main__"] = _shell_main
    # Pyodide sets up its own streams as it restores; the kernel's catch what cells print.
    sys.stdout, sys.stderr = pyodide_kernel.stdout_stream, pyodide_kernel.stderr_stream


class _ConfiguredLoader(importlib.abc.Loader):
    """Loads a module as `loader` does, then hands it to `configure`."""

    def __init__(self, loader: importlib.abc.Loader, configure: Callable[[ModuleType], None]):
        self.loader, self.configure = loader, configure

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        self.configure(module)

    def __getattr__(self, name: str) -> Any:  # get_source and the rest, for tracebacks
        return getattr(self.loader, name)


class _ConfigureOnImport(importlib.abc.MetaPathFinder):
    """Configures module `name` when something first imports it, then steps aside."""

    def __init__(self, name: str, configure: Callable[[ModuleType], None]):
        self.name, self.configure = name, configure

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _ConfiguredLoader(spec.loader, self.configure)
        return spec


def configure_piplite(disable_pypi: bool, urls: list[str]) -> None:
    """The kernel imports `piplite.piplite` as it starts only to set these two, and that
    imports micropip: about 1 s of every page's start, for `%pip` alone. They are set when
    something first imports it instead (`%pip` does)."""

    def configure(module: ModuleType) -> None:
        module._PIPLITE_DISABLE_PYPI = disable_pypi  # type: ignore[attr-defined]
        module._PIPLITE_URLS = urls  # type: ignore[attr-defined]

    sys.meta_path.insert(0, _ConfigureOnImport("piplite.piplite", configure))


def import_widgets() -> None:
    """ipywidgets (it registers its comm target with the kernel's shell as it is imported),
    ipycanvas and sheepkit's UI and lab. ipycanvas makes its canvas-manager widget as it is
    imported, and a widget tells the page it exists by opening a comm: with no page here, the
    manager opens its comm again as a page runs its first cell (reopen_canvas_manager). No
    other widget may exist yet, or the pages would miss it."""
    from IPython import get_ipython

    shell = get_ipython()
    shell.send_comm = lambda *message: None  # the worker sets the real one: no page here
    try:
        import ipycanvas
        from ipywidgets.widgets import widget  # and so ipywidgets

        import sheepkit.lab
        import sheepkit.ui  # noqa: F401  (both imported for the snapshot to hold)
    finally:
        del shell.send_comm
    made = [w for w in widget._instances.values() if w is not ipycanvas.canvas._CANVAS_MANAGER]
    if made:
        raise RuntimeError(f"widgets made at import, which no page would see: {made}")
    shell.events.register("pre_run_cell", reopen_canvas_manager)


def reopen_canvas_manager(info: object = None) -> None:
    """Open ipycanvas's canvas manager's comm again (same model id), this time to the page."""
    import ipycanvas
    from IPython import get_ipython

    get_ipython().events.unregister("pre_run_cell", reopen_canvas_manager)
    manager = ipycanvas.canvas._CANVAS_MANAGER
    manager.comm = None
    manager.open()


def prepare() -> None:
    import_kernel()
    import_widgets()
    peek = random.Random()
    peek.setstate(random.getstate())
    hooks = {
        "random_would_give": peek.random(),
        "after_restore": after_restore,
        "configure_piplite": configure_piplite,
    }
    setattr(sys, "_sheepkit_snapshot", hooks)  # noqa: B010 (sys has no such attribute to type)


prepare()

"""The package carries the core: the wheel's build copies the repository's build/bitdraughts.wasm
(made by `npm install && npm start`, or `node scripts/build.mjs`, at the repository's root) into
the package, so an installed bitdraughts needs neither Node nor the source tree."""

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CORE = "bitdraughts.wasm"


def core_source() -> Path:
    """Where the core is taken from: $BITDRAUGHTS_WASM, else the repository's build/."""
    named = os.environ.get("BITDRAUGHTS_WASM")
    if named:
        path = Path(named)
        if not path.is_file():
            raise SystemExit(f"bitdraughts: BITDRAUGHTS_WASM names {path}, which is no file")
        return path
    path = HERE.parent / "build" / CORE
    if path.is_file():
        return path
    # An sdist or a copy that already carries the core.
    carried = HERE / "bitdraughts" / CORE
    if carried.is_file():
        return carried
    raise SystemExit(
        f"bitdraughts: the core {path} is missing. Build it first at the repository's root "
        "(`npm install && npm start`, or `node scripts/build.mjs`), or name a built core with "
        "BITDRAUGHTS_WASM=/path/to/bitdraughts.wasm"
    )


class BuildWithCore(build_py):
    def run(self) -> None:
        super().run()
        source = core_source()
        target = Path(self.build_lib) / "bitdraughts" / CORE
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.resolve() != target.resolve():
            shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildWithCore})

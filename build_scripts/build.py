"""Build this platform's Durak packages into dist/.

    python build_scripts/build.py              # one-file + one-folder (+ .tar.gz / .app)
    python build_scripts/build.py --onefile    # only dist/durak(.exe), as CI does

Then the platform's package from the one-folder app: on Linux
dist/durak-<version>-linux-<arch>.tar.gz (with the .desktop file, the icon and
install.sh); on macOS dist/Durak.app and its .dmg (hdiutil); on Windows
dist/durak-<version>-windows-setup.exe when Inno Setup's iscc is installed.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
WORK = ROOT / "build"
SPEC = HERE / "durak.spec"
ICONS = ("icon.png", "icon.ico", "icon.icns")


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


def ensure_icons() -> None:
    """Draw the icons with the art engineer's script if any is missing."""
    missing = [name for name in ICONS if not (ROOT / "assets" / name).exists()]
    maker = HERE / "make_icons.py"
    if missing and maker.exists():
        print(f"build: drawing missing icons {missing} with {maker.name}", flush=True)
        subprocess.run([sys.executable, str(maker)], cwd=ROOT, check=True)
    elif missing:
        print(f"build: warning: no {missing} and no make_icons.py; building without them")


def run_pyinstaller(mode: str) -> None:
    """One PyInstaller run; each mode has its own work folder (both exes are 'durak')."""
    cmd = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level=WARN",
        "--distpath", str(DIST), "--workpath", str(WORK / f"pyi-{mode}"),
        str(SPEC), "--", f"--{mode}",
    ]
    print(f"build: {mode}: {' '.join(cmd)}", flush=True)
    subprocess.run(cmd, cwd=ROOT, check=True)


def linux_tarball(ver: str) -> Path:
    """dist/durak-<ver>-linux-<arch>.tar.gz: the one-folder app, .desktop, icon, installer."""
    top = f"durak-{ver}"
    out = DIST / f"{top}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(out, "w:gz") as tar:
        tar.add(DIST / "durak-onedir", arcname=f"{top}/durak")
        tar.add(HERE / "linux" / "durak.desktop", arcname=f"{top}/durak.desktop")
        tar.add(HERE / "linux" / "install.sh", arcname=f"{top}/install.sh")
        icon = ROOT / "assets" / "icon.png"
        if icon.exists():
            tar.add(icon, arcname=f"{top}/durak.png")
    return out


def find_iscc() -> str | None:
    """Inno Setup's compiler: on PATH, or where its installer puts it."""
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return found
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        candidate = Path(base or "") / "Inno Setup 6" / "ISCC.exe"
        if base and candidate.exists():
            return str(candidate)
    return None


def windows_installer(ver: str) -> Path | None:
    """dist/durak-<ver>-windows-setup.exe from durak.iss, if Inno Setup is installed."""
    iscc = find_iscc()
    if iscc is None:
        print("build: Inno Setup (iscc) not found: no installer; `choco install innosetup`")
        return None
    subprocess.run([iscc, "/Q", f"/DAppVersion={ver}", str(HERE / "windows" / "durak.iss")],
                   cwd=ROOT, check=True)
    return DIST / f"durak-{ver}-windows-setup.exe"


def macos_dmg(ver: str) -> Path:
    """dist/durak-<ver>-macos-<arch>.dmg from Durak.app (hdiutil)."""
    subprocess.run(["bash", str(HERE / "macos" / "make_dmg.sh")], cwd=ROOT, check=True)
    return DIST / f"durak-{ver}-macos-{platform.machine()}.dmg"


def packages(ver: str) -> list[Path]:
    """The one-folder app and this platform's package made from it."""
    landed = [DIST / "durak-onedir"]
    if sys.platform == "darwin":
        landed += [DIST / "Durak.app", macos_dmg(ver)]
    elif sys.platform == "win32":
        installer = windows_installer(ver)
        landed += [installer] if installer else []
    else:
        landed.append(linux_tarball(ver))
    return landed


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def report(paths: list[Path], seconds: float) -> None:
    print(f"\nbuild: done in {seconds:.0f} s")
    for path in paths:
        if path.exists():
            kind = "folder" if path.is_dir() else "file"
            print(f"  {size_of(path) / 1e6:8.1f} MB  {kind:6}  {path}")
        else:
            print(f"  missing: {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="only the one-file executable")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    ver = version()
    ensure_icons()
    exe = DIST / ("durak.exe" if sys.platform == "win32" else "durak")
    run_pyinstaller("onefile")
    landed = [exe]
    if not args.onefile:
        run_pyinstaller("onedir")
        landed += packages(ver)
    report(landed, time.perf_counter() - started)
    return 0 if all(p.exists() for p in landed) else 1


if __name__ == "__main__":
    sys.exit(main())

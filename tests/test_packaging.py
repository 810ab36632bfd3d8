"""The build files, checked without building: spec, launcher, build.py, installers, CI."""

from __future__ import annotations

import configparser
import os
import subprocess
import sys
import tarfile
import tomllib
import types
from pathlib import Path

import pytest
import yaml

from tests.script_helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build_scripts"
SPEC = BUILD / "durak.spec"
UNUSED_FONT = "NotoSansJP-Regular.otf"




class Target:
    """Stands in for one of PyInstaller's build targets; keeps what it was given."""

    made: list[Target] = []

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        self.kind = type(self).__name__
        Target.made.append(self)


class Analysis(Target):
    def __init__(self, scripts, **kwargs):
        super().__init__(scripts, **kwargs)
        # What PyInstaller's own pygame_gui hook would add: (dest, source, typecode).
        font = "pygame_gui/data/" + UNUSED_FONT
        self.datas = [(dest, src, "DATA") for src, dest in kwargs["datas"]]
        self.datas.append((font, "/site-packages/" + font, "DATA"))
        self.pure = self.scripts = self.binaries = []


class PYZ(Target):
    pass


class EXE(Target):
    pass


class COLLECT(Target):
    pass


class BUNDLE(Target):
    pass


def fake_collect_data_files(package):
    assert package == "pygame_gui"
    data = Path("/site-packages/pygame_gui/data")
    return [(str(data / name), "pygame_gui/data")
            for name in ("default_theme.json", "NotoSans-Regular.ttf", UNUSED_FONT)]


def run_spec(monkeypatch, platform: str, mode: str | None) -> dict[str, list[Target]]:
    """Execute durak.spec as PyInstaller would (`-- --<mode>`), with recording targets."""
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = fake_collect_data_files
    Target.made = []
    namespace = {"__file__": str(SPEC), "SPECPATH": str(BUILD), "Analysis": Analysis,
                 "PYZ": PYZ, "EXE": EXE, "COLLECT": COLLECT, "BUNDLE": BUNDLE}
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    with monkeypatch.context() as m:
        for name in ("PyInstaller", "PyInstaller.utils"):
            m.setitem(sys.modules, name, types.ModuleType(name))
        m.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
        m.setattr(sys, "platform", platform)
        m.setattr(sys, "argv", [str(SPEC)] + ([f"--{mode}"] if mode else []))
        exec(code, namespace)
    made: dict[str, list[Target]] = {}
    for target in Target.made:
        made.setdefault(target.kind, []).append(target)
    return made


def test_spec_compiles_as_python():
    compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
@pytest.mark.parametrize("mode", ["onefile", "onedir"])
def test_spec_targets_and_every_path_exist(monkeypatch, platform, mode):
    made = run_spec(monkeypatch, platform, mode)
    (analysis,) = made["Analysis"]
    (script,) = analysis.args[0]
    assert Path(script) == BUILD / "launcher.py"
    assert Path(analysis.kwargs["pathex"][0]) == ROOT
    ours = [(src, dest) for src, dest in analysis.kwargs["datas"]
            if not src.startswith("/site-packages")]
    for src, _dest in ours:
        assert Path(src).exists(), src
    assert (str(ROOT / "settings.yaml"), ".") in ours
    assert all(dest.replace("\\", "/").startswith("assets") for src, dest in ours
               if Path(src).parent.is_relative_to(ROOT / "assets"))

    (exe,) = made["EXE"]
    assert exe.kwargs["name"] == "durak"
    windowed = platform in ("win32", "darwin")
    assert exe.kwargs["console"] is not windowed
    icon = exe.kwargs["icon"]
    if windowed:
        assert icon is not None and Path(icon).exists()
        assert Path(icon).suffix == (".ico" if platform == "win32" else ".icns")
    assert "tkinter" in analysis.kwargs["excludes"]
    assert "unittest" in analysis.kwargs["excludes"]

    assert ("COLLECT" in made) is (mode == "onedir")
    assert ("BUNDLE" in made) is (mode == "onedir" and platform == "darwin")
    if mode == "onedir":
        assert made["COLLECT"][0].kwargs["name"] == "durak-onedir"
        assert exe.kwargs.get("exclude_binaries") is True


def test_spec_bundles_every_sound(monkeypatch):
    from game.ui.sound import SOUND_NAMES

    (analysis,) = run_spec(monkeypatch, "linux", "onefile")["Analysis"]
    bundled = {(Path(src).name, dest.replace("\\", "/")) for src, dest in analysis.kwargs["datas"]}
    for name in SOUND_NAMES:
        assert (f"{name}.wav", "assets/sounds") in bundled


def test_spec_leaves_the_readmes_screenshots_out(monkeypatch):
    (analysis,) = run_spec(monkeypatch, "linux", "onefile")["Analysis"]
    dests = {dest.replace("\\", "/") for _src, dest in analysis.kwargs["datas"]}
    assert "assets/sounds" in dests and not any("screenshots" in d for d in dests)


def test_spec_bundles_every_game_module(monkeypatch):
    (analysis,) = run_spec(monkeypatch, "linux", "onefile")["Analysis"]
    hidden = set(analysis.kwargs["hiddenimports"])
    on_disk = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for p in (ROOT / "game").rglob("*.py")}
    assert {"game", "game.app", "game.engine", "game.config"} <= on_disk
    assert hidden == on_disk


def test_spec_bundles_gui_theme_but_drops_unused_fonts(monkeypatch):
    made = run_spec(monkeypatch, "linux", "onefile")
    (analysis,) = made["Analysis"]
    given = [src for src, _dest in analysis.kwargs["datas"]]
    assert any(src.endswith("default_theme.json") for src in given)
    assert any(src.endswith("NotoSans-Regular.ttf") for src in given)
    assert not any(UNUSED_FONT in src for src in given)
    # ... and the copy pygame_gui's own hook adds is filtered out of the bundle.
    assert not any(UNUSED_FONT in dest for dest, _src, _kind in analysis.datas)
    (exe,) = made["EXE"]
    assert analysis.datas in exe.args


def test_spec_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("DURAK_BUILD_MODE", "onedir")
    assert "COLLECT" in run_spec(monkeypatch, "linux", None)
    monkeypatch.setenv("DURAK_BUILD_MODE", "zip")
    with pytest.raises(SystemExit, match="zip"):
        run_spec(monkeypatch, "linux", None)


def test_launcher_runs_the_games_main(monkeypatch):
    calls = []
    fake = types.ModuleType("game.app")
    fake.main = lambda: calls.append("main") or 3
    monkeypatch.setitem(sys.modules, "game.app", fake)
    launcher = load_script("launcher")
    assert launcher.run() == 3
    assert calls == ["main"]


def test_bundle_root_is_meipass_when_frozen(monkeypatch, tmp_path):
    from game import paths

    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.bundle_root() == tmp_path
    assert paths.asset_path("icon.png") == tmp_path / "assets" / "icon.png"
    assert paths.default_settings_path() == tmp_path / "settings.yaml"
    monkeypatch.delattr(sys, "_MEIPASS")
    assert paths.bundle_root() == ROOT


def test_desktop_file_has_the_required_keys():
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(BUILD / "linux" / "durak.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Durak"
    assert entry["Exec"].split()[0] == "durak"
    assert entry["Icon"] == "durak"
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")


def test_workflow_builds_on_three_runners():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "v*" in triggers["push"]["tags"]
    build = workflow["jobs"]["build"]
    assert set(build["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest", "windows-latest", "macos-latest"}
    commands = "\n".join(step.get("run", "") for step in build["steps"])
    assert "build_scripts/build.py" in commands
    assert "--smoke-test" in commands
    setup = [s for s in build["steps"] if s.get("uses", "").startswith("actions/setup-python")]
    assert setup and setup[0]["with"]["python-version"] == "3.11"
    assert workflow["jobs"]["release"]["needs"] == "build"


def test_inno_setup_script_names_the_app_and_the_folder():
    iss = (BUILD / "windows" / "durak.iss").read_text(encoding="utf-8")
    assert '#define AppName "Durak"' in iss
    assert "dist\\durak-onedir\\*" in iss
    assert "{autoprograms}" in iss  # the Start menu entry
    icon = next(line.split("=", 1)[1] for line in iss.splitlines()
                if line.startswith("SetupIconFile="))
    assert (ROOT / icon.replace("\\", "/")).exists()


def test_versions_come_from_pyproject():
    with open(ROOT / "pyproject.toml", "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    assert load_script("build").version() == version


@pytest.mark.skipif(os.name == "nt", reason="the tarball is the Linux package")
def test_linux_tarball_and_its_installer(monkeypatch, tmp_path):
    build = load_script("build")
    dist = tmp_path / "dist"
    (dist / "durak-onedir" / "_internal").mkdir(parents=True)
    exe = dist / "durak-onedir" / "durak"
    exe.write_text("#!/bin/sh\necho frozen durak\n")
    exe.chmod(0o755)
    monkeypatch.setattr(build, "DIST", dist)
    tarball = build.linux_tarball("9.9")
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
        assert {"durak-9.9/durak/durak", "durak-9.9/durak.desktop", "durak-9.9/install.sh",
                "durak-9.9/durak.png"} <= names
        safe = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}
        tar.extractall(tmp_path / "unpacked", **safe)

    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    subprocess.run(["sh", str(tmp_path / "unpacked" / "durak-9.9" / "install.sh")],
                   env=env, check=True, capture_output=True)
    installed = home / ".local" / "opt" / "durak" / "durak"
    assert installed.exists()
    assert (home / ".local" / "bin" / "durak").resolve() == installed.resolve()
    desktop = (home / ".local/share/applications/durak.desktop").read_text()
    assert f"Exec={installed}" in desktop.splitlines()
    assert (home / ".local/share/icons/hicolor/256x256/apps/durak.png").exists()


def test_spec_bundles_every_compiled_catalogue(monkeypatch):
    """Both languages in the build: each durak.mo where game/i18n.py looks for it."""
    (analysis,) = run_spec(monkeypatch, "linux", "onefile")["Analysis"]
    bundled = {(Path(src).resolve(), dest.replace("\\", "/"))
               for src, dest in analysis.kwargs["datas"]}
    catalogues = sorted((ROOT / "game" / "locale").glob("*/LC_MESSAGES/durak.mo"))
    assert [p.parent.parent.name for p in catalogues] == ["ru"]
    for mo in catalogues:
        assert (mo, mo.parent.relative_to(ROOT).as_posix()) in bundled


def test_pip_install_ships_the_compiled_catalogues():
    import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = data["package-data"]["game"]
    for mo in (ROOT / "game" / "locale").glob("*/LC_MESSAGES/*.mo"):
        inside = mo.relative_to(ROOT / "game").as_posix()
        assert any(fnmatch.fnmatch(inside, p) for p in patterns), inside

#!/usr/bin/env bash
# Make dist/durak-<version>-macos.dmg from dist/Durak.app (build it first with
# `python build_scripts/build.py` on a Mac).  The image opens to the app and a
# link to /Applications to drag it onto.
set -euo pipefail
cd "$(dirname "$0")/../.."

app=dist/Durak.app
[ -d "$app" ] || { echo "make_dmg: no $app; run python build_scripts/build.py first"; exit 1; }
version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
out="dist/durak-$version-macos-$(uname -m).dmg"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
ditto "$app" "$stage/Durak.app"  # keeps the bundle's symlinks and signature
ln -s /Applications "$stage/Applications"
rm -f "$out"
# hdiutil now and then fails with "Resource busy" on CI machines: try three times.
for try in 1 2 3; do
  if hdiutil create -volname "Durak $version" -srcfolder "$stage" -fs HFS+ -format UDZO \
       -ov "$out"; then
    break
  fi
  [ "$try" -lt 3 ] || { echo "make_dmg: hdiutil failed"; exit 1; }
  sleep 5
done
echo "make_dmg: $out ($(du -h "$out" | cut -f1))"

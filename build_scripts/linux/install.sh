#!/bin/sh
# Install Durak for this user: the game in ~/.local/opt/durak, the command
# ~/.local/bin/durak, and a menu entry with its icon.  Run it from the unpacked folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/durak
rm -rf "$opt"
mkdir -p "$opt" "$HOME/.local/bin" "$data/applications" "$data/icons/hicolor/256x256/apps"
cp -R "$here/durak/." "$opt/"
ln -sf "$opt/durak" "$HOME/.local/bin/durak"
[ -f "$here/durak.png" ] && cp "$here/durak.png" "$data/icons/hicolor/256x256/apps/durak.png"
sed "s|^Exec=.*|Exec=$opt/durak|" "$here/durak.desktop" > "$data/applications/durak.desktop"
echo "Durak installed: run 'durak' or pick it from the Games menu."

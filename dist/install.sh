#!/usr/bin/env sh
# Installs this gather release for one user: the program into $PREFIX/lib/gather, the command
# $PREFIX/bin/gather, its man pages, its bash completion, and its plugins for Claude Code, Codex and
# Gemini CLI in $PREFIX/share/gather/plugins (running this install by its path). PREFIX defaults to
# ~/.local, whose bin/ is on PATH in most shells. Needs Java 17 and tmux. Run again to upgrade; gather
# uninstall removes it.
set -eu
PREFIX=${PREFIX:-$HOME/.local}
case "${1:-}" in
  --prefix=*) PREFIX=${1#--prefix=} ;;
  -h|--help) echo "usage: ./install.sh [--prefix=DIR]   (default: \$PREFIX, else ~/.local)"; exit 0 ;;
  '') ;;
  *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
esac
src=$(cd "$(dirname "$0")" && pwd)
command -v java >/dev/null 2>&1 || { echo "install.sh: gather needs Java 17 (e.g. apt-get install openjdk-17-jre-headless)" >&2; exit 1; }
command -v tmux >/dev/null 2>&1 || echo "install.sh: tmux is missing; gather needs it (e.g. apt-get install tmux)" >&2
home=$PREFIX/lib/gather
# the folders this install makes (an earlier install's count as made by it): gather uninstall removes
# them again when they are empty, so a HOME is left as it was, and never a folder that was there before
made=
[ -f "$home/installed-files" ] && made=$(sed -n 's/^dir //p' "$home/installed-files")
for d in "$home" "$PREFIX/bin" "$PREFIX/share/man/man1" "$PREFIX/share/bash-completion/completions" "$PREFIX/share/gather"; do
  while [ ! -d "$d" ]; do made="$made
$d"; d=$(dirname "$d"); done
done
# an upgrade replaces the program but nothing the user made (state lives under ~/.local/state/gather)
rm -rf "$home"
mkdir -p "$home" "$PREFIX/bin" "$PREFIX/share/man/man1" "$PREFIX/share/bash-completion/completions"
cp -R "$src/bin" "$src/lib" "$home/"
[ -f "$src/README.md" ] && cp "$src/README.md" "$home/"
ln -sfn "$home/bin/gather" "$PREFIX/bin/gather"
: > "$home/installed-files"
echo "$PREFIX/bin/gather" >> "$home/installed-files"
for m in "$src"/share/man/man1/*.1; do
  cp "$m" "$PREFIX/share/man/man1/"
  echo "$PREFIX/share/man/man1/$(basename "$m")" >> "$home/installed-files"
done
cp "$src/share/bash-completion/completions/gather" "$PREFIX/share/bash-completion/completions/gather"
echo "$PREFIX/share/bash-completion/completions/gather" >> "$home/installed-files"
# the plugins of the archive run `gather` from PATH; these run the installed launcher by its path, as
# `gather install` does, so they work where PATH lacks $PREFIX/bin (a tmux server started earlier)
rm -rf "$PREFIX/share/gather"
"$home/bin/gather" plugins "$PREFIX/share/gather/plugins" >/dev/null
echo "$PREFIX/share/gather" >> "$home/installed-files"
echo "$home" >> "$home/installed-files"
printf '%s\n' "$made" | sed '/^$/d' | sort -u | sed 's/^/dir /' >> "$home/installed-files"
echo "installed $("$PREFIX/bin/gather" --version) into $PREFIX"
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "add $PREFIX/bin to your PATH (e.g. in ~/.profile: PATH=\"$PREFIX/bin:\$PATH\")" ;; esac
# the completions folder is read by bash-completion only: without it, say what loads it instead
if [ -f /usr/share/bash-completion/bash_completion ] || [ -f /etc/bash_completion ]; then
  echo "bash completes gather in a new shell (through bash-completion)"
else
  echo "bash completion needs bash-completion (apt-get install bash-completion), or add to ~/.bashrc:"
  echo "  source $PREFIX/share/bash-completion/completions/gather"
fi
echo "for zsh add to ~/.zshrc:"
echo "  autoload -U +X compinit && compinit; autoload -U +X bashcompinit && bashcompinit"
echo "  source $PREFIX/share/bash-completion/completions/gather"
echo "next: gather doctor, then gather install claude|codex|gemini"
echo "  (or a harness's own plugin: claude plugin marketplace add $PREFIX/share/gather/plugins && claude plugin install gather@gather;"
echo "   see docs/install.md for Codex and Gemini)"

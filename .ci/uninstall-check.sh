#!/usr/bin/env bash
# make install then gather uninstall, in a new HOME, leaves that HOME as it was: every file and folder
# compared (with a ~/.local/bin the user had before, which stays). Takes the release archive.
set -uo pipefail
archive=$(readlink -f "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME=$work/home GATHER_TMUX_SOCKET=uninstall-check-$$
unset GATHER_HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME CLAUDE_CONFIG_DIR CODEX_HOME GEMINI_CLI_HOME
mkdir -p "$HOME/.local/bin" && echo 'echo mine' > "$HOME/.local/bin/mine" && printf 'x\n' > "$HOME/.profile"
tree() { (cd "$HOME" && find . -printf '%y %m %p\n' | sort); }
tree > "$work/before"
tar -xzf "$archive" -C "$work" && (cd "$work"/gather-* && ./install.sh >/dev/null) || { echo "install failed"; exit 1; }
[ -x "$HOME/.local/bin/gather" ] || { echo "install put no gather in ~/.local/bin"; exit 1; }
env -i HOME="$HOME" PATH="$HOME/.local/bin:/usr/local/bin:/usr/bin:/bin" GATHER_TMUX_SOCKET="$GATHER_TMUX_SOCKET" \
  gather uninstall --yes >/dev/null || { echo "gather uninstall failed"; exit 1; }
tree > "$work/after"
if diff "$work/before" "$work/after"; then echo "uninstall-check: HOME as it was"; else echo "uninstall-check: HOME differs (< before, > after)"; exit 1; fi

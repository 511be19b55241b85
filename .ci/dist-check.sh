#!/usr/bin/env bash
# The release as a new user meets it: unpack the archive somewhere else, run its installer into a new
# HOME, open a new shell, and try gather --version, completion of `gather st<TAB>`, `man gather`,
# `gather doctor`, the Claude Code plugin (in the pinned Claude Code) and `gather uninstall`. Prints "N passed, N failed"; exits non-zero on any failure.
set -uo pipefail
archive=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
# the pinned Claude Code the tests run (make dist-check installs it first with .ci/npm-cache.sh)
claude=${XDG_CACHE_HOME:-$HOME/.cache}/gather/harnesses/$(sha256sum src/test/resources/harnesses/package.json \
  | cut -c1-16)/node_modules/.bin/claude
work=$(mktemp -d)
export HOME=$work/home GATHER_TMUX_SOCKET=dist-check-$$
mkdir -p "$HOME"
unset GATHER_HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME CLAUDE_CONFIG_DIR CODEX_HOME GEMINI_CLI_HOME
passed=0 failed=0
check() { # name, then a command that must succeed
  local name=$1; shift
  if out=$("$@" 2>&1); then passed=$((passed + 1)); echo "ok   $name"
  else failed=$((failed + 1)); echo "FAIL $name"; echo "$out" | sed 's/^/     /' | head -20; fi
}
cleanup() {
  # panes first: a turn ending after the stop would bring a daemon back
  tmux -L "$GATHER_TMUX_SOCKET" kill-server >/dev/null 2>&1
  PATH=$HOME/.local/bin:$PATH gather daemon --stop >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
tar -xzf "$archive" -C "$work"
cd "$work"/gather-* || exit 1
check "install.sh installs into ~/.local" ./install.sh
cd "$work"
# a new login shell of that user: ~/.local/bin on PATH as Debian's ~/.profile puts it there
shell() { env -i HOME="$HOME" PATH="$HOME/.local/bin:/usr/local/bin:/usr/bin:/bin" TERM=dumb \
  GATHER_TMUX_SOCKET="$GATHER_TMUX_SOCKET" bash -c "$1"; }
check "gather --version names version and commit" shell 'gather --version | grep -E "^gather [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-f]{7}"'
check "gather works from any folder" shell 'cd / && gather rhythms | grep -q "^daily"'
check "bash completes gather st<TAB> to start and status" shell '
  . /usr/share/bash-completion/bash_completion || exit 1
  _completion_loader gather; complete -p gather >/dev/null || exit 1
  COMP_WORDS=(gather st); COMP_CWORD=1; COMP_LINE="gather st"; COMP_POINT=9
  $(complete -p gather | sed -n "s/.*-F \([^ ]*\) .*/\1/p") gather st gather
  printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " " | grep -qx "start status "'
check "man gather shows the manual" shell 'MANPAGER=cat MANWIDTH=80 man gather | grep -q "gather - Lets AI coding agents"'
check "man gather-send exists" shell 'MANPAGER=cat man gather-send | grep -q -- "--direct"'
check "gather doctor finds tmux and fails nothing" shell 'gather doctor | tee /dev/stderr | grep -q "^ok    tmux"'
mkdir -p "$HOME/.claude" "$HOME/.codex"
printf '{\n  "theme": "dark"\n}\n' > "$HOME/.claude/settings.json"
printf 'model = "o3"\n\n[tui]\nnotifications = true\n' > "$HOME/.codex/config.toml"
cp -R "$HOME/.claude" "$work/claude-before"; cp -R "$HOME/.codex" "$work/codex-before"
check "gather install claude and codex register it" shell 'gather install claude && gather install codex && grep -q "gather" ~/.claude/settings.json ~/.codex/config.toml'
# the plugin, installed offline by the pinned Claude Code, in a HOME of its own (Claude's own uninstall
# leaves emptied maps in settings.json): from the unpacked archive it runs gather from PATH, from the
# install the installed launcher by its path
plugin() { # marketplace folder, the command its entries must run
  env -i HOME="$work/claude-plugin-home" PATH="$HOME/.local/bin:$PATH" DISABLE_AUTOUPDATER=1 DISABLE_TELEMETRY=1 \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 bash -c '
    set -e; rm -rf "$HOME"; mkdir -p "$HOME"
    "$0" plugin validate --strict "$1" >/dev/null
    "$0" plugin validate --strict "$1/claude" >/dev/null
    "$0" plugin marketplace add "$1" >/dev/null && "$0" plugin install gather@gather >/dev/null
    "$0" plugin list --json | tee /dev/stderr | grep -q "\"command\": \"$2\""
    grep -q "\"command\" : \"$2 hook claude\"" "$HOME"/.claude/plugins/cache/gather/gather/*/hooks/hooks.json
    "$0" plugin uninstall gather@gather >/dev/null && "$0" plugin marketplace remove gather >/dev/null
    [ "$("$0" plugin list --json | tr -d " \n")" = "[]" ]' "$claude" "$@"
}
check "Claude Code installs the plugin from the unpacked archive" plugin "$(echo "$work"/gather-*/share/gather/plugins)" gather
check "Claude Code installs the plugin make install wrote" plugin "$HOME/.local/share/gather/plugins" "$HOME/.local/lib/gather/bin/gather"
check "gather uninstall removes the program" shell 'gather uninstall --yes && [ ! -e "$HOME/.local/bin/gather" ] && [ ! -e "$HOME/.local/lib/gather" ] && [ ! -e "$HOME/.local/share/man/man1/gather.1" ] && [ ! -e "$HOME/.local/share/gather" ]'
check "every harness config is as it was before install" diff -r "$work/claude-before" "$HOME/.claude"
check "codex config is as it was before install" diff -r "$work/codex-before" "$HOME/.codex"
check "make install then gather uninstall leaves a new HOME as it was" bash "$here/uninstall-check.sh" "$archive"
echo "dist-check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

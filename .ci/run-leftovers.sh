#!/usr/bin/env bash
# What a run outside the test JVM left behind (the benchmarks): every process whose environment still
# carries MARK=VALUE is named and ended, and every socket file in the run's tmux folder removed, as
# the tests' RunLeftovers listener does for `make test`. Exits 1 when something was left.
# usage: run-leftovers.sh MARK=VALUE [TMUX_FOLDER]
set -uo pipefail
mark=$1
tmux_dir=${2:-}
left=()
for environ in /proc/[0-9]*/environ; do
  pid=${environ#/proc/}
  pid=${pid%/environ}
  [ "$pid" = "$$" ] && continue
  if { tr '\0' '\n' <"$environ"; } 2>/dev/null | grep -qxF -- "$mark"; then
    left+=("$pid")
  fi
done
for pid in "${left[@]}"; do
  echo "left behind: process $pid: $(tr '\0' ' ' </proc/"$pid"/cmdline 2>/dev/null | cut -c1-160)" >&2
done
if [ ${#left[@]} -gt 0 ]; then
  kill "${left[@]}" 2>/dev/null
  for _ in $(seq 50); do
    alive=0
    for pid in "${left[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  kill -9 "${left[@]}" 2>/dev/null
fi
if [ -n "$tmux_dir" ] && [ -d "$tmux_dir" ]; then
  # tmux leaves its socket file after kill-server; every server of the run was ended above
  find "$tmux_dir" -type s -delete 2>/dev/null
fi
[ ${#left[@]} -eq 0 ]

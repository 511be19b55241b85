#!/usr/bin/env bash
# Prints the suite's closing line from the surefire reports, whatever the run's outcome:
# "tests: N passed, N failed, N skipped", then each failing test as Class.method, then what the run
# left behind (target/leftovers.txt, written by the tests' RunLeftovers listener), after the five
# slowest classes (target/test-times.txt, written by the TestTimes listener). Exits 1 when the run
# left something behind, else 0.
set -uo pipefail
reports=${1:-target/surefire-reports}
shopt -s nullglob
files=("$reports"/TEST-*.xml)
if [ ${#files[@]} -eq 0 ]; then
  echo "tests: no report in $reports (the build failed before any test ran)"
  exit 0
fi
awk '
  /<testsuite / {
    if (match($0, / tests="[0-9]+"/)) t += substr($0, RSTART + 8, RLENGTH - 9)
    if (match($0, / failures="[0-9]+"/)) f += substr($0, RSTART + 11, RLENGTH - 12)
    if (match($0, / errors="[0-9]+"/)) f += substr($0, RSTART + 9, RLENGTH - 10)
    if (match($0, / skipped="[0-9]+"/)) s += substr($0, RSTART + 10, RLENGTH - 11)
  }
  /<testcase / {
    name = ""; cls = ""
    if (match($0, / name="[^"]*"/)) name = substr($0, RSTART + 7, RLENGTH - 8)
    if (match($0, / classname="[^"]*"/)) cls = substr($0, RSTART + 12, RLENGTH - 13)
    sub(/.*\./, "", cls)
  }
  /<(failure|error)[ >]/ { bad[cls "." name] = 1 }
  END {
    printf "\ntests: %d passed, %d failed, %d skipped\n", t - f - s, f, s
    for (b in bad) print "  failed: " b
  }' "${files[@]}"
times=$(dirname "$reports")/test-times.txt
if [ -s "$times" ]; then
  # written by the tests' TestTimes listener: surefire's reports misplace times when classes run beside each other
  echo "slowest classes (seconds; seconds into the run it started; all in $times):"
  awk '$3 !~ /\./' "$times" | head -5 | sed 's/^/  /'
fi
leftovers=$(dirname "$reports")/leftovers.txt
if [ -s "$leftovers" ]; then
  echo "gather: the run left these behind (now ended):"
  sed 's/^/  /' "$leftovers"
  exit 1
fi

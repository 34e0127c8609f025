#!/usr/bin/env bash
# Checks run.sh and the common module on a small suite of their own
# (tests/node/selftest/), under Node and under Isohost, with no copy of Node's
# tests needed.
#   selftest.sh ISOHOST_BINARY
# Exit 77 (CTest's "skipped") when node or python3 is missing.
set -u
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
isohost=$1
node=${NODE:-$(command -v node || true)}
if [ -z "$node" ] || ! command -v python3 >/dev/null; then
  echo "SKIPPED: node and python3 are needed"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/suite/test"
cp -r "$here/selftest/parallel" "$here/selftest/es-module" "$here/selftest/fixtures" "$work/suite/test/"
expectations=$work/expectations.txt
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() {
  bash "$here/run.sh" "$work/suite" --isohost "$isohost" --node "$node" -j 2 -t 5 \
    --config "$here/selftest/modules.txt" --expectations "$expectations" "$@" >"$work/out" 2>&1
}
statuses() { grep -v '^#' "$expectations" | awk 'NF >= 2 { print $1, $2 }'; }
expect_in_output() { grep -qF -- "$1" "$work/out" || fail "output lacks \"$1\""; }

# With no expectations, every file is unexpected.
run -f 'test-self-pass.js'
[ $? -eq 1 ] || fail "a run without expectations must exit 1"
expect_in_output "1 files have no expectation"

# --update writes what each file did, and why.
run --update || fail "--update exited $?: $(tail -5 "$work/out")"
diff <(statuses) "$here/selftest/expected.txt" >"$work/diff" || fail "statuses differ: $(cat "$work/diff")"
grep -qF 'test-self-mustcall.js' "$expectations" &&
  grep -F 'test-self-mustcall.js' "$expectations" |
  grep -qF 'Mismatched noop function calls. Expected exactly 2, actual 1.' ||
  fail "mustCall's message is not Node's: $(grep -F test-self-mustcall.js "$expectations")"
grep -F 'test-self-atleast.js' "$expectations" |
  grep -qF 'Mismatched counted function calls. Expected at least 2, actual 1.' ||
  fail "mustCallAtLeast's message is not Node's: $(grep -F test-self-atleast.js "$expectations")"
grep -F 'test-self-skip.js' "$expectations" | grep -qF 'skipped under Node: nothing to see' ||
  fail "the skip note is not read"
grep -F 'test-self-flags.js' "$expectations" | grep -qF "needs Node's flag --expose-internals" ||
  fail "a Node flag does not make a skip"
grep -F 'test-self-main-thread.js' "$expectations" | grep -qF 'Error: runs in a worker' ||
  fail "the failure under Isohost is not the worker's"
grep -F 'test-self-timeout.js' "$expectations" | grep -qF 'timed out after 5 s' ||
  fail "the time limit did not stop the file"

# The same results again (but for the file that waits): nothing unexpected.
run -f 'test-self-[!t]*' || fail "a run against its own expectations exited $?: $(tail -5 "$work/out")"

# A pass where a failure is expected fails the run and names the file.
sed -i 's/^\(test-self-pass.js  *\)pass/\1fail/' "$expectations"
run -f 'test-self-pass.js'
[ $? -eq 1 ] || fail "an unexpected pass must exit 1"
expect_in_output "UNEXPECTED test-self-pass.js: expected fail, got pass"

# A failure where a pass is expected, likewise, with the worker's output.
sed -i 's/^\(test-self-main-thread.js  *\)fail/\1pass/' "$expectations"
run -f 'test-self-main-thread.js'
[ $? -eq 1 ] || fail "an unexpected failure must exit 1"
expect_in_output "UNEXPECTED test-self-main-thread.js: expected pass, got fail: Error: runs in a worker"

# --json gives the table per module.
run --json -f 'test-self-pass.js' -f 'test-self-main-thread.js' -f 'test-self-mustcall.js'
python3 - "$work/out" <<'PY' || fail "--json: $(head -c 400 "$work/out")"
import json, sys
text = open(sys.argv[1]).read()
data = json.loads(text[text.index('{'):text.rindex('}') + 1])
row = next(r for r in data['modules'] if r['module'] == 'self')
assert (row['files'], row['node_pass'], row['isohost_pass']) == (3, 2, 1), row
assert row['percent_of_node'] == 50.0, row
PY

if [ "$failures" -gt 0 ]; then
  echo "selftest: $failures failures"
  exit 1
fi
echo "selftest: the runner and the common module behave"

#!/usr/bin/env bash
# Makes NODE_TEST_DIR for run.sh from a git repository of Node's tests such as
# https://github.com/denoland/node_test (a clone, or a bare mirror of it):
# test/parallel, test/es-module, test/common, test/fixtures and node_version.ts
# of its HEAD.
#
#   tests/node/prepare.sh GIT_DIR_OR_URL NODE_TEST_DIR
#
# Blobs a partial mirror lacks are left out and listed. Keep NODE_TEST_DIR
# outside the repository: none of its files belong in it.
set -euo pipefail
if [ $# -ne 2 ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
source=$1
dest=$2
case "$source" in
  http://*|https://*|git@*)
    clone=$(mktemp -d)
    trap 'rm -rf "$clone"' EXIT
    git clone --quiet --depth 1 --bare "$source" "$clone/repo.git"
    source=$clone/repo.git ;;
esac
if [ -d "$source/.git" ]; then git_dir=$source/.git; else git_dir=$source; fi
mkdir -p "$dest"
python3 - "$git_dir" "$dest" <<'PY'
import os, subprocess, sys
git_dir, dest = sys.argv[1:]
git = ['git', f'--git-dir={git_dir}']
listing = subprocess.run(git + ['ls-tree', '-r', '-z', 'HEAD', '--', 'test/parallel', 'test/es-module',
                                'test/common', 'test/fixtures', 'node_version.ts'],
                         check=True, capture_output=True).stdout.split(b'\0')
cat = subprocess.Popen(git + ['cat-file', '--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
written, missing = 0, []
for entry in filter(None, listing):
    meta, path = entry.split(b'\t', 1)
    mode, kind, sha = meta.split()
    if kind != b'blob':
        continue
    cat.stdin.write(sha + b'\n')
    cat.stdin.flush()
    header = cat.stdout.readline()
    path = os.path.join(dest, path.decode('utf-8', 'surrogateescape'))
    if header.endswith(b' missing\n'):
        missing.append(path)
        continue
    data = cat.stdout.read(int(header.split()[2]))
    cat.stdout.read(1)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.remove(path)
    if mode == b'120000':
        os.symlink(data.decode('utf-8', 'surrogateescape'), path)
    else:
        with open(path, 'wb') as f:
            f.write(data)
        if mode == b'100755':
            os.chmod(path, 0o755)
    written += 1
cat.stdin.close()
cat.wait()
print(f'prepare.sh: {written} files in {dest}', file=sys.stderr)
for path in missing:
    print(f'prepare.sh: not in the repository (left out): {path}', file=sys.stderr)
PY

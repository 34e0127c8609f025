#!/usr/bin/env python3
"""Runs files of Node's test/parallel (and of the other folders of test/ that
modules.txt names) under Node and under Isohost, and holds
the results against tests/node/expectations.txt. Started by tests/node/run.sh,
whose usage this is; see `run.sh --help`."""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

STATUSES = ('pass', 'fail', 'skip', 'node-fails')
FLAGS_RE = re.compile(r'//\s+Flags:(.*)')
ENV_RE = re.compile(r'//\s+Env:(.*)')
TAP_NOT_OK_RE = re.compile(r'^\s*not ok \d+ - (.*)$')
TAP_FAIL_COUNT_RE = re.compile(r'^# fail (\d+)$')
SKIP_RE = re.compile(r'^1\.\.0 # Skip(?:ped)?:?\s*(.*)$', re.M)
ERROR_RE = re.compile(r'^\s*(?:Uncaught )?(?:(?:[A-Z]\w*)?(?:Error|Exception)(?: \[\w+\])?:.*|Mismatched .*)$')
# Variables of the caller's environment that would change what a test sees.
DROPPED_ENV = ('NODE_OPTIONS', 'NODE_DEBUG', 'NODE_PENDING_DEPRECATION', 'NODE_V8_COVERAGE',
               'NODE_CHANNEL_FD', 'NODE_UNIQUE_ID', 'NODE_SKIP_CRYPTO', 'ISOHOST_TRACE_STARTUP')
TAIL_LINES = 15
MAX_TAILS = 30  # outputs shown in full at the end; the rest by their reason


def fail_setup(message):
    print(f'run.sh: {message}', file=sys.stderr)
    sys.exit(2)


# --- configuration ---------------------------------------------------------------

class Config:
    """The table of modules and the flag rules (tests/node/modules.txt)."""

    def __init__(self, path):
        self.modules = []  # [(name, [glob, ...])], in the file's order
        self.flags = []    # [(pattern, 'v8' | 'node' | 'ignore')]
        with open(path, encoding='utf-8') as f:
            for number, line in enumerate(f, 1):
                words = line.split('#', 1)[0].split()
                if not words:
                    continue
                if words[0] == 'module' and len(words) >= 3:
                    self.modules.append((words[1], words[2:]))
                elif words[0] == 'flag' and len(words) == 3 and words[2] in ('v8', 'node', 'ignore'):
                    self.flags.append((words[1], words[2]))
                else:
                    fail_setup(f'{path}:{number}: cannot read "{line.strip()}"')

    def module_of(self, name):
        for module, globs in self.modules:
            if any(fnmatch.fnmatchcase(name, g) for g in globs):
                return module
        return None

    def folders(self):
        """The folders of test/ besides parallel that module patterns name ('es-module/test-*.mjs')."""
        return sorted({g.split('/', 1)[0] for _, globs in self.modules for g in globs if '/' in g})

    def flag_rule(self, flag):
        for pattern, how in self.flags:
            if fnmatch.fnmatchcase(flag, pattern):
                return how
        return None


# Node options that take their value as the next word of "// Flags:".
NODE_VALUE_OPTIONS = {'--import', '--require', '-r', '--conditions', '-C', '--input-type',
                      '--experimental-loader', '--loader'}


def read_directives(source):
    flags = []
    for match in FLAGS_RE.finditer(source):
        flags.extend(match.group(1).split())
    env = {}
    for match in ENV_RE.finditer(source):
        for pair in match.group(1).split():
            key, _, value = pair.partition('=')
            env[key] = value
    return flags, env


# --- expectations ------------------------------------------------------------------

def read_expectations(path):
    expected = {}
    if not os.path.exists(path):
        return expected
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            body = line.split('#', 1)[0].split()
            if not body:
                continue
            if len(body) != 2 or body[1] not in STATUSES:
                fail_setup(f'{path}:{number}: expected "FILE STATUS", STATUS one of {", ".join(STATUSES)}')
            expected[body[0]] = body[1]
    return expected


def read_expectation_reasons(path):
    reasons = {}
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            for line in f:
                body, _, reason = line.partition('#')
                words = body.split()
                if len(words) == 2:
                    reasons[words[0]] = reason.strip()
    return reasons


def expectations_header_line(tests_version, node_version):
    return (f"Node's tests: {tests_version or 'version unknown'} (denoland/node_test); "
            f'reference: Node {node_version} on the same machine.')


def expectations_header(path):
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            for line in f:
                if line.startswith("# Node's tests:"):
                    return line[2:].strip()
    return None


def write_expectations(path, entries, config, header):
    """entries: {file: (status, reason)}"""
    by_module = {}
    for name, (status, reason) in entries.items():
        by_module.setdefault(config.module_of(name) or '(no module)', []).append((name, status, reason))
    lines = [
        "# Isohost against Node's own tests (test/parallel). One line per file:",
        '#   FILE  STATUS  # why, for anything but a pass',
        '# STATUS: pass | fail (under Isohost) | skip (not run under Isohost, or',
        '# skipped there; or skipped under Node) | node-fails (Node fails it here:',
        '# not counted). Any other result than the one written here fails the run.',
        '# Rewritten by `tests/node/run.sh NODE_TEST_DIR --update`.',
    ] + [f'# {h}' for h in header]
    order = [m for m, _ in config.modules] + ['(no module)']
    for module in order:
        rows = sorted(by_module.get(module, []))
        if not rows:
            continue
        lines.append('')
        lines.append(f'# --- {module}')
        for name, status, reason in rows:
            line = f'{name:<58} {status}'
            if reason and status != 'pass':
                line = f'{line:<70} # {reason}'
            lines.append(line)
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


# --- running one file ------------------------------------------------------------

class Outcome:
    """One run of one file under one runtime."""

    def __init__(self, result, reason='', seconds=0.0, output_file=None, code=None):
        self.result = result  # 'pass' | 'fail' | 'skip' | 'not-run'
        self.reason = reason
        self.seconds = seconds
        self.output_file = output_file
        self.code = code

    def tail(self):
        if not self.output_file or not os.path.exists(self.output_file):
            return ''
        with open(self.output_file, 'rb') as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 16384))
            text = f.read().decode('utf-8', 'replace')
        return '\n'.join(text.rstrip('\n').split('\n')[-TAIL_LINES:])

    def to_json(self):
        return {'result': self.result, 'reason': self.reason, 'seconds': round(self.seconds, 3),
                'exit_code': self.code}


def one_line(text, limit=110):
    text = ' '.join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + '...'


def tap_failure(lines):
    """The first failed subtest of a file written with node:test, which reports in TAP."""
    failed = next((i for i, l in enumerate(lines) if TAP_NOT_OK_RE.match(l)), None)
    if failed is None:
        return None
    name = TAP_NOT_OK_RE.match(lines[failed]).group(1)
    # The last count is the summary of the whole file.
    counts = [m.group(1) for m in map(TAP_FAIL_COUNT_RE.match, lines) if m]
    count = counts[-1] if counts else None
    error = ''
    for i in range(failed + 1, min(len(lines), failed + 40)):
        stripped = lines[i].strip()
        if stripped.startswith('error:'):
            error = stripped[len('error:'):].strip()
            if error in ('|-', '|', '>-') and i + 1 < len(lines):
                error = lines[i + 1].strip()
            break
    prefix = f'{count} subtests fail, first ' if count and count not in ('0', '1') else ''
    return one_line(f'{prefix}"{name}": {error}'.rstrip(': '))


def summarize_failure(output, code, timed_out, timeout):
    if timed_out:
        return f'timed out after {timeout:g} s'
    lines = output.split('\n')
    tap = tap_failure(lines)
    if tap:
        return tap
    for i, line in enumerate(lines):
        if ERROR_RE.match(line):
            # "AssertionError [ERR_ASSERTION]:" says what it is on the next line.
            following = next((l for l in lines[i + 1:] if l.strip()), '') if line.rstrip().endswith(':') else ''
            return one_line(f'{line.strip()} {following.strip()}')
    lines = [l for l in output.split('\n') if l.strip()]
    if code is not None and code < 0:
        return f'killed by signal {-code}'
    return one_line(lines[-1]) if lines else f'exit code {code}, no output'


class Stopped(Exception):
    """The run was interrupted; no new process starts."""


# The process groups of the files running now, so that an interrupted run
# leaves none behind: each file runs in a session of its own.
live_groups = set()
live_lock = threading.Lock()
stopping = threading.Event()


def kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def stop_all():
    stopping.set()
    with live_lock:
        for pgid in list(live_groups):
            kill_group(pgid)


def run_process(argv, cwd, env, timeout, output_file):
    start = time.monotonic()
    timed_out = False
    with open(output_file, 'wb') as out:
        with live_lock:
            if stopping.is_set():
                raise Stopped()
            proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            live_groups.add(proc.pid)
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            kill_group(proc.pid)
            code = proc.wait()
        # Whatever the file started and left running goes with it.
        kill_group(proc.pid)
        with live_lock:
            live_groups.discard(proc.pid)
    if stopping.is_set():
        raise Stopped()
    seconds = time.monotonic() - start
    with open(output_file, 'rb') as f:
        output = f.read().decode('utf-8', 'replace')
    skip = SKIP_RE.search(output)
    if code == 0 and not timed_out:
        if skip:
            return Outcome('skip', one_line(skip.group(1) or 'skipped'), seconds, output_file, code)
        return Outcome('pass', '', seconds, output_file, code)
    return Outcome('fail', summarize_failure(output, code, timed_out, timeout), seconds, output_file, code)


class Runner:
    def __init__(self, args, config, scratch):
        self.args = args
        self.config = config
        self.scratch = scratch
        self.parallel_dir = os.path.join(scratch, 'test', 'parallel')
        self.slots = queue.Queue()
        for slot in range(args.jobs):
            self.slots.put(slot)
        base = {k: v for k, v in os.environ.items() if k not in DROPPED_ENV}
        self.base_env = base

    def env_for(self, slot, extra):
        env = dict(self.base_env)
        env.update(extra)
        tmp = os.path.join(self.scratch, 'test', f'.tmp.{slot}')
        env['ISOHOST_NODE_TEST_TMPDIR'] = tmp
        env['TEST_THREAD_ID'] = str(slot)
        return env, tmp

    def isohost_argv(self, flags, file):
        """The command line for Isohost, or (None, reason) if a flag has no equivalent."""
        argv = [self.args.isohost, 'run']
        flags = list(flags)
        while flags:
            flag = flags.pop(0)
            how = self.config.flag_rule(flag)
            if how == 'v8':
                argv.append(f'--v8-flag={flag}')
            elif how == 'node':
                # `--import FILE`: one --node-option, `--import=FILE`.
                if flag in NODE_VALUE_OPTIONS and flags:
                    flag = f'{flag}={flags.pop(0)}'
                argv.append(f'--node-option={flag}')
            elif how is None:
                return None, f"needs Node's flag {flag}"
        return argv + [file], ''

    def run_file(self, name):
        slot = self.slots.get()
        try:
            return self._run_file(name, slot)
        finally:
            self.slots.put(slot)

    def _run_side(self, argv, slot, extra_env, output_file):
        env, tmp = self.env_for(slot, extra_env)
        try:
            return run_process(argv, self.scratch, env, self.args.timeout, output_file)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def _run_file(self, name, slot):
        file = test_file(os.path.join(self.scratch, 'test'), name)
        with open(file, encoding='utf-8', errors='replace') as f:
            flags, extra_env = read_directives(f.read())
        out_dir = os.path.join(self.scratch, 'out')
        node = self._run_side([self.args.node] + flags + [file], slot, extra_env,
                              os.path.join(out_dir, f"{name.replace('/', '__')}.node.txt"))
        isohost = Outcome('not-run')
        if node.result == 'pass':
            argv, why_not = self.isohost_argv(flags, file)
            if argv is None:
                isohost = Outcome('not-run', why_not)
            else:
                isohost = self._run_side(argv, slot, extra_env, os.path.join(out_dir, f"{name.replace('/', '__')}.isohost.txt"))
        status, reason = classify(node, isohost)
        # The scratch tree's name and the slot's tmpdir change every run; the
        # reason must not.
        reason = re.sub(r'/test/\.tmp\.\d+', '/test/.tmp', reason.replace(self.scratch, '<scratch>'))
        return (status, reason), node, isohost


def classify(node, isohost):
    """(status, reason) for the expectations file."""
    if node.result == 'fail':
        return 'node-fails', node.reason
    if node.result == 'skip':
        return 'skip', f'skipped under Node: {node.reason}'
    if isohost.result == 'not-run':
        return 'skip', isohost.reason
    if isohost.result == 'skip':
        return 'skip', f'skipped under Isohost: {isohost.reason}'
    return isohost.result, isohost.reason


# --- reporting ---------------------------------------------------------------------

def module_table(config, results):
    rows = []
    totals = {'module': 'total', 'files': 0, 'node_pass': 0, 'isohost_pass': 0, 'isohost_fail': 0,
              'isohost_skip': 0, 'internals': 0}
    for module, _ in config.modules:
        mine = [r for r in results.values() if r['module'] == module]
        if not mine:
            continue
        row = {
            'module': module,
            'files': len(mine),
            'node_pass': sum(r['node']['result'] == 'pass' for r in mine),
            'isohost_pass': sum(r['isohost']['result'] == 'pass' for r in mine),
            'isohost_fail': sum(r['node']['result'] == 'pass' and r['isohost']['result'] == 'fail' for r in mine),
            'isohost_skip': sum(r['node']['result'] == 'pass' and r['isohost']['result'] in ('skip', 'not-run')
                                for r in mine),
            # Files not run because they need --expose-internals (none while
            # modules.txt passes it to `isohost run`).
            'internals': sum(r['node']['result'] == 'pass' and r['isohost']['result'] == 'not-run'
                             and '--expose-internals' in (r['isohost'].get('reason') or '') for r in mine),
        }
        rows.append(row)
        for key in totals:
            if key != 'module':
                totals[key] += row[key]
    if rows:
        rows.append(totals)
    for row in rows:
        row['percent_of_node'] = round(100.0 * row['isohost_pass'] / row['node_pass'], 1) if row['node_pass'] else None
        public = row['node_pass'] - row['internals']
        row['percent_of_public'] = round(100.0 * row['isohost_pass'] / public, 1) if public else None
    return rows


def print_table(rows, node_version):
    head = ('module', 'files', f'node {node_version} pass', 'isohost pass', '% of node', 'isohost fail',
            'isohost skip', 'of which internals', '% without internals')
    body = []
    shown = lambda percent: '-' if percent is None else f'{percent:.1f}'
    for row in rows:
        body.append((row['module'], row['files'], row['node_pass'], row['isohost_pass'], shown(row['percent_of_node']),
                     row['isohost_fail'], row['isohost_skip'], row['internals'], shown(row['percent_of_public'])))
    widths = [max(len(str(x)) for x in column) for column in zip(head, *body)]
    fmt = lambda cells: '  '.join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                                  for i, (c, w) in enumerate(zip(cells, widths)))
    print(fmt(head))
    for i, cells in enumerate(body):
        if i == len(body) - 1:
            print('  '.join('-' * w for w in widths))
        print(fmt(cells))


# --- main --------------------------------------------------------------------------

def parse_args():
    parser = argparse.ArgumentParser(
        prog='tests/node/run.sh',
        description="Runs files of Node's test/parallel under Node and under Isohost (as `isohost run "
                    "FILE`), with Isohost's own test/common, and compares Isohost's results with "
                    "tests/node/expectations.txt.")
    parser.add_argument('node_test_dir', metavar='NODE_TEST_DIR',
                        help='a checkout of Node\'s tests holding test/parallel and test/fixtures '
                             '(tests/node/prepare.sh makes one)')
    parser.add_argument('-j', '--jobs', type=int, default=2, help='files run at once (default 2)')
    parser.add_argument('-t', '--timeout', type=float, default=30, help='seconds per file and runtime (default 30)')
    parser.add_argument('-m', '--module', action='append', default=[],
                        help='only these modules (repeatable, or comma-separated)')
    parser.add_argument('-f', '--filter', action='append', default=[],
                        help='only files whose name matches this glob (repeatable)')
    parser.add_argument('--update', action='store_true', help='rewrite the expectations from this run')
    parser.add_argument('--json', action='store_true', help='print the results as JSON instead of a table')
    parser.add_argument('--isohost', default=os.environ.get('ISOHOST', os.path.join(REPO, 'build', 'bin', 'isohost')),
                        help='the isohost binary (default $ISOHOST, else build/bin/isohost)')
    parser.add_argument('--node', default=os.environ.get('NODE', shutil.which('node') or '/usr/bin/node'),
                        help='the node binary (default $NODE, else node on PATH)')
    parser.add_argument('--expectations', default=os.path.join(HERE, 'expectations.txt'),
                        help='expected result per file (default tests/node/expectations.txt)')
    parser.add_argument('--config', default=os.path.join(HERE, 'modules.txt'),
                        help='modules, their files and the flag rules (default tests/node/modules.txt)')
    parser.add_argument('--keep', action='store_true', help='keep the scratch tree and every output, and say where')
    parser.add_argument('-q', '--quiet', action='store_true', help='no line per file, only the unexpected')
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error('-j must be at least 1')
    args.module = [m for item in args.module for m in item.split(',') if m]
    return args


def test_file(test_dir, name):
    """A file of test/parallel is named by itself; one of another folder by folder/name."""
    return os.path.join(test_dir, name) if '/' in name else os.path.join(test_dir, 'parallel', name)


def make_scratch(args, names, folders):
    """A tree where `require('../common')` from a test finds Isohost's shim."""
    scratch = tempfile.mkdtemp(prefix='isohost-node-test-')
    test_dir = os.path.join(scratch, 'test')
    os.makedirs(os.path.join(test_dir, 'parallel'))
    os.makedirs(os.path.join(scratch, 'out'))
    shutil.copytree(os.path.join(HERE, 'common'), os.path.join(test_dir, 'common'))
    # The fixtures too: some require '../../common' and some compare their own
    # paths with what the test computed. Hard links where the filesystem allows.
    fixtures = os.path.join(args.node_test_dir, 'test', 'fixtures')

    def link_or_copy(src, dst):
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(fixtures, os.path.join(test_dir, 'fixtures'), symlinks=True, copy_function=link_or_copy)
    # Copies, not links: a module's directory is that of its real path, and
    # ../common must be this tree's.
    source_dir = os.path.join(args.node_test_dir, 'test', 'parallel')
    for name in names:
        if '/' not in name:
            shutil.copy(os.path.join(source_dir, name), os.path.join(test_dir, 'parallel', name))
    # Other folders whole: their tests import each other ('./test-esm-shebang.mjs').
    for folder in folders:
        if any(name.startswith(folder + '/') for name in names):
            shutil.copytree(os.path.join(args.node_test_dir, 'test', folder), os.path.join(test_dir, folder))
    return scratch


def node_test_version(node_test_dir):
    try:
        with open(os.path.join(node_test_dir, 'node_version.ts'), encoding='utf-8') as f:
            match = re.search(r'(\d+\.\d+\.\d+)', f.read())
            return f'v{match.group(1)}' if match else None
    except OSError:
        return None


def main():
    args = parse_args()
    config = Config(args.config)
    parallel = os.path.join(args.node_test_dir, 'test', 'parallel')
    if not os.path.isdir(parallel) or not os.path.isdir(os.path.join(args.node_test_dir, 'test', 'fixtures')):
        fail_setup(f'{args.node_test_dir} has no test/parallel and test/fixtures')
    for binary in (args.isohost, args.node):
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            fail_setup(f'{binary} is not an executable (see --isohost, --node)')
    known = {m for m, _ in config.modules}
    for m in args.module:
        if m not in known:
            fail_setup(f'no module "{m}" in {args.config} (there are: {", ".join(sorted(known))})')

    candidates = sorted(os.listdir(parallel))
    missing_folders = []
    for folder in config.folders():
        folder_dir = os.path.join(args.node_test_dir, 'test', folder)
        if not os.path.isdir(folder_dir):
            # An older tree from prepare.sh: its files are left out, not failed.
            missing_folders.append(folder)
            print(f'run.sh: {args.node_test_dir} has no test/{folder}; its files are not run '
                  f'(tests/node/prepare.sh brings it)', file=sys.stderr)
            continue
        candidates += [f'{folder}/{n}' for n in sorted(os.listdir(folder_dir))]
    selected = []
    for name in candidates:
        module = config.module_of(name)
        if module is None or (args.module and module not in args.module):
            continue
        if args.filter and not any(fnmatch.fnmatchcase(name, g) or fnmatch.fnmatchcase(os.path.basename(name), g)
                                   for g in args.filter):
            continue
        selected.append(name)
    if not selected:
        fail_setup('no file of test/parallel is selected')

    node_version = subprocess.run([args.node, '--version'], capture_output=True, text=True).stdout.strip()
    tests_version = node_test_version(args.node_test_dir)
    expected = read_expectations(args.expectations)
    recorded = expectations_header(args.expectations)
    current = expectations_header_line(tests_version, node_version)
    if recorded and recorded != current and not args.update:
        print(f'run.sh: the expectations were written for other versions:\n  {recorded}\n'
              f'  now: {current}', file=sys.stderr)
    scratch = make_scratch(args, selected, config.folders())
    runner = Runner(args, config, scratch)

    results = {}
    unexpected = []  # (name, expected, got, outcome to show)
    flaky = []
    lock = threading.Lock()
    done = 0

    def judge(name, status):
        want = expected.get(name)
        return args.update or want == status

    def task(name):
        (status, reason), node, isohost = runner.run_file(name)
        first = None
        if not judge(name, status) and name in expected:
            # One more try before calling it a change: the machine is shared.
            first = status
            (status, reason), node, isohost = runner.run_file(name)
        return name, status, reason, node, isohost, first

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(task, name) for name in selected]
        try:
            for future in concurrent.futures.as_completed(futures):
                name, status, reason, node, isohost, first = future.result()
                with lock:
                    done += 1
                    results[name] = {
                        'file': name, 'module': config.module_of(name), 'status': status, 'reason': reason,
                        'expected': expected.get(name), 'node': node.to_json(), 'isohost': isohost.to_json(),
                    }
                    ok = judge(name, status)
                    if not ok:
                        shown = node if status == 'node-fails' or expected.get(name) == 'node-fails' else isohost
                        unexpected.append((name, expected.get(name), status, reason, shown))
                    elif first is not None:
                        flaky.append((name, first, status))
                    if not args.quiet or not ok:
                        mark = '' if ok else f'   UNEXPECTED (expected {expected.get(name) or "nothing"})'
                        print(f'[{done:>4}/{len(selected)}] {status:<10} {name}  '
                              f'({node.seconds:.1f}s + {isohost.seconds:.1f}s){mark}', file=sys.stderr, flush=True)
        except BaseException:
            for f in futures:
                f.cancel()
            stop_all()
            shutil.rmtree(scratch, ignore_errors=True)
            print('\nrun.sh: interrupted', file=sys.stderr)
            raise
    elapsed = time.monotonic() - start

    rows = module_table(config, results)
    if args.json:
        json.dump({'node': node_version, 'node_tests': tests_version, 'seconds': round(elapsed, 1),
                   'modules': rows, 'files': [results[n] for n in sorted(results)],
                   'unexpected': [n for n, *_ in unexpected]}, sys.stdout, indent=1)
        print()
    else:
        print_table(rows, node_version)

    selected_set = set(selected)
    stale = sorted(n for n in expected
                   if n not in selected_set and config.module_of(n) is not None
                   and n.split('/', 1)[0] not in missing_folders
                   and (not args.module or config.module_of(n) in args.module) and not args.filter)
    if args.update:
        reasons = read_expectation_reasons(args.expectations)
        entries = {n: (s, reasons.get(n, '')) for n, s in expected.items() if n not in stale}
        for name, r in results.items():
            entries[name] = (r['status'], r['reason'])
        write_expectations(args.expectations, entries, config, [current])
        print(f'run.sh: wrote {len(entries)} expectations to {args.expectations}'
              + (f' ({len(stale)} stale removed)' if stale else ''), file=sys.stderr)
    elif stale:
        print(f'run.sh: {len(stale)} files in the expectations are no longer in {parallel}: '
              f'{", ".join(stale[:10])}{" ..." if len(stale) > 10 else ""}', file=sys.stderr)

    for name, first, status in flaky:
        print(f'run.sh: flaky: {name} was {first} on its first run, {status} on the second', file=sys.stderr)
    new_files = sorted(name for name, want, *_ in unexpected if want is None)
    if new_files:
        print(f'\nrun.sh: {len(new_files)} files have no expectation (run with --update): '
              f'{", ".join(new_files[:20])}{" ..." if len(new_files) > 20 else ""}', file=sys.stderr)
    changed = sorted(u for u in unexpected if u[1] is not None)
    for i, (name, want, got, reason, shown) in enumerate(changed):
        print(f'\n=== UNEXPECTED {name}: expected {want}, got {got}' + (f': {reason}' if reason else ''),
              file=sys.stderr)
        tail = shown.tail() if i < MAX_TAILS else ''
        if tail:
            print(tail, file=sys.stderr)
    print(f'\nrun.sh: {len(results)} files in {elapsed:.0f} s; {len(unexpected)} unexpected'
          + (f'; outputs kept in {scratch}/out' if args.keep else ''), file=sys.stderr)
    if not args.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    return 1 if unexpected else 0


def on_terminate(signum, _frame):
    # CTest's time limit or a kill: end the files' process groups too.
    raise SystemExit(128 + signum)


if __name__ == '__main__':
    signal.signal(signal.SIGTERM, on_terminate)
    signal.signal(signal.SIGHUP, on_terminate)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)

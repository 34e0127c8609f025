'use strict';
// Node's internal/options, for scripts run with --expose-internals:
// getOptionValue(name) is the Node option `name` as this worker was started
// with it (NODE_OPTIONS first, then process.execArgv as the host gave it).
// A flag is true when given, false when given as --no-NAME or not given; a
// single-valued option is its last value; a list option (--require,
// --import, --conditions, --disable-warning) all of them, [] when not given. Options a worker
// does not know of and was not given read as undefined.

const kLists = { __proto__: null, '--require': '--require', '-r': '--require', '--import': '--import',
                 '--conditions': '--conditions', '-C': '--conditions', '--disable-warning': '--disable-warning' };
const kValues = new Set(['--input-type', '--trace-require-module', '--experimental-loader', '--loader',
                         '--unhandled-rejections', '--stack-trace-limit', '--title']);
const kFlags = new Set(['--expose-internals', '--no-deprecation', '--throw-deprecation', '--pending-deprecation',
                        '--trace-deprecation', '--trace-warnings', '--warnings', '--experimental-vm-modules',
                        '--experimental-require-module', '--experimental-detect-module', '--preserve-symlinks',
                        '--preserve-symlinks-main', '--abort-on-uncaught-exception', '--addons', '--trace-exit']);

let values = null;

function read() {
  values = new Map();
  const { splitNodeOptions } = internalRequire('internal/modules/options');
  const nodeOptions = binding.getEnv('NODE_OPTIONS');
  const words = [...(typeof nodeOptions === 'string' ? splitNodeOptions(nodeOptions) : []),
                 ...internalRequire('internal/process/object').startExecArgv()];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const eq = word.indexOf('=');
    const name = eq === -1 ? word : word.slice(0, eq);
    const list = kLists[name];
    if (list !== undefined || kValues.has(name)) {
      const value = eq !== -1 ? word.slice(eq + 1) : words[++i];
      if (value === undefined) continue;
      if (list !== undefined) values.set(list, [...(values.get(list) || []), value]);
      else values.set(name, value);
    } else if (eq !== -1) {
      values.set(name, word.slice(eq + 1));
    } else if (word.startsWith('--no-')) {
      values.set(`--${word.slice(5)}`, false);
    } else {
      values.set(word, true);
    }
  }
}

function getOptionValue(name) {
  if (values === null) read();
  if (values.has(name)) return values.get(name);
  if (name in kLists) return [];
  if (kFlags.has(name)) return name === '--warnings' || name === '--addons';
  return undefined;
}

exports.getOptionValue = getOptionValue;

'use strict';
// Node's options for the module loaders, read once from NODE_OPTIONS and
// then the command line the worker was started with (process.execArgv as the
// host gave it), as Node reads them: the last of a single-valued option
// wins, list options (--import, --require, --conditions) add up.

const kListOptions = { __proto__: null, '--import': 'import', '--require': 'require', '-r': 'require',
                       '--conditions': 'conditions', '-C': 'conditions' };
const kValueOptions = { __proto__: null, '--input-type': 'inputType', '--trace-require-module': 'traceRequireModule' };
const kFlags = { __proto__: null, '--preserve-symlinks': 'preserveSymlinks',
                 '--preserve-symlinks-main': 'preserveSymlinksMain', '--check': 'check', '-c': 'check',
                 '--no-addons': 'noAddons', '--experimental-detect-module': 'detectModule',
                 '--no-experimental-detect-module': 'noDetectModule' };

let options;

// NODE_OPTIONS split as Node splits it: at spaces, except within double
// quotes, where a backslash escapes the next character.
function splitNodeOptions(text) {
  const words = [];
  let current = '';
  let inWord = false;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += text[++i];
    } else if (ch === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (ch === ' ' && !quoted) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

function read(words, into) {
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const eq = word.indexOf('=');
    const name = eq === -1 ? word : word.slice(0, eq);
    const list = kListOptions[name];
    const single = kValueOptions[name];
    if (list !== undefined || single !== undefined) {
      let value;
      if (eq !== -1) value = word.slice(eq + 1);
      else if (i + 1 < words.length) value = words[++i];
      else continue;
      if (list !== undefined) into[list].push(value);
      else into[single] = value;
    } else if (kFlags[word] !== undefined) {
      into[kFlags[word]] = true;
    }
  }
}

function get() {
  if (options !== undefined) return options;
  options = {
    __proto__: null,
    import: [],
    require: [],
    conditions: [],
    inputType: undefined,
    traceRequireModule: undefined,
    preserveSymlinks: false,
    preserveSymlinksMain: false,
    check: false,
    noAddons: false,
    detectModule: false,
    noDetectModule: false,
  };
  const process = internalRequire('internal/process/object');
  const env = process.process.env;
  const nodeOptions = env !== null && typeof env === 'object' && typeof env.NODE_OPTIONS === 'string' ? env.NODE_OPTIONS : '';
  read(splitNodeOptions(nodeOptions), options);
  read(process.startExecArgv(), options);
  return options;
}

exports.get = get;
exports.splitNodeOptions = splitNodeOptions;

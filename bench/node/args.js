'use strict';
// Tiny flag parser shared by the harnesses: `mode --name value ...`.
// The C++ benchmarks are the only callers, so a bad flag is a bug: throw.

function parseArgs(argv, defaults) {
  const options = { ...defaults, mode: argv[0] };
  for (let i = 1; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(name in defaults) || i + 1 >= argv.length) throw new Error(`bad flag ${argv[i]}`);
    options[name] = typeof defaults[name] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return options;
}

module.exports = { parseArgs };

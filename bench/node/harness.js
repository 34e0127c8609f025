'use strict';
// What the Node harnesses share: a tiny flag parser (`mode --name value ...`)
// and the runner that prints one mode's result as a JSON line. The C++
// benchmarks are the only callers, so a bad flag is a bug: throw.

function parseArgs(argv, defaults) {
  const options = { ...defaults, mode: argv[0] };
  for (let i = 1; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (!(name in defaults) || i + 1 >= argv.length) throw new Error(`bad flag ${argv[i]}`);
    options[name] = typeof defaults[name] === 'number' ? Number(argv[i + 1]) : argv[i + 1];
  }
  return options;
}

// Parses the flags, runs modes[mode] and prints its result as JSON. A
// promise nobody settles would let the loop run dry and exit with code 0 and
// no output: that is made an error the benchmark sees.
function runHarness(name, defaults, modes) {
  let done = false;
  process.on('beforeExit', () => {
    if (!done) {
      console.error(`${name}: the measurement never finished`);
      process.exitCode = 1;
    }
  });
  const main = async () => {
    const options = parseArgs(process.argv.slice(2), defaults);
    if (!modes[options.mode]) throw new Error(`unknown mode ${options.mode}`);
    const result = await modes[options.mode](options);
    process.stdout.write(JSON.stringify(result) + '\n');
  };
  main().then(() => { done = true; }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

module.exports = { parseArgs, runHarness };

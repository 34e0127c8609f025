// util.parseArgs: tokens with their indexes, short clusters, values that
// look like options, multiple, defaults, non-strict mode and every error.
const { parseArgs } = require('node:util');
const options = {
  verbose: { type: 'boolean', short: 'v' },
  name: { type: 'string', short: 'n' },
  tag: { type: 'string', short: 't', multiple: true, default: ['x'] },
  force: { type: 'boolean', short: 'f', default: false },
};
const show = (config) => {
  try {
    const result = parseArgs(config);
    console.log(JSON.stringify(result), Object.getPrototypeOf(result.values));
  } catch (e) {
    console.log(e.name, e.code, JSON.stringify(e.message));
  }
};
show({ args: ['-vf', '-nbob', 'x', '-vn', 'q', '--', 'y', '-v'], options, tokens: true, allowPositionals: true });
show({ args: ['-tone', '--tag', 'two', '--tag=three', '-vt', 'four'], options });
show({ args: ['--name='], options, tokens: true });
show({ args: ['-', 'a'], options, allowPositionals: true });
show({ args: ['--a', '--b=2', '-c', 'x', '-de', '--__proto__', '1'], strict: false, tokens: true });
show({ args: [], options, strict: false });
for (const args of [['--zz'], ['-z'], ['pos'], ['--name'], ['-n'], ['--verbose=1'], ['-vn'], ['--name', '-x'], ['-n', '-x'], ['--name', '--']]) {
  show({ args, options });
}
show({ args: ['--zz'], options, allowPositionals: true });
for (const bad of [{ x: { type: 'num' } }, { x: { type: 'string', short: 'xy' } }, { x: 1 }, { x: { type: 'string', default: 1 } },
  { x: { type: 'string', multiple: true, default: 'a' } }, { x: { type: 'boolean', multiple: true, default: [true, 1] } }, { x: {} },
  { x: { type: 'string', multiple: 'yes' } }]) {
  show({ args: [], options: bad });
}
show({ args: 'x' });
show({ args: [], strict: 1 });
show({ args: [], tokens: 'yes' });
show({ args: [], options: null });

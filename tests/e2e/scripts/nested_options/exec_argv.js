// What a nested worker's execArgv and env.NODE_OPTIONS may hold: the Node
// options a worker honours; V8 options, options of the whole process and
// unknown ones are refused as Node refuses them.
const { Worker } = require('node:worker_threads');

for (const execArgv of [['--expose-gc'], ['--title=x'], ['--foo'], ['--require', './x.js', '--bar']]) {
  try {
    new Worker('', { eval: true, execArgv });
    console.log('accepted', execArgv.join(' '));
  } catch (err) {
    console.log(err.code, err.message);
  }
}
try {
  new Worker('', { eval: true, env: { NODE_OPTIONS: '--title=t --nonexistent' } });
} catch (err) {
  console.log(err.code, err.message);
}
try {
  new Worker('', { eval: true, env: 42 });
} catch (err) {
  console.log(err.code, err.message);
}
const w = new Worker('require("node:worker_threads").parentPort.postMessage(process.execArgv)',
                     { eval: true, execArgv: ['--trace-warnings', '--input-type', 'commonjs'] });
w.on('message', (m) => console.log('execArgv', JSON.stringify(m)));

// Nested workers that fail: a throw, a missing file, a bad path, terminate().
const path = require('node:path');
const { Worker } = require('node:worker_threads');
try { new Worker('child.js'); } catch (e) { console.log(e.code); }
const thrower = new Worker("throw new RangeError('boom')", { eval: true });
thrower.on('error', (e) => console.log('error:', e.name, e.message));
thrower.on('exit', (code) => {
  console.log('thrower exit:', code);
  const missing = new Worker(path.join(__dirname, 'no-such-file.js'));
  missing.on('error', (e) => console.log('missing:', e.code));
  missing.on('exit', (code) => {
    console.log('missing exit:', code);
    const forever = new Worker(path.join(__dirname, 'child.js'), { workerData: 'forever' });
    forever.once('message', async () => console.log('terminated with', await forever.terminate()));
  });
});

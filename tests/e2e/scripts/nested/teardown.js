// A parent that exits while its nested worker runs forever takes it along:
// it prints the nested worker's pid, then exits.
const path = require('node:path');
const { Worker } = require('node:worker_threads');
const child = new Worker(path.join(__dirname, 'child.js'), { workerData: 'forever' });
child.once('message', (m) => {
  console.log(`nested pid ${m.pid}`);
  process.exit(0);
});

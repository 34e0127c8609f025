// setEnvironmentData(): a nested worker starts with a clone of its parent's
// data, passes it on to its own nested workers, and what either side sets
// later stays its own.
const { Worker, getEnvironmentData, setEnvironmentData, workerData } = require('node:worker_threads');

if (workerData === undefined) {
  setEnvironmentData('greeting', { text: 'hello' });
  setEnvironmentData('gone', 1);
  setEnvironmentData('gone');
  const w = new Worker(__filename, { workerData: 1 });
  setEnvironmentData('later', true);
  w.on('exit', () => console.log('parent', getEnvironmentData('child')));
} else {
  console.log('level', workerData, JSON.stringify(getEnvironmentData('greeting')),
              getEnvironmentData('gone'), getEnvironmentData('later'));
  setEnvironmentData('child', workerData);
  if (workerData < 2) new Worker(__filename, { workerData: workerData + 1 });
}

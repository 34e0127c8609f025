// A port in the environment data that the transfer list also carries goes
// with the spawn, as in Node (one message there): the nested worker sees the
// same port in both.
const { Worker, MessageChannel, setEnvironmentData } = require('node:worker_threads');
const { port1, port2 } = new MessageChannel();
setEnvironmentData('port', port2);
const source = `
  const { getEnvironmentData, workerData } = require('node:worker_threads');
  const port = getEnvironmentData('port');
  port.postMessage('the same port in both: ' + (port === workerData.p));
  port.close();
`;
new Worker(source, { eval: true, workerData: { p: port2 }, transferList: [port2] });
setEnvironmentData('port', undefined);
port1.on('message', (m) => console.log(m));
port1.on('close', () => console.log('closed'));

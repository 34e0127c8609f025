// The grandchild of main.js: the port came through two workerData.
const { MessagePort, workerData } = require('node:worker_threads');
workerData.port.postMessage(`grandchild has a port: ${workerData.port instanceof MessagePort}`);
workerData.port.close();

// parentPort and workerData from an ES entry point (run with --echo).
import { parentPort, workerData } from 'node:worker_threads';

parentPort.once('message', (message) => console.log('echoed:', JSON.stringify(message)));
parentPort.postMessage({ from: 'esm', workerData });

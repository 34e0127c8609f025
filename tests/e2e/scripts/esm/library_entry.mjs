// An ES entry point started through the Supervisor library.
import { parentPort } from 'node:worker_threads';
import { greet } from './lib/greet.mjs';

await null;
console.log(greet('the library'));
parentPort.postMessage(greet('a message'));

// An ES entry point: static imports of every kind, import.meta, top-level
// await, worker_threads.
import { greet, counter, bump } from './lib/greet.mjs';
import * as greetNs from './lib/greet.mjs';
import path, { basename } from 'node:path';
import { EventEmitter } from 'events';
import plain, { alpha, beta } from './lib/plain.cjs';
import data from './lib/data.json' assert { type: 'json' };
import { workerData, isMainThread } from 'node:worker_threads';

console.log(greet('esm'));
bump();
console.log('live binding:', counter, greetNs.counter);
console.log('import.meta.url:', import.meta.url === `file://${import.meta.filename}`, basename(import.meta.filename),
            path.basename(import.meta.dirname));
console.log('import.meta.resolve:', import.meta.resolve('./lib/plain.cjs').endsWith('/esm/lib/plain.cjs'),
            import.meta.resolve('fs'));
console.log('builtins:', typeof path.join, typeof EventEmitter, path.join === (await import('path')).join);
console.log('commonjs:', plain.alpha === alpha, alpha, beta, Object.keys(await import('./lib/plain.cjs')).join(','));
console.log('json:', data.name, data.list.length);
console.log('scope:', this, typeof require, typeof module, typeof __filename);
const again = await import('./lib/greet.mjs');
console.log('import() gives the same namespace:', again === greetNs);
const late = await new Promise((resolve) => setTimeout(() => resolve('after await'), 20));
console.log('top-level await:', late, isMainThread, workerData === undefined ? 'no data' : JSON.stringify(workerData));

import { createRequire } from 'node:module';
import data from './data.json' with { type: 'json' };
const require = createRequire(import.meta.url);
console.log('same object:', require('./data.json') === data);

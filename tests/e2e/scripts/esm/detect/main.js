import { sep } from 'node:path';
console.log('detected as ESM:', sep, typeof require);

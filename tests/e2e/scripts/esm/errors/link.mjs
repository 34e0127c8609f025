import { missing } from './ok.mjs';
console.log(missing);

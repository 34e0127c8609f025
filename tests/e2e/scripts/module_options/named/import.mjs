import { comeOn as renamed } from './fail.cjs';
console.log(renamed);

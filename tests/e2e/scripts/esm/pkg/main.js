import { helper } from '#helper';
import legacy from './legacy.cjs';
console.log('type module:', helper, legacy);

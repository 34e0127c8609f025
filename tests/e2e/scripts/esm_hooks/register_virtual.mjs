// module.register() with data, then modules that only the hooks know.
import { register } from 'node:module';
import { count } from './shared.mjs';

register('./virtual_hooks.mjs', import.meta.url, { data: { prefix: 'hooked' } });
const { default: value } = await import('virtual:entry');
console.log(`value: ${value}`);
console.log(`shared module of the application: ${count()}`);

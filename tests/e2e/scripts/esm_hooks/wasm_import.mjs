// A module of format 'wasm' from a load hook: its imports are ES imports.
import { register } from 'node:module';

register('./wasm_hooks.mjs', import.meta.url);
const ns = await import('wasm:quad');
console.log(`exports: ${Object.keys(ns)} quad(5): ${ns.quad(5)}`);

// Hooks that serve modules of a `virtual:` scheme, and log each call.
import { writeSync } from 'node:fs';
import { count } from './shared.mjs';

let prefix = '?';
count();

export function initialize(data) {
  prefix = data.prefix;
  writeSync(1, `initialize: ${JSON.stringify(data)} this=${this}\n`);
}

const sources = {
  'virtual:entry': 'import data from "virtual:data" with { type: "json" }; import cjs from "virtual:cjs";' +
                   'import { sep } from "virtual:path"; export default `${data.n} ${cjs} ${sep}`;',
  'virtual:data': '{"n": 42}',
  'virtual:cjs': 'module.exports = "cjs from a source"; exports.unused = 1;',
};
const formats = { 'virtual:entry': 'module', 'virtual:data': 'json', 'virtual:cjs': 'commonjs' };

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'virtual:path') return nextResolve('node:path', context);
  if (specifier.startsWith('virtual:')) {
    writeSync(1, `${prefix} resolve ${specifier} from ${context.parentURL.startsWith('virtual:') ? context.parentURL : 'a file'}\n`);
    return { url: specifier, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url in sources) {
    writeSync(1, `${prefix} load ${url} ${JSON.stringify(context.importAttributes)}\n`);
    return { format: formats[url], source: sources[url], shortCircuit: true };
  }
  return nextLoad(url, context);
}

// Logs each resolve and load, tagged by the name in its URL's query.
import { writeSync } from 'node:fs';

const name = new URL(import.meta.url).searchParams.get('name');

export async function resolve(specifier, context, nextResolve) {
  if (specifier.includes('log_hooks') || specifier.startsWith('node:')) return nextResolve(specifier, context);
  writeSync(1, `${name} resolve ${specifier.replace(/^.*\//, '')}\n`);
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.includes('log_hooks') || url.startsWith('node:')) return nextLoad(url, context);
  const result = await nextLoad(url, context);
  writeSync(1, `${name} load ${url.replace(/^.*\//, '')} as ${result.format}\n`);
  return result;
}

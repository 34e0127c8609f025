// What each rule-breaking hook of bad_hooks.mjs gives import().
import { register } from 'node:module';

register('./bad_hooks.mjs', import.meta.url);
for (const name of ['incomplete', 'null', 'url', 'format', 'next-specifier', 'unknown-format', 'source',
                    'no-format', 'scheme', 'typed-array']) {
  try {
    const ns = await import(`bad:${name}`);
    console.log(`${name}: ok ${ns.default}`);
  } catch (err) {
    console.log(`${name}: ${err.code} ${err.message.replace(/file:\/\/\S*\//g, '')}`);
  }
}

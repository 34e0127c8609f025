'use strict'; const prüfe = require('assert'); const 𝒜ß = prüfe; const ñ = 0; for (const f of [() => prüfe.ok(''), () => 𝒜ß.ok(ñ), () => prüfe(null), () => 𝒜ß(ñ === 1)]) try { f(); } catch (e) { console.log(JSON.stringify(e.message)); }
// The message of a failed assert.ok() quotes the call from its source: here on
// the first line, with names of more than ASCII (one beyond the BMP, two
// UTF-16 units long), which the columns V8 gives count in UTF-16 units.

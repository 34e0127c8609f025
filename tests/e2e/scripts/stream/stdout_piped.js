// Pipes a stream into process.stdout, which makes stdout a stream.Writable.
require('stream').Readable.from(['piped\n']).pipe(process.stdout);

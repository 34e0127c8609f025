// Prints through process.stdout, a stream.Writable.
process.stdout.write('through stdout\n');

'use strict';
// process.stdout / process.stderr / process.stdin: a stream.Writable and a
// stream.Readable backed by the channel to the host (internal/stdio_streams),
// or for stdin the worker's fd 0 when the host handed it over.
// Built on first access only (see bootstrap's lazy accessors), which is also
// when the stream module is first compiled. They are never terminals and, as
// a Node worker's, have no `isTTY` at all. console does not come through
// here while the script leaves them alone: it writes to the channel directly
// (bootstrap's writeStdio), and through them once the script replaced them
// or their write().

let classes = null;
const load = () => classes ?? (classes = internalRequire('internal/stdio_streams'));

// `setDrainRef(true)` keeps the worker alive while a write waits for 'drain'.
exports.createStdout = (setDrainRef) => new (load().WriteStream)(1, setDrainRef);
exports.createStderr = (setDrainRef) => new (load().WriteStream)(2, setDrainRef);
// When the host handed over its stdin as our fd 0, process.stdin reads that
// descriptor as Node's does (internal/streams/pipe_stream); else what the
// host sends over the channel.
exports.createStdin = (setRef) => {
  if (binding.getStartInfo()[internalRequire('internal/bootstrap/start_info').kStdinIsFd]) {
    binding.countStdioObject();
    return internalRequire('internal/streams/pipe_stream').createStdin();
  }
  return load().createReadStream(setRef);
};
// The host took what was written: nothing to do before the first stream.
exports.onDrain = () => {
  if (classes !== null) classes.onDrain();
};

'use strict';
// stream.duplexPair(): two Duplex streams joined crosswise, what one side
// writes the other reads (Node 20 has it; readable-stream does not). A
// write's callback waits while the other side's buffer is full, until it
// asks for more (its _read).

const { Duplex } = internalRequire('internal/deps/readable_stream/stream');

const kOther = Symbol('kOther');
const kWaitingWrite = Symbol('kWaitingWrite');

class DuplexSide extends Duplex {
  constructor(options) {
    super(options);
    this[kOther] = null;
    this[kWaitingWrite] = null;
  }

  _read() {
    const callback = this[kWaitingWrite];
    if (callback !== null) {
      this[kWaitingWrite] = null;
      callback();
    }
  }

  _write(chunk, encoding, callback) {
    const other = this[kOther];
    if (chunk.length === 0 || other.push(chunk)) callback();
    else other[kWaitingWrite] = callback;
  }

  _final(callback) {
    this[kOther].push(null);
    callback();
  }
}

function duplexPair(options) {
  const first = new DuplexSide(options);
  const second = new DuplexSide(options);
  first[kOther] = second;
  second[kOther] = first;
  return [first, second];
}

module.exports = duplexPair;

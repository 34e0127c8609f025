'use strict';
// tty: a worker's stdio goes over its channel to the host, so no descriptor
// a script can name is a terminal from where it stands.

const { codes } = internalRequire('internal/errors');

function isatty(fd) {
  return Number.isInteger(fd) && fd >= 0 && fd <= 2147483647 && false;
}

class ReadStream {
  constructor() {
    throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('tty.ReadStream');
  }
}

class WriteStream {
  constructor() {
    throw new codes.ERR_NOT_AVAILABLE_IN_WORKER('tty.WriteStream');
  }
}

module.exports = { isatty, ReadStream, WriteStream };

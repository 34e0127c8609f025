'use strict';
// Node's old name for one stream class.

module.exports = internalRequire('internal/deps/readable_stream/_stream_passthrough');

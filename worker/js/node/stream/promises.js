'use strict';
// stream/promises: pipeline and finished that return promises.

module.exports = internalRequire('internal/deps/readable_stream/stream/promises');

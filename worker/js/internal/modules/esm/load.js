'use strict';
// The default `load` step of module customization hooks, the last link of
// the chain that a hook reaches through nextLoad(): the source of a file: or
// data: URL (as a Buffer) and its format, unless the context already names
// one. A CommonJS module gets no source: the CommonJS loader reads its file,
// as Node's does. A builtin has neither.

const loader = internalRequire('internal/modules/esm/loader');
const { codes } = internalRequire('internal/errors');

function defaultLoad(url, context = {}) {
  const internals = loader.internals;
  const attributes = context.importAttributes || { __proto__: null };
  let format = context.format;
  if (/^node:/.test(url)) {
    return { __proto__: null, format: format == null ? 'builtin' : format, responseURL: url, source: null };
  }
  const isData = /^data:/i.test(url);
  if (!isData && !/^file:/i.test(url)) {
    const protocol = url.slice(0, url.indexOf(':') + 1);
    throw new codes.ERR_UNSUPPORTED_ESM_URL_SCHEME({ protocol }, ['file', 'data', 'and node']);
  }
  const filename = isData ? undefined : internals.fileUrlToPath(url);
  let text;
  const read = () => {
    if (text === undefined) text = isData ? internals.dataUrlText(url) : internalRequire('internal/modules/cjs/loader').readSource(filename);
    return text;
  };
  if (format == null) format = internals.formatOf(url, filename, read);
  internals.checkAttributes(url, format, attributes);
  const source = format === 'commonjs' ? null : internalRequire('node/buffer').Buffer.from(read(), 'utf8');
  return { __proto__: null, format, responseURL: url, source };
}

exports.defaultLoad = defaultLoad;

'use strict';
// The format of a module an import loads: 'module', 'commonjs', 'json' or
// 'builtin', as Node decides it from the URL, the extension, the package's
// "type" and (for a .js or extensionless file of a package without one)
// the syntax.

const path = internalRequire('internal/path/posix');
const packageJson = internalRequire('internal/modules/package_json');
const { codes } = internalRequire('internal/errors');

// The extension of a URL's last path segment ('' for none, and for a name
// that only starts with a dot), as path.extname() says of its file path.
function extname(url) {
  const pathname = typeof url === 'string' ? new (internalRequire('internal/url').URL)(url).pathname : url.pathname;
  for (let i = pathname.length - 1; i > 0; i--) {
    const code = pathname.charCodeAt(i);
    if (code === 0x2f /* / */) return '';
    if (code === 0x2e /* . */) return pathname.charCodeAt(i - 1) === 0x2f ? '' : pathname.slice(i);
  }
  return '';
}

function looksLikeModule(source, filename) {
  return internalRequire('internal/modules/cjs/loader').containsModuleSyntax(source, filename);
}

// 'module', 'commonjs', 'json' or 'builtin', as Node decides it from the
// extension, the package's "type" and (for a .js file of a package without
// one) the syntax.
function formatOf(url, filename, source) {
  if (url.startsWith('node:')) return 'builtin';
  if (url.startsWith('data:')) {
    const mime = /^data:([^,;]*)/i.exec(url)[1].toLowerCase();
    if (mime === 'text/javascript') return 'module';
    if (mime === 'application/json') return 'json';
    throw new codes.ERR_UNKNOWN_MODULE_FORMAT(mime, url);
  }
  const extension = path.extname(filename);
  if (extension === '.mjs') return 'module';
  if (extension === '.cjs') return 'commonjs';
  if (extension === '.json') return 'json';
  if (extension === '.js' || extension === '') {
    const scope = packageJson.findScope(filename);
    const type = scope === undefined ? 'none' : scope.type;
    if (type === 'module') return 'module';
    if (type === 'commonjs') return 'commonjs';
    return looksLikeModule(source(), filename) ? 'module' : 'commonjs';
  }
  throw new codes.ERR_UNKNOWN_FILE_EXTENSION(extension, filename);
}

exports.extname = extname;
exports.formatOf = formatOf;

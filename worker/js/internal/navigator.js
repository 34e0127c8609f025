'use strict';
// `navigator`, as Node (from version 21) defines it: hardwareConcurrency (the
// CPUs this process may run on), language (ICU's default locale), platform
// and userAgent. Isohost implements Node 20's API, so the user agent is
// "Node.js/20".


const kCreate = Symbol('kCreate');
const kUserAgent = 'Node.js/20';

// What browsers report for this platform and architecture.
function navigatorPlatform(platform, arch) {
  if (platform === 'darwin') return 'MacIntel';
  if (platform === 'win32') return 'Win32';
  if (platform === 'linux') {
    if (arch === 'ia32') return 'Linux i686';
    if (arch === 'x64') return 'Linux x86_64';
    return `Linux ${arch}`;
  }
  if (platform === 'freebsd') return arch === 'ia32' ? 'FreeBSD i386' : `FreeBSD ${arch === 'x64' ? 'amd64' : arch}`;
  if (platform === 'openbsd') return arch === 'ia32' ? 'OpenBSD i386' : `OpenBSD ${arch === 'x64' ? 'amd64' : arch}`;
  return `${platform[0].toUpperCase()}${platform.slice(1)} ${arch}`;
}

function defaultLanguage() {
  try {
    return new Intl.Collator().resolvedOptions().locale || 'en-US';
  } catch {
    return 'en-US';
  }
}

class Navigator {
  #hardwareConcurrency;
  #language;

  constructor() {
    if (arguments[0] !== kCreate) throw new (internalRequire('internal/errors').codes.ERR_ILLEGAL_CONSTRUCTOR)();
  }

  get hardwareConcurrency() {
    this.#hardwareConcurrency ??= binding.internalBinding('navigator').availableParallelism();
    return this.#hardwareConcurrency;
  }

  get language() {
    this.#language ??= defaultLanguage();
    return this.#language;
  }

  get languages() {
    return [this.language];
  }

  get platform() {
    const { platform = 'linux', arch = 'x64' } = globalThis.process ?? {};
    return navigatorPlatform(platform, arch);
  }

  get userAgent() {
    return kUserAgent;
  }
}

for (const key of ['hardwareConcurrency', 'language', 'languages', 'platform', 'userAgent']) {
  Object.defineProperty(Navigator.prototype, key, { __proto__: null, enumerable: true });
}
Object.defineProperty(Navigator.prototype, Symbol.toStringTag, {
  __proto__: null,
  value: 'Navigator', writable: false, enumerable: false, configurable: true,
});

module.exports = { Navigator, navigator: new Navigator(kCreate) };

// What a package that checks the platform or the Node version sees.
console.log(JSON.stringify({
  version: process.version,
  versions: process.versions,
  release: process.release,
  arch: process.arch,
  platform: process.platform,
  config: process.config.variables,
}));

// navigator (Node 21's API; Node 20 has none): printed for the test to check
// against the machine it runs on.
console.log(JSON.stringify({
  hardwareConcurrency: navigator.hardwareConcurrency,
  userAgent: navigator.userAgent,
  platform: navigator.platform,
  language: navigator.language,
  languages: navigator.languages,
  tag: Object.prototype.toString.call(navigator),
  isNavigator: navigator instanceof Navigator,
  keys: Object.keys(Object.getPrototypeOf(navigator)),
}));
try {
  new Navigator();
} catch (err) {
  console.log(err.name, err.code, err.message);
}

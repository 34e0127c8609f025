// Hooks that listen on the port register() gave them, and answer on it.
let port;
export function initialize(data) {
  port = data.port;
  port.on('message', (text) => port.postMessage(`hooks heard ${text}`));
}
export async function resolve(specifier, context, next) {
  return next(specifier, context);
}

// AsyncResource keeps the store of where it was made; bind() and the
// static binds of both classes run a function in that store; snapshot()
// keeps the whole context; createHook() sees AsyncResource's events.
const { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId, executionAsyncResource } = require('async_hooks');

const als = new AsyncLocalStorage();
const events = [];
// Only the events of the Probe resources: Node also reports its own.
const probes = new Set();
const hook = createHook({
  init(id, type, trigger, resource) {
    if (type !== 'Probe') return;
    probes.add(id);
    events.push(`init ${type} ${resource instanceof AsyncResource}`);
  },
  before(id) { if (probes.has(id)) events.push('before'); },
  after(id) { if (probes.has(id)) events.push('after'); },
  destroy(id) { if (probes.has(id)) events.push('destroy'); },
}).enable();

const resource = als.run('made', () => new AsyncResource('Probe'));
const boundFn = als.run('bound', () => AsyncResource.bind(function named(x) { return `${als.getStore()} ${x}`; }));
const staticBound = als.run('static', () => AsyncLocalStorage.bind(() => als.getStore()));
const snapshot = als.run('snap', () => AsyncLocalStorage.snapshot());

als.run('outer', () => {
  console.log('runInAsyncScope:', resource.runInAsyncScope((a, b) => `${als.getStore()} ${a} ${b}`, null, 1, 2));
  console.log('this in runInAsyncScope:', resource.runInAsyncScope(function() { return this.tag; }, { tag: 'T' }));
  console.log('executionAsyncResource is the resource:', resource.runInAsyncScope(() => executionAsyncResource() === resource));
  console.log('asyncId inside:', resource.runInAsyncScope(() => executionAsyncId() === resource.asyncId()));
  console.log('asyncId outside differs:', executionAsyncId() !== resource.asyncId());
  console.log('AsyncResource.bind:', boundFn(3), boundFn.name !== undefined, typeof boundFn.asyncResource);
  const method = resource.bind(function(a, b) { return `${als.getStore()} ${this} ${a + b}`; });
  console.log('bind length:', method.length);
  console.log('bind this:', method.call('self', 1, 2));
  console.log('bind with thisArg:', resource.bind(function() { return this; }, 'fixed').call('other'));
  console.log('AsyncLocalStorage.bind:', staticBound());
  console.log('snapshot:', snapshot(() => als.getStore()), snapshot((x) => x * 2, 21));
  console.log('still outer:', als.getStore());
});
const second = new AsyncResource('Probe');
console.log('emitDestroy returns the resource:', second.emitDestroy() === second);
console.log('ids are integers:', Number.isInteger(resource.asyncId()), Number.isInteger(resource.triggerAsyncId()));
// After the destroy hooks, which run from an immediate queued before this.
setImmediate(() => {
  hook.disable();
  resource.runInAsyncScope(() => {});
  console.log('events:', events.join(', '));
});

for (const bad of [() => new AsyncResource(), () => new AsyncResource('x', { triggerAsyncId: -2 }),
  () => resource.bind(1), () => AsyncLocalStorage.bind('no'), () => createHook({ init: 1 })]) {
  try {
    bad();
    console.log('no error');
  } catch (err) {
    console.log(err.name, err.code, err.message);
  }
}

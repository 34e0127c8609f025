'use strict';
// Domains across continuations, as in Node 20: what is scheduled while a
// domain is active (ticks, timers, intervals, immediates, promise reactions,
// fs callbacks, nested ones) runs in it, and what it throws is the domain's
// 'error', emitted outside the domain, with every domain left afterwards.
// The steps run one after another, so their output keeps one order.
const domain = require('domain');
const fs = require('fs');

const steps = [];
function step(title, fn) {
  steps.push([title, fn]);
}
function next() {
  const entry = steps.shift();
  if (entry === undefined) return;
  console.log(`-- ${entry[0]}`);
  entry[1]();
}
const state = () => `active=${process.domain && process.domain.name} stack=${domain._stack.map((d) => d.name).join(',')}`;

function named(name) {
  const d = domain.create();
  d.name = name;
  return d;
}

// A domain whose 'error' listener reports and moves on to the next step.
function catching(name) {
  const d = named(name);
  d.on('error', (err) => {
    console.log(`${name} caught`, typeof err === 'object' && err !== null ? err.message : String(err),
      'thrown', err && err.domainThrown, 'own', err && err.domain === d, '|', state());
    setImmediate(next);
  });
  return d;
}

process.on('uncaughtException', (err, origin) => {
  console.log('process uncaughtException', err.message, origin, '|', state());
  setImmediate(next);
});

step('tick', () => catching('t').run(() => process.nextTick(() => {
  console.log('in tick', state());
  throw new Error('from a tick');
})));

step('timer', () => catching('t').run(() => setTimeout(() => {
  console.log('in timer', state());
  throw new Error('from a timer');
}, 1)));

step('interval', () => catching('i').run(() => {
  const interval = setInterval(() => {
    clearInterval(interval);
    throw new Error('from an interval');
  }, 1);
}));

step('immediate', () => catching('m').run(() => setImmediate(() => {
  throw new Error('from an immediate');
})));

step('chain of continuations', () => catching('c').run(() => process.nextTick(() => {
  setTimeout(() => {
    setImmediate(() => {
      Promise.resolve().then(() => {
        fs.stat(__filename, () => {
          console.log('in fs callback', state());
          throw new Error('after five hops');
        });
      });
    });
  }, 1);
})));

step('promise reactions', () => {
  const made = named('made');
  const handled = named('handled');
  let promise;
  made.run(() => { promise = Promise.resolve(1); });
  handled.run(() => promise.then(() => console.log('reaction runs in', state())));
  made.run(() => Promise.reject(new Error('caught')).catch(() => console.log('catch runs in', state())));
  setTimeout(next, 5);
});

step('unhandled rejection', () => catching('r').run(() => {
  Promise.reject(new Error('nobody handles it'));
}));

step('thrown directly in run', () => setTimeout(() => catching('direct').run(() => {
  throw new Error('thrown in run');
}), 1));

step('inner domain without a listener', () => {
  const outer = catching('outer');
  const inner = named('inner');
  setTimeout(() => outer.run(() => inner.run(() => { throw new Error('inner has none'); })), 1);
});

step('listener that throws', () => {
  const outer = catching('outer');
  const inner = named('inner');
  inner.on('error', () => { throw new Error('thrown by the listener'); });
  setTimeout(() => outer.run(() => inner.run(() => { throw new Error('first'); })), 1);
});

step('domain without a listener, none below', () => {
  setTimeout(() => named('quiet').run(() => { throw new Error('goes to the process'); }), 1);
});

step('a bound callback', () => setTimeout(catching('b').bind(() => { throw new Error('from a bound callback'); }), 1));

step('what the listener schedules', () => {
  const d = named('s');
  d.on('error', () => {
    process.nextTick(() => console.log('tick from the listener', state()));
    setTimeout(next, 5);
  });
  d.run(() => setTimeout(() => { throw new Error('x'); }, 1));
});

step('the rest of the queue after a throw', () => {
  const d = named('q');
  const order = [];
  d.on('error', (err) => order.push(`error ${err.message}`));
  setImmediate(() => order.push('before'));
  d.run(() => setImmediate(() => {
    process.nextTick(() => order.push('tick of the thrower'));
    throw new Error('thrower');
  }));
  setImmediate(() => order.push(`after, ${state()}`));
  setImmediate(() => order.push('last'));
  setTimeout(() => {
    console.log(order.join(' | '));
    next();
  }, 5);
});

step('timers after a throw in a domain', () => {
  setTimeout(() => {
    const d = named('first');
    d.on('error', () => console.log('first timer error', state()));
    d.run(() => { throw new Error('in the first timer'); });
  }, 2);
  setTimeout(() => {
    console.log('second timer', state());
    next();
  }, 2);
});

step('emitter made in a domain, emitting later', () => {
  const d = catching('e');
  const { EventEmitter } = require('events');
  let emitter;
  d.run(() => { emitter = new EventEmitter(); });
  setTimeout(() => emitter.emit('error', new Error('emitted later')), 1);
});

next();
process.on('exit', () => console.log('exit', state()));

// The order in which hooks run around tests and suites, printed once at the end.
'use strict';
const { test, describe, it, before, after, beforeEach, afterEach } = require('node:test');
const order = [];
const note = (what) => () => { order.push(what); };
before(note('root before'));
beforeEach(note('root beforeEach'));
afterEach(note('root afterEach'));
after(() => { order.push('root after'); console.log(`order: ${order.join(', ')}`); });
test('first', (t) => {
  order.push('first');
  t.after(note('first after'));
});
describe('S', () => {
  before(note('S before'));
  after(note('S after'));
  beforeEach(note('S beforeEach'));
  afterEach(note('S afterEach'));
  it('a', note('a'));
  describe('N', () => {
    beforeEach(note('N beforeEach'));
    it('b', note('b'));
  });
});

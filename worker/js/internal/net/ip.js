'use strict';
// net.isIP, isIPv4 and isIPv6: whether a string is an IP literal as Node's
// (inet_pton's) rules have it; an IPv6 literal may carry a zone ('%eth0').

const kByte = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const kIPv4 = new RegExp(`^${kByte}(?:\\.${kByte}){3}$`);
const kGroup = /^[0-9a-fA-F]{1,4}$/;

// Any input is taken as its string, as Node's regular expressions take it.
function isIPv4(input) {
  return kIPv4.test(`${input}`);
}

function isIPv6(input) {
  let text = `${input}`;
  const zone = text.indexOf('%');
  if (zone !== -1) {
    if (!/^[0-9a-zA-Z\-.:]+$/.test(text.slice(zone + 1))) return false;
    text = text.slice(0, zone);
  }
  // An IPv4 tail stands for two groups.
  const lastColon = text.lastIndexOf(':');
  if (lastColon !== -1 && text.includes('.', lastColon)) {
    if (!isIPv4(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const parts = (half) => (half === '' ? [] : half.split(':'));
  const head = parts(halves[0]);
  const tail = halves.length === 2 ? parts(halves[1]) : [];
  if (!head.every((g) => kGroup.test(g)) || !tail.every((g) => kGroup.test(g))) return false;
  const count = head.length + tail.length;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function isIP(input) {
  if (isIPv4(input)) return 4;
  if (isIPv6(input)) return 6;
  return 0;
}

module.exports = { isIP, isIPv4, isIPv6 };

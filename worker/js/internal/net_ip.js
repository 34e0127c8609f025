'use strict';
// IP address syntax, as net.isIP() and the argument checks of dns and net
// judge it: a dotted quad of decimal bytes (no leading zeros), or IPv6 text
// (eight groups of up to four hex digits, one '::' for a run of zero groups,
// the last two groups possibly as a dotted quad, an optional '%zone').

function isIPv4(text) {
  if (typeof text !== 'string') return false;
  const parts = text.split('.');
  if (parts.length !== 4) return false;
  for (const part of parts) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return false;
  }
  return true;
}

function isIPv6(text) {
  if (typeof text !== 'string') return false;
  let address = text;
  const percent = address.indexOf('%');
  if (percent !== -1) {
    if (!/^[0-9a-zA-Z.:-]+$/.test(address.slice(percent + 1))) return false;
    address = address.slice(0, percent);
  }
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half) => (half === '' ? [] : half.split(':'));
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  const all = head.concat(tail);
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const group = all[i];
    if (i === all.length - 1 && group.includes('.')) {
      if (!isIPv4(group)) return false;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) {
      count += 1;
    } else {
      return false;
    }
  }
  // '::' stands for at least one zero group.
  return halves.length === 2 ? count <= 7 : count === 8;
}

// 4, 6 or 0.
function isIP(text) {
  if (isIPv4(text)) return 4;
  if (isIPv6(text)) return 6;
  return 0;
}

module.exports = { isIP, isIPv4, isIPv6 };

// Hooks that break the rules, one per specifier.
export async function resolve(specifier, context, nextResolve) {
  switch (specifier) {
    case 'bad:incomplete': return { url: 'bad:incomplete' };
    case 'bad:null': return null;
    case 'bad:url': return { url: 'not a url', shortCircuit: true };
    case 'bad:format': return { url: 'bad:format', format: true, shortCircuit: true };
    case 'bad:next-specifier': return nextResolve(42);
    default:
      if (specifier.startsWith('bad:')) return { url: specifier, shortCircuit: true };
      return nextResolve(specifier, context);
  }
}

export async function load(url, context, nextLoad) {
  switch (url) {
    case 'bad:unknown-format': return { format: 'esm', source: '', shortCircuit: true };
    case 'bad:source': return { format: 'module', source: 42, shortCircuit: true };
    case 'bad:no-format': return { source: '', shortCircuit: true };
    case 'bad:scheme': return nextLoad(url, context);
    case 'bad:typed-array': return { format: 'module', source: new TextEncoder().encode('export default 7'), shortCircuit: true };
    default: return nextLoad(url, context);
  }
}

// Touches TextEncoder only: Buffer's JavaScript stays uncompiled.
new TextEncoder().encode('x');

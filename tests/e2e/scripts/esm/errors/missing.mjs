import './nope.mjs';

import './b.cjs';
export default 'a';

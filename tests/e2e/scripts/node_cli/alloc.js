// Keeps about 100 MB of small objects alive, then says so.
const kept = [];
for (let i = 0; i < 1.5e6; i++) kept.push({ i, text: `item ${i}` });
console.log(`kept ${kept.length}`);

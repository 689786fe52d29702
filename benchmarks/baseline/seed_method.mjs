// Baseline for benchmarks/bench_dice_poker.py: the straightforward method of seed 000, written
// for this project: per hand, list every sub-multiset keep and, per keep, every re-rolled outcome
// with its chance; then walk back re-roll by re-roll. Prints JSON {ms_per_table, optimal, rule, none}.
const SIDES = 6, DICE = 5, REROLLS = 2;

function countsOf(faces) { const c = new Array(SIDES).fill(0); for (const f of faces) c[f]++; return c; }
function multisets(m, face = 0) {
  if (face === SIDES - 1) return [[m]];
  const out = [];
  for (let c = m; c >= 0; c--) for (const rest of multisets(m - c, face + 1)) out.push([c, ...rest]);
  return out;
}
const fact = [1]; for (let i = 1; i <= DICE; i++) fact.push(fact[i - 1] * i);
function chance(c) { const m = c.reduce((a, b) => a + b, 0); return c.reduce((p, x) => p / fact[x], fact[m]) / SIDES ** m; }

function category(c) {
  const shape = c.filter((x) => x > 0).sort((a, b) => b - a);
  if (shape[0] === 5) return 0;
  if (shape[0] === 4) return 1;
  if (shape[0] === 3 && shape[1] === 2) return 2;
  const lo = c.findIndex((x) => x > 0), hi = SIDES - 1 - [...c].reverse().findIndex((x) => x > 0);
  if (shape.length === 5 && hi - lo === 4) return 3;
  if (shape[0] === 3) return 4;
  if (shape[0] === 2 && shape[1] === 2) return 5;
  if (shape[0] === 2) return 6;
  return 7;
}

function solveTable(table) {
  const hands = multisets(DICE);
  const key = (c) => c.join(",");
  const index = new Map(hands.map((h, i) => [key(h), i]));
  const rolls = []; for (let m = 0; m <= DICE; m++) rolls.push(multisets(m).map((r) => [r, chance(r)]));
  const keepsOf = hands.map((h) => {
    let subs = [[]];
    for (const c of h) subs = subs.flatMap((s) => Array.from({ length: c + 1 }, (_, x) => [...s, x]));
    return subs.map((k) => {
      const m = DICE - k.reduce((a, b) => a + b, 0);
      return [k, rolls[m].map(([r, p]) => [index.get(key(k.map((x, f) => x + r[f]))), p])];
    });
  });
  const pay = hands.map((h) => { const c = category(h); return c < 7 ? table[c] : 0; });
  const run = (pick) => {
    let v = pay;
    for (let l = 1; l <= REROLLS; l++) {
      v = hands.map((h, i) => pick(h, keepsOf[i].map(([k, next]) => [k, next.reduce((e, [j, p]) => e + p * v[j], 0)])));
    }
    return rolls[DICE].reduce((e, [h, p]) => e + p * v[index.get(key(h))], 0);
  };
  const best = (h, opts) => Math.max(...opts.map((o) => o[1]));
  const rule = (h, opts) => {
    const most = Math.max(...h); const top = h.lastIndexOf(most);
    return opts.find(([k]) => k.every((x, f) => x === (f === top ? most : 0)))[1];
  };
  return { optimal: run(best), rule: run(rule), none: rolls[DICE].reduce((e, [h, p]) => e + p * pay[index.get(key(h))], 0) };
}

const runs = Number(process.argv[2] || 10);
const table = [10, 6, 4, 3, 2, 1, 0.5];
let result = solveTable(table);
const t0 = performance.now();
for (let i = 0; i < runs; i++) result = solveTable(table);
const ms = (performance.now() - t0) / runs;
console.log(JSON.stringify({ ms_per_table: ms, ...result }));

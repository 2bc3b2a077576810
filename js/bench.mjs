// Times render() in this Node process: node js/bench.mjs PLAN [SCHEMAS] [RUNS]
// Prints the module's load time, then each run's wall and CPU milliseconds and the
// output's size; compare with the native binary on the same files (bench/ makes them:
// gen_plan --size-mb 10 --seed 1 --out plan.json --schemas-out schemas.json).
import { readFileSync } from "node:fs";
import { cpuUsage } from "node:process";

import { init, render } from "./planview.mjs";

const [plan, schemas, runsText] = process.argv.slice(2);
if (!plan) {
  console.error("usage: node js/bench.mjs PLAN [SCHEMAS] [RUNS]");
  process.exit(2);
}
const input = readFileSync(plan);
const options = { color: "never" };
if (schemas) options.schemas = readFileSync(schemas);
const runs = Number(runsText || 5);

let t = performance.now();
await init();
console.log(`load: ${(performance.now() - t).toFixed(1)} ms`);
const times = [];
for (let i = 0; i < runs; i++) {
  const c = cpuUsage();
  t = performance.now();
  const r = await render(input, options);
  const wall = performance.now() - t;
  const cpu = cpuUsage(c);
  if (r.status !== 0) {
    console.error(r.messages);
    process.exit(1);
  }
  times.push(wall);
  console.log(`run ${i + 1}: ${wall.toFixed(1)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms CPU, ` +
    `${Buffer.byteLength(r.output)} bytes out`);
}
times.sort((a, b) => a - b);
console.log(`min ${times[0].toFixed(1)} ms, median ${times[Math.floor(times.length / 2)].toFixed(1)} ms ` +
  `(${(input.length / 1e6).toFixed(1)} MB in)`);

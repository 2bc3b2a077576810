// Times render() in this Node process against the native binary, paired:
//   node js/bench.mjs PLAN [SCHEMAS] [RUNS] [NATIVE_PLANVIEW]
// Prints the module's load time, then per run the wasm render's wall and CPU milliseconds
// (the first run includes V8 compiling the hot code) and, with NATIVE_PLANVIEW, a run of
// the binary on the same files right after it (its wall and user+sys CPU, /usr/bin/time),
// checking both print the same bytes. Pin to one core for the comparison:
//   taskset -c 0 node js/bench.mjs plan.json schemas.json 10 bazel-bin/cmd/planview
// (bench/ makes the files: gen_plan --size-mb 10 --seed 1 --out plan.json --schemas-out schemas.json).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpuUsage } from "node:process";

import { init, render } from "./planview.mjs";

const [plan, schemas, runsText, native] = process.argv.slice(2);
if (!plan) {
  console.error("usage: node js/bench.mjs PLAN [SCHEMAS] [RUNS] [NATIVE_PLANVIEW]");
  process.exit(2);
}
const input = readFileSync(plan);
const options = { color: "never" };
if (schemas) options.schemas = readFileSync(schemas);
const runs = Number(runsText || 5);

let t = performance.now();
await init();
console.log(`load: ${(performance.now() - t).toFixed(1)} ms`);
// One run of the native binary: [wall ms, CPU ms, output].
function runNative() {
  const args = ["-f", "%e %U %S", native, plan, "--color", "never"];
  if (schemas) args.push("--schemas", schemas);
  const p = spawnSync("/usr/bin/time", args, { maxBuffer: 1 << 30 });
  const [wall, user, sys] = p.stderr.toString().trim().split("\n").pop().split(" ").map(Number);
  return [wall * 1000, (user + sys) * 1000, p.stdout];
}

const times = [];
const nativeTimes = [];
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
  let line = `run ${i + 1}: wasm ${wall.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`;
  if (native) {
    const [nWall, nCpu, out] = runNative();
    nativeTimes.push(nWall);
    if (Buffer.compare(out, Buffer.from(r.output)) !== 0) {
      console.error("the native binary's output differs");
      process.exit(1);
    }
    line += `; native ${nWall.toFixed(0)} ms wall, ${nCpu.toFixed(0)} ms CPU`;
  }
  console.log(`${line} (${Buffer.byteLength(r.output)} bytes out)`);
}
const summary = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0].toFixed(0)} ms, median ${s[Math.floor(s.length / 2)].toFixed(0)} ms`;
};
console.log(`wasm: ${summary(times)}; after the first: ${summary(times.slice(1))} (${(input.length / 1e6).toFixed(1)} MB in)`);
if (native) console.log(`native: ${summary(nativeTimes)}`);

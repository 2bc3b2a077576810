// What a one-shot program sees: fresh processes, alternated with runs of the native binary.
//   node js/fresh_bench.mjs PLAN SCHEMAS ROUNDS NATIVE_PLANVIEW [PACKAGE_DIR ...]
// Each round runs the binary once (its wall time, from start to exit), then per package
// (a directory as //js:npm lays it out; by default the one next to this script) a new
// `node` process that loads the module (init) and renders the plan three times. Prints the
// medians over the rounds: the binary's wall time; per package the load, the first render
// (in a fresh process: V8 compiles what it runs for the first time) and the later renders,
// each with its ratio to the binary's wall time. Pin to one core for the comparison:
//   taskset -c 0 node js/fresh_bench.mjs plan.json schemas.json 15 bazel-bin/cmd/planview
import { spawnSync } from "node:child_process";
import { openSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [plan, schemas, roundsText, native, ...given] = process.argv.slice(2);
if (!native) {
  console.error("usage: node js/fresh_bench.mjs PLAN SCHEMAS ROUNDS NATIVE_PLANVIEW [PACKAGE_DIR ...]");
  process.exit(2);
}
const packages = given.length > 0 ? given : [new URL(".", import.meta.url).pathname];
const rounds = Number(roundsText);

// One process: prints [load ms, render 1 ms, render 2 ms, render 3 ms] as JSON.
const child = (dir) => `
  import { readFileSync } from "node:fs";
  const plan = readFileSync(${JSON.stringify(resolve(plan))});
  const schemas = readFileSync(${JSON.stringify(resolve(schemas))});
  const { init, render } = await import(${JSON.stringify(pathToFileURL(resolve(dir, "planview.mjs")).href)});
  const times = [];
  let t = performance.now();
  await init();
  times.push(performance.now() - t);
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const r = await render(plan, { schemas, color: "never" });
    times.push(performance.now() - t);
    if (r.status !== 0) throw new Error(r.messages);
  }
  console.log(JSON.stringify(times));`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const devNull = openSync("/dev/null", "w");  // the binary's output is not read
const nativeWall = [];
const results = packages.map(() => []);
for (let round = 0; round < rounds; round++) {
  const t = performance.now();
  const n = spawnSync(native, [plan, "--schemas", schemas, "--color", "never"], { stdio: ["ignore", devNull, "inherit"] });
  nativeWall.push(performance.now() - t);
  if (n.status !== 0) throw new Error(`${native}: status ${n.status}`);
  packages.forEach((dir, i) => {
    const p = spawnSync(process.execPath, ["--input-type=module", "-e", child(dir)], { encoding: "utf-8" });
    if (p.status !== 0) throw new Error(p.stderr);
    results[i].push(JSON.parse(p.stdout));
  });
}
const base = median(nativeWall);
const ms = (x) => `${x.toFixed(0)} ms (${(x / base).toFixed(2)}x)`;
console.log(`native binary: ${base.toFixed(0)} ms wall (median of ${rounds})`);
packages.forEach((dir, i) => {
  const r = results[i];
  console.log(`${dir}: load ${ms(median(r.map((x) => x[0])))}; first render ${ms(median(r.map((x) => x[1])))}; ` +
    `load and first render ${ms(median(r.map((x) => x[0] + x[1])))}; ` +
    `later renders ${ms(median(r.flatMap((x) => x.slice(2))))}`);
});

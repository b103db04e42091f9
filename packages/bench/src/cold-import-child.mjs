// Child of the cold-import bench: a fresh node process that imports one module (or nothing, the
// baseline) and reports its own figures. Plain JavaScript so no loader is counted in its start-up.
const started = performance.now();
const specifier = process.argv[2];
if (specifier) await import(specifier);
const importMs = performance.now() - started;
const { heapUsed, rss } = process.memoryUsage();
process.stdout.write(
  JSON.stringify({
    importMs,
    sinceStartMs: performance.now(),
    heapUsed,
    rss,
    maxRssKb: process.resourceUsage().maxRSS,
  }),
);

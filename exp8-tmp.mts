import { standaloneThroughput } from './bench/sections/standalone';
for (const f of await standaloneThroughput(true)) console.log(f.section, f.name, f.ratio?.median.toFixed(3), f.value.median.toFixed(0), f.baseline?.value.median.toFixed(0));

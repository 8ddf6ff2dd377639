import { sdkOverhead } from './bench/sections/sdk-overhead';
for (const f of await sdkOverhead({ blocks: 3, perBlock: 50, warmup: 50 })) console.log(f.name, f.ratio?.median.toFixed(2), f.value.median.toFixed(3), f.baseline?.value.median.toFixed(3));

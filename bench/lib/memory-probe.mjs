/**
 * Loaded into a server process by the messaging benchmark (NODE_OPTIONS=--import): on SIGUSR2 it
 * collects garbage and writes process.memoryUsage() to BENCH_MEMORY_FILE, so the heap a number of
 * open streams keeps can be read from outside. Not part of the app.
 */
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const file = process.env.BENCH_MEMORY_FILE;

if (file) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    writeFileSync(file, JSON.stringify({ ...process.memoryUsage(), at: Date.now() }));
  });
}

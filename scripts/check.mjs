// `npm run check`: lint, the architecture's rules, formatting and types, side by side. Each is mostly one
// core's work; run one after another they took 1 min 50 s of CI, run together about two thirds of that.
// Each one's output is printed whole when it ends, under its name; any failure fails the check.
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'check:architecture', 'format:check', 'typecheck'];

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${script} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);

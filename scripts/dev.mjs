// `npm run dev`: the API with reload on 8080 and the Vite dev server (proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@shopdesk/api'], {
    stdio: 'inherit',
    env: { ...process.env, SEED: process.env.SEED ?? 'demo' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@shopdesk/admin'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) stop();
  });

// On a Node other than the project's (.nvmrc), stops `npm start` and `npm test` before they run, and
// `npm install` once it has installed, with one line: nothing runs half-supported.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
if (process.versions.node.split('.')[0] !== wanted) {
  console.error(
    `PlantRide needs Node ${wanted} (this is ${process.version}): run \`source scripts/use-node.sh\` (it brings Node ${wanted}) or \`nvm use\` (.nvmrc), then run the command again.`,
  );
  process.exit(1);
}

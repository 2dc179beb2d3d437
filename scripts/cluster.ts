// `npm run cluster`: the production topology on this machine (docs/DEPLOYMENT.md): nginx as the
// edge in front of three instances, one PostgreSQL (a schema of its own in the local server)
// and a throwaway Redis, all on loopback, in a temporary folder. Ctrl-C stops everything and
// removes the folder and the schema.
import { startCluster } from './cluster/cluster.js';
import { DEFAULT_DATABASE_URL, missingTools } from './cluster/tools.js';

const databaseUrl =
  process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const missing = await missingTools(databaseUrl);
if (missing.length > 0) {
  console.error(`The cluster needs:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  process.exit(1);
}

console.log('Starting the cluster (the first instance migrates and seeds; a minute or so)…');
const cluster = await startCluster({ databaseUrl, log: (line) => console.log(`  ${line}`) });
console.log(`\nThe site: ${cluster.edge}/   (instances log to ${cluster.dir}/instance-N.log)`);
console.log('Ctrl-C stops it and removes its folder and schema.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

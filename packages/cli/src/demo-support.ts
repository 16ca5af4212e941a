// What demo/story.mjs prints with: the command's own printers, built beside the package
// (dist/demo-support.js) but not exported by it, so they are no public API.
export { createOutput } from './cli/output.js';
export { printDiagnosis } from './commands/explain.js';
export { printResult } from './commands/send.js';
export { printSchedule } from './commands/schedule.js';
export { readGatewayConfig } from './config/gateway-config.js';

import type { Command } from './command.js';
export const sendCommand: Command = { name: 'send', summary: 'validate, sign and send a request', usage: '', run: async () => 2 };

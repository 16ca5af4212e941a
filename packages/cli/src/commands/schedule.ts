import type { Command } from './command.js';
export const scheduleCommand: Command = { name: 'schedule', summary: 'preview the charges of a recurring payment', usage: '', run: async () => 2 };

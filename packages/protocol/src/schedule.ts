// @paysign/protocol/schedule: the recurring payment's schedule, one engine for the preview (the
// client's users, the CLI) and the charges a gateway makes (the emulator).
export { previewSchedule, type PreviewScheduleOptions, type ScheduledCharge, type ScheduleInput } from './schedule/preview-schedule.js';
export { isPastMaxRepeats, isStopped, scheduledCharges, type PlannedCharge } from './schedule/schedule-engine.js';
export { readScheduleRules, type ScheduleRules } from './schedule/schedule-rules.js';

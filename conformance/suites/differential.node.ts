import type { Suite } from '../harness.js';
import type { OAuthCore } from './flavours.js';
export function differentialSuites(_core: OAuthCore): Suite[] { return []; }

import { Hono } from 'hono';
import { addConsoleRoutes } from '../console/console-routes.js';
import { createCsrfToken } from '../console/csrf.js';
import type { RequestLog } from '../console/request-log.js';
import type { EmulatorCore } from '../core/emulator-core.js';
import type { EmulatorSettings } from '../core/emulator-settings.js';
import { addAdminRoutes } from './admin-routes.js';

/**
 * The emulator's own pages and API, guarded by `adminApi`: the admin API (JSON), the console
 * (`GET /`, HTML) and the signature debugger (`GET /debugger`), the console's and the API's
 * actions both calling the core's {@link EmulatorCore.actions} (no HTTP call inside the process).
 *
 * @example
 * ```ts
 * const app = createAdminApp(core, settings, requests);
 * const response = await app.fetch(new Request('http://127.0.0.1/emulator/clock'));
 * ```
 */
export function createAdminApp(core: EmulatorCore, settings: EmulatorSettings, requests: RequestLog): Hono {
  const { adminApi: access, pathPrefix, maxBodyBytes, publicOrigin } = settings;
  const app = new Hono();
  addAdminRoutes(app, { access, pathPrefix, actions: core.actions, maxBodyBytes, publicOrigin });
  addConsoleRoutes(app, { ...core, access, publicOrigin, requests, csrf: createCsrfToken() });
  return app;
}

import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/account/account.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { locationAreaRoutes } from './modules/location-area/location-area.routes.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { createTokenSigner } from './platform/auth/tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/client.ts';
import { generatedSetting } from './platform/db/settings.ts';
import { createServer, type ServerOptions } from './platform/http/server.ts';
import { enqueueMail } from './platform/mail/outbox.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  onRouteRegistered?: ServerOptions['onRouteRegistered'];
}

/** Builds the HTTP app from its modules; each module gets only what it uses. */
export async function buildApp({ config, db, onRouteRegistered }: AppOptions): Promise<FastifyInstance> {
  const secret = config.sessionSecret ?? (await generatedSetting(db, 'session_secret'));
  const signer = createTokenSigner(secret, config.accessTokenSeconds);
  const cookies = {
    secure: config.isProduction,
    accessTokenSeconds: config.accessTokenSeconds,
    refreshTokenDays: config.refreshTokenDays,
  };

  const routes = [
    ...healthRoutes({ db }),
    ...accountRoutes({ db, signer, refreshTokenDays: config.refreshTokenDays, cookies, mail: enqueueMail }),
    ...registrationRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      cookies,
      mail: enqueueMail,
      publicUrl: config.publicUrl,
    }),
    ...recoveryRoutes({ db, mail: enqueueMail, publicUrl: config.publicUrl }),
    ...userRoutes({ db, mail: enqueueMail, publicUrl: config.publicUrl, cookies }),
    ...locationAreaRoutes({ db }),
    ...mailboxRoutes({ db }),
  ];

  return createServer({
    isProduction: config.isProduction,
    logLevel: config.logLevel,
    signer,
    routes,
    webDist: config.webDist,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    onRouteRegistered,
  });
}

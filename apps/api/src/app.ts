import type { FastifyInstance } from 'fastify';
import { loadSessionClaims } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { associationRoutes } from './modules/association/association.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { onInvoiceMoved } from './modules/billing/billing.service.ts';
import { challengeRoutes } from './modules/challenge/challenge.routes.ts';
import { challengeTemplateRoutes } from './modules/challenge-template/challenge-template.routes.ts';
import { employeeRoutes } from './modules/employee/employee.routes.ts';
import { employerRoutes } from './modules/employer/employer.routes.ts';
import {
  employerEmployeeExampleExcelRoute,
  employerEmployeeRoutes,
} from './modules/employer-employee/employer-employee.routes.ts';
import { employerSettingsRoutes } from './modules/employer-settings/employer-settings.routes.ts';
import { entryRoutes } from './modules/entry/entry.routes.ts';
import { fitnessProductRoutes } from './modules/fitness-product/fitness-product.routes.ts';
import { gymRoutes } from './modules/gym/gym.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { invoicePdfRoute, invoiceRoutes } from './modules/invoice/invoice.routes.ts';
import { locationRoutes } from './modules/location/location.routes.ts';
import { apiKeyOfLocation } from './modules/location/location-payment.service.ts';
import { locationAreaRoutes } from './modules/location-area/location-area.routes.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { memberImportExampleRoute, memberImportRoutes } from './modules/member/member-import.routes.ts';
import { paymentReturnRoute, paymentRoutes } from './modules/payment/payment.routes.ts';
import { createPayments, type Payments } from './modules/payment/payments.ts';
import { pictureBankRoutes } from './modules/picture-bank/picture-bank.routes.ts';
import { productOrderRoutes } from './modules/product-order/product-order.routes.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { rightsRoutes } from './modules/rights/rights.routes.ts';
import { signUpRoutes } from './modules/sign-up/sign-up.routes.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { supplierRoutes } from './modules/supplier/supplier.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { xpInvoicePdfRoute, xpRoutes } from './modules/xp/xp.routes.ts';
import { createTokenSigner } from './platform/auth/tokens.ts';
import type { Config } from './platform/config.ts';
import { createLinkSigner, type LinkSigner } from './platform/crypto/link-token.ts';
import { createSecretBox, parseSecretsKey } from './platform/crypto/secrets.ts';
import type { Database } from './platform/db/client.ts';
import { generatedSetting } from './platform/db/settings.ts';
import { cdnRoutes } from './platform/files/cdn.routes.ts';
import { createDiskFileStore } from './platform/files/file-store.ts';
import type { FilesDeps } from './platform/files/images.ts';
import type { RouteEntry } from './platform/http/route.ts';
import { createServer, type ServerOptions } from './platform/http/server.ts';
import { closeConnectionsWhileDraining, type Lifecycle } from './platform/lifecycle.ts';
import { enqueueMail } from './platform/mail/outbox.ts';

/** What runs beside the routes with the app's own machinery (the billing job). */
export interface AppServices {
  payments: Payments;
  links: LinkSigner;
}

export interface AppOptions {
  config: Config;
  db: Database;
  onRouteRegistered?: ServerOptions['onRouteRegistered'];
  /** Routes only a test registers (e.g. to drive the multipart plumbing before a module uses it). */
  extraRoutes?: RouteEntry[];
  /** Health answers 503 while the instance drains (main.ts's shutdown). */
  lifecycle?: Lifecycle;
  /** Where log lines go (tests read them); unset: stdout. */
  logStream?: ServerOptions['logStream'];
  /**
   * Hands out the app's payment machinery and mail link signer (tests start payments through them, as
   * domains do; the server's billing job runs with them).
   */
  onServices?: (services: AppServices) => void;
}

/** Builds the HTTP app from its modules; each module gets only what it uses. */
export async function buildApp({
  config,
  db,
  onRouteRegistered,
  extraRoutes = [],
  lifecycle,
  logStream,
  onServices,
}: AppOptions): Promise<FastifyInstance> {
  const secret = config.sessionSecret ?? (await generatedSetting(db, 'session_secret'));
  const signer = createTokenSigner(secret, config.accessTokenSeconds);
  const secrets = createSecretBox(
    parseSecretsKey(config.secretsKey ?? (await generatedSetting(db, 'secrets_key', 32))),
  );
  /** Uploaded files and images: `storeImage(files, upload, { field })`, served by `GET /cdn/{hash}`. */
  const files: FilesDeps = { db, store: createDiskFileStore(config.filesDir) };
  const cookies = {
    secure: config.isProduction,
    accessTokenSeconds: config.accessTokenSeconds,
    refreshTokenDays: config.refreshTokenDays,
  };

  const payments = createPayments({
    db,
    isProduction: config.isProduction,
    publicUrl: config.publicUrl,
    mollieApiKey: config.mollieApiKey,
    mollieApiEndpoint: config.mollieApiEndpoint,
    apiKeyOfLocation: (database, locationId) =>
      apiKeyOfLocation(database, secrets, locationId, config.isProduction),
  });
  const links = createLinkSigner(secret);
  const billing = { db, payments, links, publicUrl: config.publicUrl };
  const xp = {
    db,
    payments,
    publicUrl: config.publicUrl,
    purchase: { min: config.xpPurchaseMin, max: config.xpPurchaseMax },
    platform: config.platform,
  };
  onServices?.({ payments, links });
  // The app's logger, for what runs inside a request but is not its answer (the local provider's webhook call).
  let app: FastifyInstance | undefined;
  const log = { warn: (data: object, message: string) => app?.log.warn(data, message) };

  const routes = [
    ...healthRoutes({ db, lifecycle }),
    ...accountRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      loginSlowdownMs: config.loginSlowdownMs,
      cookies,
      mail: enqueueMail,
    }),
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
    ...locationRoutes({ db, secrets, isProduction: config.isProduction }),
    ...locationAreaRoutes({ db }),
    ...subscriptionRoutes({ db }),
    ...memberRoutes({ db }),
    ...memberImportRoutes({ db }),
    ...entryRoutes({ db }),
    ...gymRoutes({ db, files }),
    ...associationRoutes({ db, files }),
    ...employerSettingsRoutes({ db, files }),
    ...challengeTemplateRoutes({ db, files }),
    ...challengeRoutes({ db }),
    ...pictureBankRoutes({ db, files }),
    ...storeRoutes({ db, files }),
    ...fitnessProductRoutes({ db, files }),
    ...mailboxRoutes({ db }),
    ...paymentRoutes({ db, payments, log }),
    ...invoiceRoutes({
      db,
      payments,
      publicUrl: config.publicUrl,
      mail: enqueueMail,
      links,
      onInvoiceMoved: onInvoiceMoved(billing),
    }),
    ...billingRoutes(billing),
    ...signUpRoutes(billing),
    ...xpRoutes(xp),
    ...productOrderRoutes({ db, payments, publicUrl: config.publicUrl, mail: enqueueMail }),
    ...rightsRoutes({ db }),
    ...employeeRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      mail: enqueueMail,
      publicUrl: config.publicUrl,
    }),
    ...employerRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      mail: enqueueMail,
      publicUrl: config.publicUrl,
    }),
    ...employerEmployeeRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      mail: enqueueMail,
      publicUrl: config.publicUrl,
    }),
    ...supplierRoutes({
      db,
      signer,
      refreshTokenDays: config.refreshTokenDays,
      mail: enqueueMail,
      publicUrl: config.publicUrl,
    }),
    ...extraRoutes,
  ];

  app = await createServer({
    isProduction: config.isProduction,
    logLevel: config.logLevel,
    signer,
    loadSession: (sessionId) => loadSessionClaims(db, sessionId),
    routes,
    platformRoutes: [
      cdnRoutes(files),
      employerEmployeeExampleExcelRoute(),
      memberImportExampleRoute({ db }),
      invoicePdfRoute({ db }),
      xpInvoicePdfRoute(xp),
      paymentReturnRoute({ db, publicUrl: config.publicUrl }),
    ],
    webDist: config.webDist,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
    onRouteRegistered,
    logStream,
  });
  if (lifecycle) closeConnectionsWhileDraining(app, lifecycle);
  return app;
}

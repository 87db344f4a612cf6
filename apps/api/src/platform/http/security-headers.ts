import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * What the SPA and the API docs need, nothing more: scripts only from this origin (no inline script, no eval);
 * inline styles, since Mantine injects `<style>` elements and `style` attributes; images from this origin
 * (`/cdn`), `data:` icons and `blob:` previews of files being uploaded; calls to this origin only. No one
 * may frame the app (clickjacking), forms post here only, and no plugins or foreign `<base>`.
 */
export function contentSecurityPolicy(isProduction: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Behind TLS only: on http://localhost it would send the app's own requests to https.
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** `/api` and everything under it, in any case (routing is case-insensitive). */
const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/i.test(url);

/** Headers of a bare answer that are not helmet's. */
const NOT_HELMETS = new Set(['content-length', 'content-type', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with these options, read once from an answer of a throwaway instance:
 * they are the same on every answer (no CSP nonces), and helmet builds them again on every request (its
 * middlewares stringify the whole policy each time: about 4% of the API's CPU on a cheap list).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !NOT_HELMETS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Security headers on every answer (the SPA, the API, the docs, images and errors alike), and
 * `Cache-Control: no-store` on every API answer: they carry personal data, which no browser or proxy cache
 * may keep. The image endpoint and the hashed SPA assets set their own long caching.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { isProduction }: { isProduction: boolean },
) {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(isProduction) },
    // Origin is still sent with same-origin requests (the CSRF check reads it); `no-referrer` would make a
    // same-origin POST send `Origin: null`.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // HTTPS is the proxy's job in production; on a development machine it would pin localhost to https.
    strictTransportSecurity: isProduction ? { maxAge: YEAR_SECONDS, includeSubDomains: true } : false,
  });
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  // First of all hooks, as helmet's were: an answer that an earlier hook ends (an error) has them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SITE_NAME } from '@site/contract';

/** OpenAPI generated from the same zod schemas that validate requests, at /docs/openapi.json. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${SITE_NAME} API`,
        description:
          'Site calls (/ajax/*.do, session cookie) and gateway calls (/gw/*.json). Every JSON reply is the envelope {"status":{"code","message"},"data":{…}}; status.code "0" is success.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

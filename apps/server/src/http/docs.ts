import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SITE_NAME, type Access } from '@site/contract';
import { shapeDocument } from './openapi-document.js';

/**
 * OpenAPI generated from the same zod schemas that validate requests, at /docs/openapi.json, with
 * what the routes' schemas do not say added by openapi-document.ts (servers, security, operation
 * ids, error replies).
 */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  const csrfGets = new Set<string>();
  const access = new Map<string, Access>();
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${SITE_NAME} API`,
        description:
          'Site calls (/ajax/*.do, session cookie) and gateway calls (/gw/*.json). Every JSON reply is the envelope {"status":{"code","message"},"data":{…}}; status.code "0" is success.',
        version: '1',
      },
    },
    transform: (input) => {
      const config = input.route.config as { csrf?: boolean; access?: Access } | undefined;
      if (config?.csrf) csrfGets.add(`GET ${input.url}`);
      const methods = [input.route.method].flat();
      if (config?.access) for (const m of methods) access.set(`${m} ${input.url}`, config.access);
      return jsonSchemaTransform(input);
    },
    transformObject: (documentObject) =>
      shapeDocument('openapiObject' in documentObject ? documentObject.openapiObject : {}, {
        publicUrl: new URL(publicUrl).origin,
        csrfGets,
        access,
      }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

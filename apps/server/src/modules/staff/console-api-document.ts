import { z } from 'zod';
import type { ConsoleCallDescription } from '@site/contract/console';

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

/**
 * The console's calls as an OpenAPI document (issue 22: they are staff's, so the customers' /docs
 * does not list them): built from the same descriptions that register the routes, with each
 * call's staff roles (`x-staff-roles`), served to signed-in staff only.
 */
export function consoleApiDocument(calls: readonly ConsoleCallDescription[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = call.path.replace(/:(\w+)/g, '{$1}');
    const inQuery = call.method === 'GET' || call.method === 'DELETE';
    const parameters = [
      ...namedFields(call.params).map((name) => ({ name, in: 'path', required: true })),
      ...(inQuery ? namedFields(call.input).map((name) => ({ name, in: 'query' })) : []),
    ];
    paths[path] = {
      ...paths[path],
      [call.method.toLowerCase()]: {
        summary: call.summary,
        tags: [...call.tags],
        'x-staff-roles': call.access.staff,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(call.input && !inQuery
          ? {
              requestBody: {
                content: { 'application/json': { schema: jsonSchema(call.input) } },
              },
            }
          : {}),
        responses: {
          200: {
            description: 'The envelope, status.code "0"',
            content: { 'application/json': { schema: jsonSchema(call.reply) } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: '營運後台 API', version: '1' },
    paths,
  };
}

function namedFields(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

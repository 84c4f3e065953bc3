import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Reading the API description (GET /api/docs/json) as a client does: its operations, and whether
 * an answer is one the document declares (status, media type, body against the JSON Schema, with
 * Ajv's 2020-12 validator, the dialect of OpenAPI 3.1).
 */

export type JsonSchema = Record<string, unknown>;

export interface MediaType {
  schema?: JsonSchema;
}
export interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
}
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
export interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

export interface DocumentedOperation {
  method: string;
  /** OpenAPI form: `/api/products/{id}`. */
  path: string;
  operation: Operation;
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  const list: DocumentedOperation[] = [];
  for (const [documentedPath, item] of Object.entries(document.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (operation) list.push({ method: method.toUpperCase(), path: documentedPath, operation });
    }
  }
  return list;
}

/** `/api/products/:id` → `/api/products/{id}` (Fastify's form to OpenAPI's). */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export const isPublic = (operation: Operation) => Array.isArray(operation.security) && operation.security.length === 0;

/** The schema with every `#/components/schemas/…` reference replaced by what it names (none is recursive). */
export function inlineRefs(schema: unknown, document: OpenApiDocument): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, document));
  if (!schema || typeof schema !== 'object') return schema;
  const object = schema as JsonSchema;
  if (typeof object.$ref === 'string') {
    const name = object.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved reference ${object.$ref}`);
    const { $ref: _ref, ...siblings } = object;
    return inlineRefs({ ...target, ...siblings }, document);
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, inlineRefs(value, document)]));
}

/** The declared response for a status: the exact code, else its range (`4XX`), else `default`. */
export function responseFor(operation: Operation, status: number): ResponseObject | undefined {
  const responses = operation.responses;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

/** Checks answers against the document; each problem is one line of text. */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    // OpenAPI's own format for file parts of a multipart body (request bodies only, never checked here).
    this.ajv.addFormat('binary', true);
  }

  problems(documented: DocumentedOperation, answer: Answer): string[] {
    const response = responseFor(documented.operation, answer.status);
    if (!response) return [`status ${answer.status} is not declared`];
    const content = response.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      return answer.body.length === 0
        ? []
        : [`status ${answer.status} declares no body, got ${answer.body.length} bytes`];
    }
    const given = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const mediaType = mediaTypes.find((name) => name === given);
    if (!mediaType) return [`content-type ${given || '(none)'} is not one of ${mediaTypes.join(', ')}`];
    if (mediaType !== 'application/json') return [];
    let value: unknown;
    try {
      value = JSON.parse(answer.body);
    } catch {
      return ['the body is not JSON'];
    }
    const schema = content[mediaType]?.schema;
    if (!schema) return [];
    const key = `${documented.method} ${documented.path} ${answer.status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(inlineRefs(schema, this.document) as JsonSchema);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `body${error.instancePath} ${error.message ?? 'is invalid'}`);
  }
}

/** The repository's root (tests and scripts find their files from it). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * shared/api.md, the API's specification: kept beside the repository (a checkout's parent
 * folders are searched, as CI lays a copy of shared/ beside the clone). Throws, naming where it
 * looked, when there is none: a test that needs it must not pass without it.
 */
export function readApiSpecification(): string {
  const looked: string[] = [];
  for (let folder = repositoryRoot; ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'shared', 'api.md');
    looked.push(candidate);
    if (fs.existsSync(candidate)) return fs.readFileSync(candidate, 'utf8');
    if (path.dirname(folder) === folder) break;
  }
  throw new Error(`shared/api.md not found (looked at ${looked.join(', ')})`);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { maxImageBytes, maxImagesPerUpload } from '@shopdesk/contract';
import { afterAll, describe, expect, it } from 'vitest';
// yaml (eemeli/yaml): a maintained YAML parser that reads Compose's `<<` merge keys too.
import { parse } from 'yaml';
import {
  hasNginx,
  removeNginxFiles,
  renderSite,
  siteTemplatePath,
  testNginxConfig,
  writeNginxConfig,
} from '../scripts/cluster/nginx';

/**
 * deploy/: what can be checked without Docker (this machine has none). compose.yaml is parsed,
 * not run; nginx.conf is rendered as `npm run cluster` renders it and handed to `nginx -t`.
 */
const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../deploy');
const read = (file: string) => fs.readFileSync(path.join(deployDir, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  deploy?: { resources?: { limits?: { memory?: string } } };
}

describe('deploy/compose.yaml', () => {
  // `<<: *shopdesk` merges, as Compose does.
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it('runs PostgreSQL, an S3 store, two Shopdesk instances and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['nginx', 'postgres', 's3', 's3-init', 'shopdesk-1', 'shopdesk-2']);
  });

  it('gives both instances the same image, database, object store and token key', () => {
    const [one, two] = [services['shopdesk-1'], services['shopdesk-2']];
    expect(one?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(two?.build).toEqual(one?.build);
    expect(two?.environment).toEqual(one?.environment);
    const env = one?.environment ?? {};
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/shopdesk:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/shopdesk$/);
    expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(env).toMatchObject({ S3_BUCKET: 'shopdesk', S3_ENDPOINT: 'http://s3:8333', S3_FORCE_PATH_STYLE: 'true' });
    expect(env.AWS_ACCESS_KEY_ID).toBeTruthy();
    expect(env.AWS_SECRET_ACCESS_KEY).toBeTruthy();
  });

  it('gives each instance a memory limit of 1 GiB, which Node sizes its heap from (docs/operations.md, "Memory")', () => {
    for (const name of ['shopdesk-1', 'shopdesk-2']) {
      expect(services[name]?.deploy?.resources?.limits?.memory).toBe('1g');
    }
  });

  it('starts the instances on a healthy database and bucket, and nginx on healthy instances', () => {
    for (const name of ['shopdesk-1', 'shopdesk-2']) {
      expect(services[name]?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        's3-init': { condition: 'service_completed_successfully' },
      });
    }
    expect(services.nginx?.depends_on).toEqual({
      'shopdesk-1': { condition: 'service_healthy' },
      'shopdesk-2': { condition: 'service_healthy' },
    });
    expect(services.nginx?.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => /^[A-Z]+\s/.test(line));

  it('builds in one stage and runs in another, on Node 24, as a non-root user', () => {
    expect(instructions).toContain('ARG NODE_IMAGE=node:24-bookworm-slim');
    // FROM <the NODE_IMAGE argument> AS <stage>, twice.
    const stages = instructions.filter((line) => line.startsWith('FROM ')).map((line) => line.split(/\s+/));
    expect(stages.map(([, image, as, name]) => [image?.includes('NODE_IMAGE'), as, name])).toEqual([
      [true, 'AS', 'build'],
      [true, 'AS', 'runtime'],
    ]);
    const runtime = instructions.slice(instructions.findIndex((line) => line.endsWith(' AS runtime')));
    expect(runtime.some((line) => line.includes('npm ci --omit=dev --workspace @shopdesk/api'))).toBe(true);
    expect(runtime).toContain('USER node');
    expect(runtime.at(-1)).toBe('CMD ["node", "apps/api/dist/server.js"]');
  });

  it('checks its health on /api/health', () => {
    const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toContain('/api/health');
  });
});

describe('deploy/nginx.conf', () => {
  const template = fs.readFileSync(siteTemplatePath, 'utf8');
  const site = { listen: '127.0.0.1:8088', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'], accessLog: '/tmp/a.log' };
  const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-nginx-'));
  afterAll(() => fs.rmSync(temporary, { recursive: true, force: true }));

  it('lets through the largest upload the app accepts, so the app answers its own 413', () => {
    const megabytes = Number(/client_max_body_size (\d+)m;/.exec(template)?.[1]);
    expect(megabytes * 1024 * 1024).toBeGreaterThan(maxImageBytes * maxImagesPerUpload);
  });

  it('renders for the cluster with its addresses and no Docker-only lines', () => {
    const rendered = renderSite(template, site);
    expect(rendered).toContain('server 127.0.0.1:4001 max_fails=1 fail_timeout=10s;');
    expect(rendered).toContain('server 127.0.0.1:4002 max_fails=1 fail_timeout=10s;');
    expect(rendered).not.toContain('shopdesk-1:8080');
    expect(rendered).not.toContain('resolver 127.0.0.11');
    expect(rendered).toContain('listen 127.0.0.1:8088;');
    expect(rendered).toContain('access_log /tmp/a.log shopdesk_json;');
  });

  it('refuses a template that lost a cluster marker', () => {
    const withoutListen = template.replace('listen 80;  # cluster: listen', 'listen 80;');
    expect(() => renderSite(withoutListen, site)).toThrow('# cluster: listen');
  });

  it.skipIf(!hasNginx())('is accepted by nginx (nginx -t)', () => {
    const files = writeNginxConfig(temporary, { listen: '127.0.0.1:8088', upstreams: site.upstreams });
    try {
      expect(() => testNginxConfig(files)).not.toThrow();
    } finally {
      removeNginxFiles(files);
    }
  });
});

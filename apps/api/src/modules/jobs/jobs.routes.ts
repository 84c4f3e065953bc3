import { idParamSchema, jobListSchema, jobSchema } from '@shopdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { callerOf } from '../../plugins/auth';
import * as jobs from './jobs.service';

/** `/api/jobs` (api.md §13): a job's state, progress and result; the caller's recent jobs. */
export async function jobsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: { response: { 200: jobListSchema } } }, (request) => jobs.listJobs(ctx, callerOf(request)));
  app.get('/:id', { schema: { params: idParamSchema, response: { 200: jobSchema } } }, (request) =>
    jobs.getJob(ctx, callerOf(request), request.params.id),
  );
}

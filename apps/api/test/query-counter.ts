import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

/** Counts the queries sent through it (`db.withPlugin(counter)`), and fails the next one when asked. */
export class QueryCounter implements KyselyPlugin {
  queries = 0;
  failNext = false;

  transformQuery(args: PluginTransformQueryArgs) {
    this.queries += 1;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('the database is away');
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

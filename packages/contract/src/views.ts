import { z } from 'zod';
import { requiredText, tooLong } from './common';

/** Saved views (api.md §16): a named set of a list screen's URL parameters, own or shared. */
export const viewsPath = '/api/views';
export const viewScreens = ['products', 'orders'] as const;
export type ViewScreen = (typeof viewScreens)[number];

export const viewMessages = {
  name: 'Please enter a name for the view',
  screen: `screen must be one of: ${viewScreens.join(', ')}`,
  query: 'query must be an object of text values (at most 30)',
  shared: 'shared must be true or false',
  notFound: 'View not found',
  nameTaken: (name: string) => `A view named "${name}" already exists`,
  deleted: 'View deleted',
} as const;

export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  screen: z.enum(viewScreens),
  query: z.record(z.string(), z.string()),
  shared: z.boolean(),
  ownerId: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const savedViewListSchema = z.array(savedViewSchema);

const queryValues = z
  .record(
    z.string().min(1, viewMessages.query).max(50, viewMessages.query),
    z.string({ error: viewMessages.query }).max(500, tooLong(500)),
    {
      error: viewMessages.query,
    },
  )
  .refine((query) => Object.keys(query).length <= 30, viewMessages.query);

export const savedViewBodySchema = z.object({
  name: requiredText(viewMessages.name, 100),
  screen: z.enum(viewScreens, { error: viewMessages.screen }),
  query: queryValues,
  shared: z.boolean({ error: viewMessages.shared }).default(false),
});
export type SavedViewBody = z.input<typeof savedViewBodySchema>;

/** A change of a view: any of its name, query and sharing (its screen stays). */
export const savedViewChangeSchema = z.object({
  name: requiredText(viewMessages.name, 100).optional(),
  query: queryValues.optional(),
  shared: z.boolean({ error: viewMessages.shared }).optional(),
});

export const viewsQuerySchema = z.object({ screen: z.enum(viewScreens, { error: viewMessages.screen }).optional() });

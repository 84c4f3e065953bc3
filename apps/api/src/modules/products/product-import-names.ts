import { type OptionFamily, optionFamilyNames } from '@shopdesk/contract';
import type { Db } from '../../db/create-db';
import { newId } from '../../lib/ids';
import { nameKeyOf } from '../categories/categories.repository';
import { valueKeyOf } from '../option-values/option-values.repository';
import * as repo from './product-import.repository';

interface Named {
  id: string;
  name: string;
}

/** What one batch adds: written in the batch's own transaction, known to later batches once it commits. */
export class NamePlan {
  readonly categories: Array<{ id: string; name: string; parentId: string | null }> = [];
  readonly options: Array<{ id: string; family: OptionFamily; value: string }> = [];
  readonly #categoryKeys = new Map<string, Named>();
  readonly #optionKeys = new Set<string>();

  category(parentId: string | null, name: string): Named | undefined {
    return this.#categoryKeys.get(`${parentId ?? ''}\u0000${nameKeyOf(name)}`);
  }

  addCategory(parentId: string | null, name: string): Named {
    const made = { id: newId(), name: name.trim(), parentId };
    this.categories.push(made);
    this.#categoryKeys.set(`${parentId ?? ''}\u0000${nameKeyOf(name)}`, made);
    return made;
  }

  hasOption(family: OptionFamily, value: string): boolean {
    return this.#optionKeys.has(`${family}\u0000${valueKeyOf(value)}`);
  }

  addOption(family: OptionFamily, value: string): void {
    this.#optionKeys.add(`${family}\u0000${valueKeyOf(value)}`);
    this.options.push({ id: newId(), family, value });
  }
}

/**
 * Categories, sub categories and option values by name (api.md §13): read once per job run
 * (a catalogue has hundreds, not millions), then kept in step with what the import adds.
 */
export class NameLookups {
  readonly #categories = new Map<string, Named>();
  readonly #options = new Set<string>();

  static async load(db: Db): Promise<NameLookups> {
    const lookups = new NameLookups();
    for (const row of await repo.allCategories(db)) lookups.#addCategory(row.parent_id, row);
    for (const row of await repo.allOptionValues(db)) lookups.#options.add(`${row.family}\u0000${row.value_key}`);
    return lookups;
  }

  #addCategory(parentId: string | null, named: Named) {
    this.#categories.set(`${parentId ?? ''}\u0000${nameKeyOf(named.name)}`, { id: named.id, name: named.name });
  }

  /** A root category (parentId null) or a sub category of parentId, by name, whatever its case. */
  category(parentId: string | null, name: string, plan: NamePlan): Named | undefined {
    return this.#categories.get(`${parentId ?? ''}\u0000${nameKeyOf(name)}`) ?? plan.category(parentId, name);
  }

  /** Plans the option values this row names that do not exist yet. */
  planOptions(values: Record<OptionFamily, readonly string[]>, plan: NamePlan): void {
    for (const family of optionFamilyNames) {
      for (const value of values[family]) {
        if (this.#options.has(`${family}\u0000${valueKeyOf(value)}`) || plan.hasOption(family, value)) continue;
        plan.addOption(family, value);
      }
    }
  }

  /** The plan's names exist now (its batch committed). */
  commit(plan: NamePlan): void {
    for (const made of plan.categories) this.#addCategory(made.parentId, made);
    for (const made of plan.options) this.#options.add(`${made.family}\u0000${valueKeyOf(made.value)}`);
  }
}

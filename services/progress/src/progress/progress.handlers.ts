import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  PREMIUM_REQUIRED_MESSAGE,
  PROGRESS_RULES,
  objectIdSchema,
  idOrSlugSchema,
  progressActionBodySchema,
  progressListQuerySchema,
  progressUpdateBodySchema,
  recentProgressQuerySchema,
  type Identity,
  type ProductSummary,
  type ProgressWithProduct,
  type ProgressUpdate,
} from '@catalyst/contracts';
import { badRequest, forbidden, notFound, ok, parseBody, parseQuery, parseWith, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import type { Catalog } from '../catalog/catalog.client';
import type { Database } from '../db/schema';
import type { ProgressRow } from '../db/tables/progress';
import type { Entitlements } from '../entitlement/entitlement';
import * as repo from './progress.repository';
import { createSaveBatcher } from './saveBatcher';

export interface ProgressHandlerDeps {
  db: Kysely<Database>;
  catalog: Catalog;
  entitlements: Entitlements;
}

type Ctx = Context<AppEnv>;

const productParamSchema = z.object({ id: objectIdSchema });
const categoryParamSchema = z.object({ id: idOrSlugSchema });

/** The percentage at or above which a write completes the product (spec section 4). */
const completesAt = (progress: number) => progress >= PROGRESS_RULES.completedAt;

export function createProgressHandlers({ db, catalog, entitlements }: ProgressHandlerDeps) {
  const saves = createSaveBatcher(db);

  /**
   * A product the caller may watch: a free one (priced 0) for every signed-in caller, any other for
   * subscribers and admins only (asked before a 404, so a refusal says nothing of what exists); published unless admin.
   */
  async function watchableProduct(c: Ctx, identity: Identity, productId: string): Promise<ProductSummary> {
    const requestId = c.get('requestId');
    const product = await catalog.getProduct(productId, requestId);
    if (!(await entitlements.mayOpen(identity, product, requestId))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
    if (!product || (!product.isPublished && identity.role !== 'admin')) throw notFound('Product not found');
    return product;
  }

  /** Rows joined with what content says of their products; rows of products gone (or hidden) are left out. */
  async function withProducts(c: Ctx, identity: Identity, rows: ProgressRow[]): Promise<ProgressWithProduct[]> {
    if (rows.length === 0) return [];
    const products = await catalog.lookup(rows.map((r) => r.product_id), c.get('requestId'));
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      if (!product || (!product.isPublished && identity.role !== 'admin')) return [];
      return [{ ...repo.toProgress(row), product }];
    });
  }

  async function save(c: Ctx, body: ProgressUpdate) {
    const identity = requireIdentity(c);
    const { id } = parseWith(productParamSchema, c.req.param());
    await watchableProduct(c, identity, id);
    const result = await saves.save(identity.id, id, {
      progress: body.progress,
      lastPosition: body.lastPosition,
      completed: body.completed || completesAt(body.progress),
      clientTime: body.clientTime ?? null,
    });
    return ok(c, result, result.applied ? 'Progress saved' : 'A newer save is already stored; this one was ignored');
  }

  return {
    async getForProduct(c: Ctx) {
      const identity = requireIdentity(c);
      const { id } = parseWith(productParamSchema, c.req.param());
      await watchableProduct(c, identity, id);
      const row = await repo.findProgress(db, identity.id, id);
      return ok(c, row ? repo.toProgress(row) : repo.emptyProgress(id));
    },

    async update(c: Ctx) {
      requireIdentity(c);
      parseWith(productParamSchema, c.req.param());
      return save(c, await parseBody(c, progressUpdateBodySchema));
    },

    /** The unload save: multipart (or urlencoded) form with `data` (JSON) and `_method=PATCH`. */
    async updateFromForm(c: Ctx) {
      requireIdentity(c);
      parseWith(productParamSchema, c.req.param());
      const type = c.req.header('content-type') ?? '';
      if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) {
        throw badRequest('Send the unload save as a form with fields data and _method=PATCH', [
          { field: 'body', message: 'Expected multipart/form-data or application/x-www-form-urlencoded' },
        ]);
      }
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody({ all: true });
      } catch {
        throw badRequest('Malformed form body');
      }
      const method = form._method;
      if (typeof method !== 'string' || method.toUpperCase() !== 'PATCH') {
        throw badRequest('Field _method must be PATCH', [{ field: '_method', message: 'Field _method must be PATCH' }]);
      }
      const raw = form.data instanceof File ? await form.data.text() : form.data;
      if (typeof raw !== 'string') throw badRequest('Field data is required', [{ field: 'data', message: 'Field data is required' }]);
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        throw badRequest('Field data must be JSON', [{ field: 'data', message: 'Field data must be JSON' }]);
      }
      return save(c, parseWith(progressUpdateBodySchema, data));
    },

    async complete(c: Ctx) {
      const identity = requireIdentity(c);
      const { id } = parseWith(productParamSchema, c.req.param());
      const { clientTime } = await parseBody(c, progressActionBodySchema);
      await watchableProduct(c, identity, id);
      return ok(c, await repo.completeProgress(db, identity.id, id, clientTime ?? null), 'Marked as complete');
    },

    async reset(c: Ctx) {
      const identity = requireIdentity(c);
      const { id } = parseWith(productParamSchema, c.req.param());
      const { clientTime } = await parseBody(c, progressActionBodySchema);
      await watchableProduct(c, identity, id);
      return ok(c, await repo.resetProgress(db, identity.id, id, clientTime ?? null), 'Progress reset');
    },

    async list(c: Ctx) {
      const identity = requireIdentity(c);
      const { status, page, limit } = parseQuery(c, progressListQuerySchema);
      const { rows, total } = await repo.listProgress(db, identity.id, { status, limit, offset: (page - 1) * limit });
      return ok(c, { items: await withProducts(c, identity, rows), total, page, limit });
    },

    async recent(c: Ctx) {
      const identity = requireIdentity(c);
      const { limit, status } = parseQuery(c, recentProgressQuerySchema);
      const { rows } = await repo.listProgress(db, identity.id, { status, limit, offset: 0 });
      return ok(c, await withProducts(c, identity, rows));
    },

    async stats(c: Ctx) {
      const identity = requireIdentity(c);
      const rows = await repo.startedProgress(db, identity.id);
      const products = await catalog.lookup(rows.map((r) => r.product_id), c.get('requestId'));
      const completed = rows.filter((r) => r.completed).length;
      const minutes = rows.reduce((sum, r) => sum + ((products.get(r.product_id)?.duration ?? 0) * r.progress) / 100, 0);
      return ok(c, {
        started: rows.length,
        completed,
        inProgress: rows.length - completed,
        minutesWatched: Math.round(minutes),
        completionRate: rows.length === 0 ? 0 : Math.round((completed / rows.length) * 100),
      });
    },

    async forCategory(c: Ctx) {
      const identity = requireIdentity(c);
      const { id } = parseWith(categoryParamSchema, c.req.param());
      if (!(await entitlements.isEntitled(identity, c.get('requestId')))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
      const products = await catalog.categoryProducts(id, c.get('requestId'));
      if (!products) throw notFound('Category not found');
      const rows = new Map((await repo.progressForProducts(db, identity.id, products.map((p) => p._id))).map((r) => [r.product_id, r]));
      const items = products.map((product) => {
        const row = rows.get(product._id);
        return { ...(row ? repo.toProgress(row) : repo.emptyProgress(product._id)), product };
      });
      const started = items.filter((i) => i.completed || i.progress > 0 || i.lastPosition > 0).length;
      const percent = items.length === 0 ? 0 : Math.round(items.reduce((sum, i) => sum + i.progress, 0) / items.length);
      return ok(c, { category: id, items, total: items.length, started, completed: items.filter((i) => i.completed).length, percent });
    },
  };
}


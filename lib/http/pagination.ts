// Paging of lists: v1's ?page&perPage with its envelope, and the legacy routes' ?page&pageSize.
import { z } from "zod";

export const pageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function pageWindow({ page, perPage }: PageQuery): { skip: number; take: number } {
  return { skip: (page - 1) * perPage, take: perPage };
}

/** One page of a v1 list as its envelope carries it: the page's data and {page, perPage, total}. */
export function paginated<T>(data: T, total: number, { page, perPage }: PageQuery): { data: T; pagination: Pagination } {
  return { data, pagination: { page, perPage, total } };
}

/** The legacy and dashboard routes' paging: ?page&pageSize (SPEC's inbound rules, deliveries, messages). */
export const pageSizeQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type PageSizeQuery = z.infer<typeof pageSizeQuerySchema>;
